package web

import (
	"context"
	_ "embed"
	"encoding/json"
	"fmt"
	"net/url"
	"strings"
	"time"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"

	"github.com/kin-companion/kin/agent/tools"
)

//go:embed extract_links.md
var extractLinksDescription string

var extractLinksSchema = json.RawMessage(`{"type":"object","properties":{
 "url":{"type":"string","description":"The http or https address of the page"},
 "limit":{"type":"integer","minimum":1,"maximum":500,"default":100,"description":"At most this many links"}},
 "required":["url"]}`)

const maxLinkText = 200 // characters of one link's text

// link is one link on a page.
type link struct {
	URL  string
	Text string
}

// extractLinks returns the extract_links tool.
func extractLinks(f *fetcher) *tools.Tool {
	return &tools.Tool{Name: "extract_links", Description: extractLinksDescription, Schema: extractLinksSchema,
		Meta: tools.Meta{Risk: tools.Low, ReadOnly: true, ConcurrencySafe: true,
			Cacheable: true, CacheTTL: time.Minute, CacheScope: tools.ScopePageFetch, TimeoutFloor: overallTimeout},
		Assess: assessURL("list the links of"),
		Run: func(ctx context.Context, args json.RawMessage) (string, error) {
			a, err := tools.Decode[struct {
				URL   string `json:"url"`
				Limit int    `json:"limit"`
			}]("extract_links", args, extractLinksSchema)
			if err != nil {
				return "", err
			}
			if a.Limit <= 0 {
				a.Limit = 100
			}
			p, err := f.loadHTML(ctx, "extract_links", a.URL)
			if err != nil {
				return "", err
			}
			return formatLinks(p, collectLinks(p.Doc, p.Base(), p.URL), min(a.Limit, 500)), nil
		}}
}

// collectLinks returns the page's links in order, resolved against base,
// once each (fragments ignored), skipping javascript: and links to the
// page itself.
func collectLinks(doc *html.Node, base, self *url.URL) []link {
	var out []link
	seen := map[string]int{}
	selfKey := linkKey(self)
	var walk func(*html.Node)
	walk = func(n *html.Node) {
		if n.Type == html.ElementNode && (n.DataAtom == atom.A || n.DataAtom == atom.Area) {
			if l, ok := resolveLink(n, base); ok && linkKey(l.u) != selfKey {
				key := linkKey(l.u)
				if i, dup := seen[key]; !dup {
					seen[key] = len(out)
					out = append(out, link{URL: l.u.String(), Text: l.text})
				} else if out[i].Text == "" {
					out[i].Text = l.text
				}
			}
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	walk(doc)
	return out
}

type resolved struct {
	u    *url.URL
	text string
}

// resolveLink reads an <a> or <area>: its absolute URL and its text (or,
// without text, its aria-label, title, or an image's alt).
func resolveLink(n *html.Node, base *url.URL) (resolved, bool) {
	href := strings.TrimSpace(attr(n, "href"))
	if href == "" {
		return resolved{}, false
	}
	u, err := base.Parse(href)
	if err != nil || u.Scheme == "javascript" || u.Scheme == "data" {
		return resolved{}, false
	}
	text := textOf(n)
	for _, alt := range []string{attr(n, "aria-label"), attr(n, "title"), attr(n, "alt"), imgAlt(n)} {
		if text != "" {
			break
		}
		text = strings.Join(strings.Fields(alt), " ")
	}
	return resolved{u: u, text: clip(text, maxLinkText)}, true
}

func imgAlt(n *html.Node) string {
	if img := find(n, atom.Img); img != nil {
		return attr(img, "alt")
	}
	return ""
}

// linkKey is a URL without its fragment, for spotting duplicates.
func linkKey(u *url.URL) string {
	c := *u
	c.Fragment, c.RawFragment = "", ""
	return c.String()
}

// formatLinks lists links as Markdown, at most limit of them.
func formatLinks(p *page, links []link, limit int) string {
	var b strings.Builder
	fmt.Fprintf(&b, "Links on %s (%d):\n\n", p.URL.Redacted(), len(links))
	for i, l := range links {
		if i == limit {
			fmt.Fprintf(&b, "\n[%d more links left out; showing the first %d]\n", len(links)-limit, limit)
			break
		}
		text := strings.NewReplacer("[", "(", "]", ")").Replace(l.Text)
		if text == "" {
			text = "(no text)"
		}
		fmt.Fprintf(&b, "- [%s](%s)\n", text, l.URL)
	}
	if len(links) == 0 {
		b.WriteString("The page has no links.\n")
	}
	return capText(b.String(), maxChars, false, p.Truncated)
}
