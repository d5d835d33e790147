package web

import (
	"context"
	_ "embed"
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"strings"
	"time"

	"github.com/kin-companion/kin/agent/tools"
)

//go:embed web_search.md
var webSearchDescription string

var webSearchSchema = json.RawMessage(`{"type":"object","properties":{
 "query":{"type":"string","description":"What to search for"},
 "count":{"type":"integer","minimum":1,"maximum":20,"default":8,"description":"How many results"}},
 "required":["query"]}`)

// ErrSearchNotSetUp is the error of web_search when no search service is
// configured.
var ErrSearchNotSetUp = errors.New("web search is not set up: set KIN_SEARXNG_URL to a SearXNG instance or BRAVE_SEARCH_API_KEY")

const maxSnippet = 300 // characters of one result's snippet

// searchResult is one hit.
type searchResult struct {
	Title, URL, Snippet string
}

// backend is one search service.
type backend struct {
	name   string
	search func(ctx context.Context, query string, count int) ([]searchResult, error)
}

// webSearch returns the web_search tool.
func webSearch(s *services) *tools.Tool {
	return &tools.Tool{Name: "web_search", Description: webSearchDescription, Schema: webSearchSchema,
		Meta: tools.Meta{Risk: tools.Low, ReadOnly: true, ConcurrencySafe: true,
			Cacheable: true, CacheTTL: 2 * time.Minute, CacheScope: tools.ScopeWebSearch, TimeoutFloor: overallTimeout},
		Assess: func(args json.RawMessage) tools.Assessment {
			var a struct{ Query string }
			_ = json.Unmarshal(args, &a)
			return tools.Assessment{Risk: tools.Low, Scope: "web search",
				Summary: fmt.Sprintf("search the web for %q", strings.TrimSpace(a.Query))}
		},
		Run: func(ctx context.Context, args json.RawMessage) (string, error) {
			a, err := tools.Decode[struct {
				Query string `json:"query"`
				Count int    `json:"count"`
			}]("web_search", args, webSearchSchema)
			if err != nil {
				return "", err
			}
			q := strings.TrimSpace(a.Query)
			if q == "" {
				return "", fmt.Errorf("web_search: query is missing; say what to search for")
			}
			if a.Count <= 0 {
				a.Count = 8
			}
			return s.search(ctx, q, min(a.Count, 20))
		}}
}

// backends lists the configured services, SearXNG first.
func (s *services) backends() []backend {
	var out []backend
	if s.cfg.SearxURL != "" {
		out = append(out, backend{"SearXNG", s.searx})
	}
	if s.cfg.BraveKey != "" {
		out = append(out, backend{"Brave Search", s.brave})
	}
	return out
}

// search asks each configured backend in turn until one answers.
func (s *services) search(ctx context.Context, q string, count int) (string, error) {
	bs := s.backends()
	if len(bs) == 0 {
		return "", fmt.Errorf("web_search: %w", ErrSearchNotSetUp)
	}
	var errs []string
	for _, b := range bs {
		rs, err := b.search(ctx, q, count)
		if err == nil {
			return formatResults(q, b.name, dedupe(rs, count)), nil
		}
		if ctx.Err() != nil {
			return "", fmt.Errorf("web_search: %s: %w", b.name, err)
		}
		errs = append(errs, fmt.Sprintf("%s: %v", b.name, err))
	}
	return "", fmt.Errorf("web_search: %s", s.redact(strings.Join(errs, "; ")))
}

// redact hides the Brave key, should a service ever echo it.
func (s *services) redact(msg string) string {
	if s.cfg.BraveKey == "" {
		return msg
	}
	return strings.ReplaceAll(msg, s.cfg.BraveKey, "[key hidden]")
}

// dedupe drops results whose URL was seen already, keeping at most count.
func dedupe(rs []searchResult, count int) []searchResult {
	seen := map[string]bool{}
	var out []searchResult
	for _, r := range rs {
		k := normalURL(r.URL)
		if r.URL == "" || seen[k] {
			continue
		}
		seen[k] = true
		out = append(out, r)
		if len(out) == count {
			break
		}
	}
	return out
}

// normalURL is a URL as compared for duplicates: scheme and host lower
// case, no fragment, no trailing slash, http and https alike.
func normalURL(raw string) string {
	u, err := url.Parse(strings.TrimSpace(raw))
	if err != nil {
		return raw
	}
	u.Scheme = "https"
	u.Host = strings.TrimPrefix(strings.ToLower(u.Host), "www.")
	u.Fragment, u.RawFragment = "", ""
	u.Path = strings.TrimRight(u.Path, "/")
	u.RawPath = ""
	return u.String()
}

// formatResults lists the hits for the model.
func formatResults(q, from string, rs []searchResult) string {
	if len(rs) == 0 {
		return fmt.Sprintf("No results for %q (%s). Try other words.", q, from)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "Results for %q (%s):\n", q, from)
	for i, r := range rs {
		fmt.Fprintf(&b, "\n%d. %s\n   %s\n", i+1, oneLine(r.Title, 200), r.URL)
		if sn := oneLine(r.Snippet, maxSnippet); sn != "" {
			fmt.Fprintf(&b, "   %s\n", sn)
		}
	}
	return capText(b.String(), maxChars, false, false)
}

// oneLine collapses white space and clips s to n characters.
func oneLine(s string, n int) string {
	return clip(strings.Join(strings.Fields(s), " "), n)
}
