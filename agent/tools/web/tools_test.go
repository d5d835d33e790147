package web_test

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/kin-companion/kin/agent/tools"
	"github.com/kin-companion/kin/agent/tools/web"
)

// TestFamily pins the names, argument names and metadata other parts of
// kin rely on.
func TestFamily(t *testing.T) {
	want := []struct {
		name     string
		arg      string // a property the schema must have
		risk     tools.Risk
		readOnly bool
		ttl      time.Duration // 0: not cacheable
	}{
		{"web_fetch", "url", tools.Low, true, time.Minute},
		{"read_page", "url", tools.Low, true, time.Minute},
		{"page_metadata", "url", tools.Low, true, time.Minute},
		{"extract_links", "url", tools.Low, true, time.Minute},
		{"http_fetch", "url", tools.Medium, false, 0},
		{"web_search", "query", tools.Low, true, 2 * time.Minute},
		{"get_location", "", tools.Low, true, 0},
		{"get_weather", "city", tools.Low, true, 10 * time.Minute},
	}
	got := web.Tools(web.Config{})
	if len(got) != len(want) {
		t.Fatalf("%d tools, want %d", len(got), len(want))
	}
	for i, w := range want {
		tl := got[i]
		if tl.Name != w.name {
			t.Fatalf("tool %d is %s, want %s", i, tl.Name, w.name)
		}
		var schema struct {
			Type       string                     `json:"type"`
			Properties map[string]json.RawMessage `json:"properties"`
		}
		if err := json.Unmarshal(tl.Schema, &schema); err != nil || schema.Type != "object" {
			t.Errorf("%s: schema %s: %v", w.name, tl.Schema, err)
		}
		if _, ok := schema.Properties[w.arg]; w.arg != "" && !ok {
			t.Errorf("%s: schema lacks %q", w.name, w.arg)
		}
		if len(strings.TrimSpace(tl.Description)) < 80 || tl.Assess == nil || tl.Run == nil {
			t.Errorf("%s: description, Assess or Run missing", w.name)
		}
		m := tl.Meta
		if m.Risk != w.risk || m.ReadOnly != w.readOnly || m.Cacheable != (w.ttl > 0) || m.CacheTTL != w.ttl {
			t.Errorf("%s: meta %+v", w.name, m)
		}
		if m.ReadOnly && !m.ConcurrencySafe {
			t.Errorf("%s: read-only but not concurrency-safe", w.name)
		}
	}
}

func TestAssessPages(t *testing.T) {
	args := json.RawMessage(`{"url":"https://Example.com:8080/page?x=1"}`)
	for name, verb := range map[string]string{"web_fetch": "fetch", "read_page": "read",
		"page_metadata": "read the metadata of", "extract_links": "list the links of"} {
		a := toolNamed(t, web.Config{}, name).Grade(args)
		if a.Risk != tools.Low || a.Scope != "example.com:8080" || a.Summary != verb+" https://Example.com:8080/page?x=1" {
			t.Errorf("%s: %+v", name, a)
		}
	}
	if a := toolNamed(t, web.Config{}, "web_search").Grade(json.RawMessage(`{"query":"tea"}`)); a.Summary != `search the web for "tea"` {
		t.Errorf("web_search: %+v", a)
	}
	if a := toolNamed(t, web.Config{}, "get_weather").Grade(json.RawMessage(`{"city":"Oslo"}`)); a.Summary != "look up the weather for Oslo" {
		t.Errorf("get_weather: %+v", a)
	}
}

// TestURLArguments: missing, mistyped and unfetchable URLs are explained
// before anything is sent.
func TestURLArguments(t *testing.T) {
	tests := []struct{ args, shows string }{
		{`{}`, "url is missing"},
		{`{"url":""}`, "url is missing"},
		{`{"url":17}`, ".url of type string"},
		{`{"url":["https://a.example"]}`, "url"},
		{`{"url":"example.com/page"}`, "not a full web address"},
		{`{"url":"file:///etc/passwd"}`, "only fetches http and https"},
		{`{"url":"ftp://example.com/a"}`, "only fetches http and https"},
		{`{"url":"javascript:alert(1)"}`, "only fetches http and https"},
		{`{"url":"HTTP://"}`, "not a full web address"},
		{`{"url":"http://[::1"}`, "not a full web address"},
	}
	for _, name := range []string{"web_fetch", "read_page", "page_metadata", "extract_links", "http_fetch"} {
		tl := toolNamed(t, web.Config{}, name)
		for _, tt := range tests {
			_, err := run(t, tl, json.RawMessage(tt.args))
			if err == nil || !strings.Contains(err.Error(), tt.shows) || !strings.HasPrefix(err.Error(), name+":") {
				t.Errorf("%s %s: %v, want %q", name, tt.args, err, tt.shows)
			}
		}
	}
}
