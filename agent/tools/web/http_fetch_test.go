package web_test

import (
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/kin-companion/kin/agent/tools"
	"github.com/kin-companion/kin/agent/tools/web"
)

// echo answers with what it was sent.
func echo(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("X-Ratelimit-Remaining", "41")
	w.Header().Set("X-Secret-Internal", "hidden")
	w.WriteHeader(http.StatusCreated)
	_ = json.NewEncoder(w).Encode(map[string]string{
		"method": r.Method, "body": string(body), "token": r.Header.Get("X-Token"),
		"type": r.Header.Get("Content-Type"), "agent": r.UserAgent(),
	})
}

func TestHTTPFetch(t *testing.T) {
	srv, _ := server(t, http.HandlerFunc(echo))
	tl := toolNamed(t, loopback, "http_fetch")
	out := mustRun(t, tl, map[string]any{"url": srv.URL, "method": "post",
		"headers": map[string]string{"X-Token": "abc"}, "body": `{"hello":"kin"}`})
	for _, want := range []string{"HTTP 201 Created", "Content-Type: application/json", "X-Ratelimit-Remaining: 41",
		`"method":"POST"`, `"body":"{\"hello\":\"kin\"}"`, `"token":"abc"`, `"type":"application/json"`, `"agent":"kin/`} {
		if !strings.Contains(out, want) {
			t.Errorf("missing %q in\n%s", want, out)
		}
	}
	if strings.Contains(out, "X-Secret-Internal") {
		t.Error("unselected header shown")
	}
	head := mustRun(t, tl, map[string]any{"url": srv.URL, "method": "HEAD"})
	if !strings.Contains(head, "HTTP 201") || !strings.Contains(head, "(no body)") {
		t.Errorf("HEAD: %s", head)
	}
}

// TestHTTPFetchShowsErrorsAndBinary: an API's error status is an answer
// to show, not a failure; binary bodies are described, not dumped.
func TestHTTPFetchShowsErrorsAndBinary(t *testing.T) {
	mux := http.NewServeMux()
	mux.HandleFunc("/missing", func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusNotFound)
		_, _ = w.Write([]byte(`{"error":"no such user"}`))
	})
	mux.HandleFunc("/logo", page("image/png", []byte("\x89PNG\r\n\x1a\nbinary")))
	srv, _ := server(t, mux)
	tl := toolNamed(t, loopback, "http_fetch")
	if out := mustRun(t, tl, map[string]string{"url": srv.URL + "/missing"}); !strings.Contains(out, "HTTP 404 Not Found") || !strings.Contains(out, "no such user") {
		t.Errorf("404: %s", out)
	}
	if out := mustRun(t, tl, map[string]string{"url": srv.URL + "/logo"}); !strings.Contains(out, "binary body: 14 bytes of image/png") {
		t.Errorf("binary: %s", out)
	}
}

func TestHTTPFetchArguments(t *testing.T) {
	srv, conns := server(t, http.HandlerFunc(echo))
	tl := toolNamed(t, loopback, "http_fetch")
	tests := []struct {
		args  string
		shows string
	}{
		{`{}`, "url is missing"},
		{`{"url":42}`, "url"},
		{`{"url":"` + srv.URL + `","method":"BREW"}`, "method must be one of"},
		{`{"url":"` + srv.URL + `","headers":{"Host":"evil.example"}}`, `header "Host"`},
		{`{"url":"` + srv.URL + `","headers":["X-A: b"]}`, "headers"},
		{`{"url":"` + srv.URL + `","body":"x"}`, "cannot have a body"},
		{`{"url":"` + srv.URL + `","method":"POST","body":"` + strings.Repeat("x", 1<<20+1) + `"}`, "at most"},
		{`{"url":"http://10.0.0.1/","method":"DELETE"}`, "local network (10.0.0.1)"},
	}
	for _, tt := range tests {
		_, err := run(t, tl, json.RawMessage(tt.args))
		if err == nil || !strings.Contains(err.Error(), tt.shows) {
			t.Errorf("%.80s: %v, want %q", tt.args, err, tt.shows)
		}
	}
	if n := conns.Load(); n != 0 {
		t.Errorf("bad calls reached the server %d times", n)
	}
}

func TestHTTPFetchAssess(t *testing.T) {
	tl := toolNamed(t, web.Config{}, "http_fetch")
	tests := []struct {
		args    string
		risk    tools.Risk
		summary string
	}{
		{`{"url":"https://api.example.com/v1/items"}`, tools.Medium, "GET https://api.example.com/v1/items"},
		{`{"url":"https://api.example.com/v1/items","method":"head"}`, tools.Medium, "HEAD https://api.example.com/v1/items"},
		{`{"url":"https://api.example.com/v1/items","method":"POST","body":"{}"}`, tools.High, "POST https://api.example.com/v1/items (sending 2 bytes)"},
		{`{"url":"https://api.example.com/v1/items/3","method":"DELETE"}`, tools.High, "DELETE https://api.example.com/v1/items/3"},
		{`{"url":"https://API.example.com:8443/x","method":"PUT"}`, tools.High, "PUT https://API.example.com:8443/x"},
	}
	for _, tt := range tests {
		a := tl.Grade(json.RawMessage(tt.args))
		if a.Risk != tt.risk || a.Summary != tt.summary || !strings.HasPrefix(a.Scope, "api.example.com") {
			t.Errorf("%s: %+v", tt.args, a)
		}
	}
	if tl.Meta.ReadOnly || tl.Meta.Risk != tools.Medium || tl.Meta.Cacheable {
		t.Errorf("http_fetch meta: %+v", tl.Meta)
	}
}
