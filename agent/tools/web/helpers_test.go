package web_test

import (
	"context"
	"encoding/json"
	"net"
	"net/http"
	"net/http/httptest"
	"sync/atomic"
	"testing"
	"time"

	"github.com/kin-companion/kin/agent/tools"
	"github.com/kin-companion/kin/agent/tools/web"
)

// toolNamed returns the named tool of the family built from cfg.
func toolNamed(t testing.TB, cfg web.Config, name string) *tools.Tool {
	t.Helper()
	for _, tl := range web.Tools(cfg) {
		if tl.Name == name {
			return tl
		}
	}
	t.Fatalf("no tool %q", name)
	return nil
}

// run calls the tool with args (marshalled unless already raw JSON).
func run(t testing.TB, tl *tools.Tool, args any) (string, error) {
	t.Helper()
	raw, ok := args.(json.RawMessage)
	if !ok {
		b, err := json.Marshal(args)
		if err != nil {
			t.Fatal(err)
		}
		raw = b
	}
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	res, err := tl.Call(ctx, raw)
	return res.Text, err
}

// mustRun is run for calls that must succeed.
func mustRun(t testing.TB, tl *tools.Tool, args any) string {
	t.Helper()
	out, err := run(t, tl, args)
	if err != nil {
		t.Fatalf("%s(%v): %v", tl.Name, args, err)
	}
	return out
}

// server starts an httptest server that counts the connections it
// accepts, so a test can prove nothing reached it.
func server(t testing.TB, h http.Handler) (*httptest.Server, *atomic.Int64) {
	t.Helper()
	var conns atomic.Int64
	s := httptest.NewUnstartedServer(h)
	s.Config.ConnState = func(_ net.Conn, st http.ConnState) {
		if st == http.StateNew {
			conns.Add(1)
		}
	}
	s.Start()
	t.Cleanup(s.Close)
	return s, &conns
}

// loopback is the test configuration that may reach httptest servers.
var loopback = web.Config{AllowLoopback: true}

// page serves one body with one content type ("": none at all).
func page(contentType string, body []byte) http.HandlerFunc {
	return func(w http.ResponseWriter, _ *http.Request) {
		w.Header()["Content-Type"] = nil // none: the client sniffs
		if contentType != "" {
			w.Header().Set("Content-Type", contentType)
		}
		_, _ = w.Write(body)
	}
}
