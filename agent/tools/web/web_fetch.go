package web

import (
	"context"
	_ "embed"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"

	"github.com/kin-companion/kin/agent/tools"
)

//go:embed web_fetch.md
var webFetchDescription string

var webFetchSchema = urlSchema("The http or https address to fetch")

// webFetch returns the web_fetch tool.
func webFetch(f *fetcher) *tools.Tool {
	return &tools.Tool{Name: "web_fetch", Description: webFetchDescription, Schema: webFetchSchema,
		Meta: tools.Meta{Risk: tools.Low, ReadOnly: true, ConcurrencySafe: true,
			Cacheable: true, CacheTTL: time.Minute, CacheScope: tools.ScopePageFetch, TimeoutFloor: overallTimeout},
		Assess: assessURL("fetch"),
		Run: func(ctx context.Context, args json.RawMessage) (string, error) {
			a, err := tools.Decode[urlArgs]("web_fetch", args, webFetchSchema)
			if err != nil {
				return "", err
			}
			p, err := f.load(ctx, "web_fetch", a.URL)
			if err != nil {
				return "", err
			}
			return renderPage(p)
		}}
}

// renderPage is the web_fetch view of a page: a short header, then the page
// as Markdown (HTML) or as it is (other text).
func renderPage(p *page) (string, error) {
	var b strings.Builder
	fmt.Fprintf(&b, "URL: %s\n", p.URL.Redacted())
	body, pruned := p.Text, false
	if p.Doc != nil {
		if t := p.Title(); t != "" {
			fmt.Fprintf(&b, "Title: %s\n", t)
		}
		stripBoilerplate(p.Doc)
		root := bodyOf(p.Doc)
		pruned = prune(root, pruneBudget)
		md, err := toMarkdown(root, p.Base().String())
		if err != nil {
			return "", fmt.Errorf("web_fetch: %s: %w", p.URL.Redacted(), err)
		}
		body = md
	} else {
		fmt.Fprintf(&b, "Content-Type: %s\n", p.MediaType)
	}
	b.WriteString("\n")
	b.WriteString(body)
	return capText(b.String(), maxChars, pruned, p.Truncated), nil
}

// bodyOf returns the page's <body>, or the whole document without one.
func bodyOf(doc *html.Node) *html.Node {
	if b := find(doc, atom.Body); b != nil {
		return b
	}
	return doc
}
