package web_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/kin-companion/kin/agent/tools/web"
)

// searxng fakes a SearXNG instance's JSON API.
func searxng(t *testing.T) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/search" || r.URL.Query().Get("format") != "json" {
			http.Error(w, "not found", http.StatusNotFound)
			return
		}
		q := r.URL.Query().Get("q")
		w.Header().Set("Content-Type", "application/json")
		fmt.Fprintf(w, `{"query":%q,"number_of_results":0,"results":[
 {"url":"https://go.dev/doc/","title":"Documentation - The Go Programming Language","content":"The Go   programming language\nis an open source project.","engine":"duckduckgo","engines":["duckduckgo"],"score":4.0,"category":"general"},
 {"url":"https://go.dev/doc","title":"Go docs (duplicate)","content":"dup","engine":"bing","score":1.0},
 {"url":"https://WWW.go.dev/doc/#top","title":"Go docs (another duplicate)","content":"dup","engine":"bing","score":1.0},
 {"url":"https://pkg.go.dev/","title":"Go Packages","content":"Search Go packages.","engine":"google","score":2.0},
 {"url":"https://gobyexample.com/","title":"Go by Example","content":"Hands-on introduction.","engine":"google","score":1.5}
],"answers":[],"corrections":[],"infoboxes":[],"suggestions":["golang"],"unresponsive_engines":[]}`, q)
	}
}

// brave fakes the Brave Search API, checking the key.
func brave(key string) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get("X-Subscription-Token") != key {
			w.WriteHeader(http.StatusUnauthorized)
			fmt.Fprintf(w, `{"type":"ErrorResponse","error":{"code":"SUBSCRIPTION_TOKEN_INVALID","detail":"token %s invalid","status":401}}`, r.Header.Get("X-Subscription-Token"))
			return
		}
		w.Header().Set("Content-Type", "application/json")
		n := r.URL.Query().Get("count")
		fmt.Fprintf(w, `{"type":"search","query":{"original":%q},"web":{"type":"search","results":[
 {"title":"Kin &amp; friends","url":"https://kin.example/","description":"A <strong>desktop</strong> companion (count %s).","type":"search_result"},
 {"title":"Kin again","url":"https://kin.example","description":"duplicate","type":"search_result"},
 {"title":"Other","url":"https://other.example/page","description":"Something else.","type":"search_result"}
]}}`, r.URL.Query().Get("q"), n)
	}
}

func TestSearXNG(t *testing.T) {
	srv, _ := server(t, searxng(t))
	// No AllowLoopback: the configured service is reachable on loopback,
	// while fetching that same address is still refused.
	cfg := web.Config{SearxURL: srv.URL + "/"}
	out := mustRun(t, toolNamed(t, cfg, "web_search"), map[string]any{"query": "golang docs", "count": 3})
	for _, want := range []string{`Results for "golang docs" (SearXNG)`,
		"1. Documentation - The Go Programming Language\n   https://go.dev/doc/\n   The Go programming language is an open source project.",
		"2. Go Packages", "3. Go by Example"} {
		if !strings.Contains(out, want) {
			t.Errorf("missing %q in\n%s", want, out)
		}
	}
	if strings.Contains(out, "duplicate") || strings.Contains(out, "4.") {
		t.Errorf("duplicates or too many results:\n%s", out)
	}
	if _, err := run(t, toolNamed(t, cfg, "web_fetch"), map[string]string{"url": srv.URL + "/search?format=json&q=x"}); !errors.Is(err, web.ErrLocalAddress) {
		t.Errorf("web_fetch reached the search service's address: %v", err)
	}
}

func TestSearXNGWithoutJSON(t *testing.T) {
	srv, _ := server(t, http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		http.Error(w, "Forbidden", http.StatusForbidden)
	}))
	_, err := run(t, toolNamed(t, web.Config{SearxURL: srv.URL}, "web_search"), map[string]string{"query": "x"})
	if err == nil || !strings.Contains(err.Error(), "search.formats") {
		t.Errorf("403: %v", err)
	}
}

func TestBrave(t *testing.T) {
	const key = "BSA-test-key-123"
	srv, _ := server(t, brave(key))
	out := mustRun(t, toolNamed(t, web.Config{BraveKey: key, BraveURL: srv.URL + "/res/v1/web/search"}, "web_search"),
		map[string]string{"query": "kin companion"})
	for _, want := range []string{"(Brave Search)", "1. Kin & friends\n   https://kin.example/\n   A desktop companion (count 8).", "2. Other"} {
		if !strings.Contains(out, want) {
			t.Errorf("missing %q in\n%s", want, out)
		}
	}
	if strings.Contains(out, "Kin again") {
		t.Errorf("duplicate kept:\n%s", out)
	}
	_, err := run(t, toolNamed(t, web.Config{BraveKey: "wrong-key-456", BraveURL: srv.URL}, "web_search"), map[string]string{"query": "x"})
	if err == nil || !strings.Contains(err.Error(), "key was refused") || strings.Contains(err.Error(), "wrong-key-456") {
		t.Errorf("bad key: %v", err)
	}
}

// TestSearchFailover: when SearXNG fails, Brave answers; when both fail,
// both reasons are given and the key is not.
func TestSearchFailover(t *testing.T) {
	const key = "BSA-secret-789"
	broken, _ := server(t, http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		http.Error(w, "upstream engines failed", http.StatusBadGateway)
	}))
	good, _ := server(t, brave(key))
	out := mustRun(t, toolNamed(t, web.Config{SearxURL: broken.URL, BraveKey: key, BraveURL: good.URL}, "web_search"),
		map[string]string{"query": "x"})
	if !strings.Contains(out, "(Brave Search)") {
		t.Errorf("no failover: %s", out)
	}
	echoKey, _ := server(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Error(w, "rate limited for "+r.Header.Get("X-Subscription-Token"), http.StatusTooManyRequests)
	}))
	_, err := run(t, toolNamed(t, web.Config{SearxURL: broken.URL, BraveKey: key, BraveURL: echoKey.URL}, "web_search"),
		map[string]string{"query": "x"})
	if err == nil || !strings.Contains(err.Error(), "SearXNG: the service answered 502") ||
		!strings.Contains(err.Error(), "Brave Search: the service answered 429") || strings.Contains(err.Error(), key) {
		t.Errorf("both failing: %v", err)
	}
}

func TestSearchNotSetUp(t *testing.T) {
	_, err := run(t, toolNamed(t, web.Config{}, "web_search"), map[string]string{"query": "x"})
	if !errors.Is(err, web.ErrSearchNotSetUp) ||
		!strings.Contains(err.Error(), "web search is not set up: set KIN_SEARXNG_URL to a SearXNG instance or BRAVE_SEARCH_API_KEY") {
		t.Errorf("no backend: %v", err)
	}
}

func TestSearchArguments(t *testing.T) {
	srv, conns := server(t, searxng(t))
	tl := toolNamed(t, web.Config{SearxURL: srv.URL}, "web_search")
	tests := []struct{ args, shows string }{
		{`{}`, "query is missing"},
		{`{"query":"   "}`, "query is missing"},
		{`{"query":5}`, "query"},
		{`{"query":"x","count":"three"}`, "count"},
		{`not json`, "bad arguments"},
	}
	for _, tt := range tests {
		_, err := run(t, tl, json.RawMessage(tt.args))
		if err == nil || !strings.Contains(err.Error(), tt.shows) {
			t.Errorf("%s: %v, want %q", tt.args, err, tt.shows)
		}
	}
	if n := conns.Load(); n != 0 {
		t.Errorf("bad calls reached the service %d times", n)
	}
}
