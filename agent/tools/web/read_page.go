package web

import (
	"context"
	_ "embed"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	readability "codeberg.org/readeck/go-readability/v2"

	"github.com/kin-companion/kin/agent/tools"
)

//go:embed read_page.md
var readPageDescription string

var readPageSchema = urlSchema("The http or https address of the page to read")

// maxElements bounds the pages readability scores; larger ones are shown
// whole, without boilerplate, instead.
const maxElements = 60000

// readPage returns the read_page tool.
func readPage(f *fetcher) *tools.Tool {
	return &tools.Tool{Name: "read_page", Description: readPageDescription, Schema: readPageSchema,
		Meta: tools.Meta{Risk: tools.Low, ReadOnly: true, ConcurrencySafe: true,
			Cacheable: true, CacheTTL: time.Minute, CacheScope: tools.ScopePageFetch, TimeoutFloor: overallTimeout},
		Assess: assessURL("read"),
		Run: func(ctx context.Context, args json.RawMessage) (string, error) {
			a, err := tools.Decode[urlArgs]("read_page", args, readPageSchema)
			if err != nil {
				return "", err
			}
			p, err := f.load(ctx, "read_page", a.URL)
			if err != nil {
				return "", err
			}
			if p.Doc == nil {
				return renderPage(p)
			}
			return readable(p)
		}}
}

// readable extracts the page's main content as Markdown under a header of
// title, byline, site and date. Without a recognisable article it falls
// back to the whole page.
func readable(p *page) (string, error) {
	title := p.Title()
	parser := readability.NewParser()
	parser.MaxElemsToParse = maxElements
	art, err := parser.ParseAndMutate(p.Doc, p.Base())
	if err != nil || art.Node == nil || !hasText(art.Node) {
		return renderPage(p)
	}
	pruned := prune(art.Node, pruneBudget)
	md, err := toMarkdown(art.Node, p.Base().String())
	if err != nil {
		return "", fmt.Errorf("read_page: %s: %w", p.URL.Redacted(), err)
	}
	if art.Title() != "" {
		title = art.Title()
	}
	var b strings.Builder
	if title != "" {
		fmt.Fprintf(&b, "# %s\n\n", title)
	}
	if line := byline(art); line != "" {
		b.WriteString(line + "\n")
	}
	fmt.Fprintf(&b, "URL: %s\n\n%s", p.URL.Redacted(), md)
	return capText(b.String(), maxChars, pruned, p.Truncated), nil
}

// byline joins the article's author, site and date, those it has.
func byline(art readability.Article) string {
	var parts []string
	if s := strings.TrimSpace(art.Byline()); s != "" {
		parts = append(parts, "By "+s)
	}
	if s := strings.TrimSpace(art.SiteName()); s != "" {
		parts = append(parts, s)
	}
	if t, err := art.PublishedTime(); err == nil {
		parts = append(parts, "published "+t.Format("2 January 2006"))
	}
	return strings.Join(parts, " · ")
}
