package mcp

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

// alive reports whether the process in pidFile still exists; a zombie
// (exited but not reaped) counts as alive.
func alive(t *testing.T, pidFile string) bool {
	b, err := os.ReadFile(pidFile)
	if err != nil {
		t.Fatalf("the child did not write its pid: %v", err)
	}
	pid, _ := strconv.Atoi(string(b))
	return !errors.Is(syscall.Kill(pid, 0), syscall.ESRCH)
}

func TestManagerInitTimeoutAndClose(t *testing.T) {
	var r reports
	var log syncBuffer
	pid := filepath.Join(t.TempDir(), "pid")
	opt := fastOptions(&r, &log)
	opt.InitTimeout = 300 * time.Millisecond
	opt.MinBackoff = time.Hour // one attempt is enough here
	m := Start(context.Background(), Config{Servers: map[string]ServerConfig{
		"mute": child(t, "mute", map[string]string{pidEnv: pid})}}, opt)
	waitFor(t, "the hang is reported", func() bool { return len(r.list()) > 0 })
	if got := r.list()[0]; !strings.Contains(got, `MCP server "mute" did not finish starting within 300ms`) {
		t.Errorf("report = %q", got)
	}
	if alive(t, pid) {
		t.Error("the hung child is still there after its failed start (zombie or not killed)")
	}
	began := time.Now()
	m.Close()
	if took := time.Since(began); took > time.Second {
		t.Errorf("Close took %v while waiting to retry", took)
	}
}

func TestManagerCloseStopsChildren(t *testing.T) {
	var r reports
	var log syncBuffer
	pid := filepath.Join(t.TempDir(), "pid")
	m := Start(context.Background(), Config{Servers: map[string]ServerConfig{
		"s": child(t, "tools", map[string]string{pidEnv: pid})}}, fastOptions(&r, &log))
	waitFor(t, "ready", func() bool { return len(m.Tools()) > 0 })
	m.Close()
	m.Close() // twice is fine
	if alive(t, pid) {
		t.Error("the child outlived Close (zombie or still running)")
	}
	if len(m.Tools()) != 0 {
		t.Error("tools still offered after Close")
	}
}

// httpPeer is a Go SDK server behind httptest that wants a header.
func httpPeer(t testing.TB, header string) (*httptest.Server, *sdk.Server, *atomic.Int32) {
	s := sdk.NewServer(&sdk.Implementation{Name: "peer", Version: "1"}, nil)
	sdk.AddTool(s, &sdk.Tool{Name: "add", Annotations: &sdk.ToolAnnotations{ReadOnlyHint: true}},
		func(_ context.Context, _ *sdk.CallToolRequest, in struct{ A, B int }) (*sdk.CallToolResult, any, error) {
			return &sdk.CallToolResult{Content: []sdk.Content{&sdk.TextContent{Text: strconv.Itoa(in.A + in.B)}}}, nil, nil
		})
	var refused atomic.Int32
	h := sdk.NewStreamableHTTPHandler(func(*http.Request) *sdk.Server { return s }, nil)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get("X-Key") != header {
			refused.Add(1)
			http.Error(w, "no", http.StatusUnauthorized)
			return
		}
		h.ServeHTTP(w, r)
	}))
	t.Cleanup(srv.Close)
	return srv, s, &refused
}

func TestManagerHTTP(t *testing.T) {
	srv, _, refused := httpPeer(t, "secret")
	var r reports
	var log syncBuffer
	m := start(t, map[string]ServerConfig{
		"web":   {Type: HTTP, URL: srv.URL, Headers: map[string]string{"X-Key": "secret"}},
		"nokey": {Type: HTTP, URL: srv.URL},
	}, fastOptions(&r, &log))
	waitFor(t, "ready", func() bool { return findTool(m, "mcp__web__add") != nil })
	add := findTool(m, "mcp__web__add")
	res, err := add.Call(context.Background(), json.RawMessage(`{"A":2,"B":3}`))
	if err != nil || res.Text != "5" {
		t.Fatalf("add = %+v, %v", res, err)
	}
	if !add.Meta.ReadOnly {
		t.Error("readOnlyHint lost over HTTP")
	}
	waitFor(t, "the server without its header is reported", func() bool { return len(r.list()) > 0 })
	if got := r.list(); len(got) != 1 || !strings.Contains(got[0], `MCP server "nokey" at `+srv.URL+` refused kin (401 Unauthorized)`) || refused.Load() == 0 {
		t.Errorf("reports = %q (refused %d)", got, refused.Load())
	}
	if st := m.Status(); st[1].Name != "web" || st[1].Transport != HTTP || st[1].State != Ready {
		t.Errorf("status = %+v", st)
	}
}

func TestManagerHTTPServerGoesAway(t *testing.T) {
	srv, _, _ := httpPeer(t, "")
	var r reports
	var log syncBuffer
	opt := fastOptions(&r, &log)
	opt.PingInterval = 50 * time.Millisecond
	opt.InitTimeout = time.Second
	m := start(t, map[string]ServerConfig{"web": {Type: HTTP, URL: srv.URL}}, opt)
	waitFor(t, "ready", func() bool { return len(m.Tools()) > 0 })
	srv.CloseClientConnections()
	srv.Close()
	waitFor(t, "tools withdrawn", func() bool { return len(m.Tools()) == 0 })
	waitFor(t, "reported", func() bool { return len(r.list()) == 1 })
}
