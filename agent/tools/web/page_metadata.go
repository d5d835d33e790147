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

//go:embed page_metadata.md
var pageMetadataDescription string

var pageMetadataSchema = urlSchema("The http or https address of the page")

const (
	maxJSONLD      = 5    // JSON-LD blocks returned
	maxJSONLDChars = 4000 // characters of one block, as compact JSON
	maxMetaValue   = 1000 // characters of one meta tag's value
)

// metadata is what page_metadata returns.
type metadata struct {
	URL         string            `json:"url"`
	Title       string            `json:"title,omitempty"`
	Description string            `json:"description,omitempty"`
	Lang        string            `json:"lang,omitempty"`
	Canonical   string            `json:"canonical,omitempty"`
	OpenGraph   map[string]string `json:"open_graph,omitempty"`
	Twitter     map[string]string `json:"twitter,omitempty"`
	JSONLD      []json.RawMessage `json:"json_ld,omitempty"`
	Notes       []string          `json:"notes,omitempty"`
}

// pageMetadata returns the page_metadata tool.
func pageMetadata(f *fetcher) *tools.Tool {
	return &tools.Tool{Name: "page_metadata", Description: pageMetadataDescription, Schema: pageMetadataSchema,
		Meta: tools.Meta{Risk: tools.Low, ReadOnly: true, ConcurrencySafe: true,
			Cacheable: true, CacheTTL: time.Minute, CacheScope: tools.ScopePageFetch, TimeoutFloor: overallTimeout},
		Assess: assessURL("read the metadata of"),
		Run: func(ctx context.Context, args json.RawMessage) (string, error) {
			a, err := tools.Decode[urlArgs]("page_metadata", args, pageMetadataSchema)
			if err != nil {
				return "", err
			}
			p, err := f.loadHTML(ctx, "page_metadata", a.URL)
			if err != nil {
				return "", err
			}
			out, err := json.MarshalIndent(collectMetadata(p), "", "  ")
			if err != nil {
				return "", fmt.Errorf("page_metadata: %s: %w", p.URL.Redacted(), err)
			}
			return string(out), nil
		}}
}

// collectMetadata reads the page's <html lang>, <title>, <meta>, <link
// rel=canonical> and JSON-LD scripts.
func collectMetadata(p *page) metadata {
	m := metadata{URL: p.URL.Redacted(), Title: p.Title(),
		OpenGraph: map[string]string{}, Twitter: map[string]string{}}
	if h := find(p.Doc, atom.Html); h != nil {
		m.Lang = attr(h, "lang")
	}
	var walk func(*html.Node)
	walk = func(n *html.Node) {
		if n.Type == html.ElementNode {
			switch n.DataAtom {
			case atom.Meta:
				m.addMeta(n)
			case atom.Link:
				if hasToken(attr(n, "rel"), "canonical") && m.Canonical == "" {
					if u, err := p.Base().Parse(strings.TrimSpace(attr(n, "href"))); err == nil {
						m.Canonical = u.String()
					}
				}
			case atom.Script:
				if strings.EqualFold(strings.TrimSpace(attr(n, "type")), "application/ld+json") {
					m.addJSONLD(textContent(n))
				}
				return
			}
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	walk(p.Doc)
	if p.Truncated {
		m.Notes = append(m.Notes, fmt.Sprintf("the page is larger than %d MB; only its beginning was read", maxDownload>>20))
	}
	return m
}

// addMeta records a description, og:* or twitter:* meta tag.
func (m *metadata) addMeta(n *html.Node) {
	key := strings.ToLower(strings.TrimSpace(attr(n, "property")))
	if key == "" {
		key = strings.ToLower(strings.TrimSpace(attr(n, "name")))
	}
	val := clip(strings.Join(strings.Fields(attr(n, "content")), " "), maxMetaValue)
	if val == "" {
		return
	}
	switch {
	case key == "description" && m.Description == "":
		m.Description = val
	case strings.HasPrefix(key, "og:") && m.OpenGraph[key[3:]] == "":
		m.OpenGraph[key[3:]] = val
	case strings.HasPrefix(key, "twitter:") && m.Twitter[key[8:]] == "":
		m.Twitter[key[8:]] = val
	}
}

// addJSONLD parses one JSON-LD block; a block that is not JSON is noted.
func (m *metadata) addJSONLD(src string) {
	if len(m.JSONLD) >= maxJSONLD {
		if len(m.Notes) == 0 || !strings.HasPrefix(m.Notes[len(m.Notes)-1], "more JSON-LD") {
			m.Notes = append(m.Notes, fmt.Sprintf("more JSON-LD blocks left out; showing the first %d", maxJSONLD))
		}
		return
	}
	var v any
	if err := json.Unmarshal([]byte(strings.TrimSpace(src)), &v); err != nil {
		m.Notes = append(m.Notes, "a JSON-LD block is not valid JSON and was left out")
		return
	}
	b, _ := json.Marshal(v)
	if len(b) > maxJSONLDChars {
		s, _ := json.Marshal(clip(string(b), maxJSONLDChars))
		m.Notes = append(m.Notes, fmt.Sprintf("JSON-LD block %d is long; it is shown cut, as a string", len(m.JSONLD)+1))
		b = s
	}
	m.JSONLD = append(m.JSONLD, b)
}

// textContent returns the raw text inside n (a script's source).
func textContent(n *html.Node) string {
	var b strings.Builder
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if c.Type == html.TextNode {
			b.WriteString(c.Data)
		}
	}
	return b.String()
}

// hasToken reports whether the space-separated list has tok.
func hasToken(list, tok string) bool {
	for _, f := range strings.Fields(strings.ToLower(list)) {
		if f == tok {
			return true
		}
	}
	return false
}

// clip cuts s to n characters with an ellipsis.
func clip(s string, n int) string {
	if off := runeOffset(s, n); off < len(s) {
		return s[:off] + "…"
	}
	return s
}
