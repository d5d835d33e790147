package mcp

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/kin-companion/kin/agent/tools"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

func sdkClient(changed chan<- struct{}) *sdk.Client {
	return sdk.NewClient(&sdk.Implementation{Name: "test-client", Version: "1"}, &sdk.ClientOptions{
		ToolListChangedHandler: func(context.Context, *sdk.ToolListChangedRequest) {
			if changed != nil {
				changed <- struct{}{}
			}
		}})
}

// checkKinSession runs the conformance checks on a session with kin's
// server built from fakeKin.
func checkKinSession(t *testing.T, cs *sdk.ClientSession) {
	ctx := context.Background()
	lt, err := cs.ListTools(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	byName := map[string]*sdk.Tool{}
	for _, tl := range lt.Tools {
		byName[tl.Name] = tl
	}
	if len(byName) != 2 || byName["get_datetime"] == nil || byName["fs_delete"] == nil {
		t.Fatalf("tools/list = %v, want get_datetime and fs_delete", byName)
	}
	if a := byName["get_datetime"].Annotations; a == nil || !a.ReadOnlyHint || *a.DestructiveHint {
		t.Errorf("get_datetime annotations = %+v", a)
	}
	if a := byName["fs_delete"].Annotations; a == nil || a.ReadOnlyHint || !*a.DestructiveHint {
		t.Errorf("fs_delete annotations = %+v", a)
	}

	res, err := cs.CallTool(ctx, &sdk.CallToolParams{Name: "get_datetime", Arguments: map[string]any{"tz": "UTC"}})
	if err != nil || res.IsError || len(res.Content) != 2 {
		t.Fatalf("call = %+v, %v", res, err)
	}
	if txt := res.Content[0].(*sdk.TextContent).Text; txt != `called get_datetime {"tz":"UTC"}` {
		t.Errorf("text = %q", txt)
	}
	if im, ok := res.Content[1].(*sdk.ImageContent); !ok || string(im.Data) != "png" || im.MIMEType != "image/png" {
		t.Errorf("image = %+v", res.Content[1])
	}

	res, err = cs.CallTool(ctx, &sdk.CallToolParams{Name: "fs_delete", Arguments: map[string]any{"path": "/x"}})
	if err != nil || !res.IsError || res.Content[0].(*sdk.TextContent).Text != "the user did not allow fs_delete" {
		t.Errorf("denied call = %+v, %v; want an isError result with Call's message", res, err)
	}

	rr, err := cs.ReadResource(ctx, &sdk.ReadResourceParams{URI: "kin://identity"})
	if err != nil || len(rr.Contents) != 1 || rr.Contents[0].Text != `{"name":"Kin"}` || rr.Contents[0].MIMEType != "application/json" {
		t.Errorf("resources/read = %+v, %v", rr, err)
	}
}

func TestServerStdio(t *testing.T) {
	exe, _ := os.Executable()
	cmd := exec.Command(exe)
	cmd.Env = append(os.Environ(), childEnv+"=kin")
	cs, err := sdkClient(nil).Connect(context.Background(), &sdk.CommandTransport{Command: cmd}, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer cs.Close()
	checkKinSession(t, cs)
}

// bearerClient sends a token with every request.
func bearerClient(token string) *http.Client {
	return &http.Client{Transport: headerTransport{headers: map[string]string{"Authorization": "Bearer " + token},
		base: http.DefaultTransport}}
}

func TestServerHTTP(t *testing.T) {
	calls := make(chan string, 10)
	opts := fakeKin(calls)
	var reads atomic.Int32
	opts.Resources[0].Read = func(context.Context) (string, error) {
		reads.Add(1)
		return `{"name":"Kin"}`, nil
	}
	srv := httptest.NewServer(NewServer(opts).Handler("tok"))
	defer srv.Close()
	cs, err := sdkClient(nil).Connect(context.Background(),
		&sdk.StreamableClientTransport{Endpoint: srv.URL, HTTPClient: bearerClient("tok")}, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer cs.Close()
	checkKinSession(t, cs)
	if got := <-calls; got != `get_datetime {"tz":"UTC"}` {
		t.Errorf("Call got %q", got)
	}
	cs.ReadResource(context.Background(), &sdk.ReadResourceParams{URI: "kin://identity"})
	if n := reads.Load(); n != 2 {
		t.Errorf("Read ran %d times for 2 reads; want every read to call it", n)
	}
}

func TestServerHTTPToken(t *testing.T) {
	srv := httptest.NewServer(NewServer(fakeKin(nil)).Handler("right-token"))
	defer srv.Close()
	body := `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"x","version":"1"}}}`
	tests := []struct {
		name, auth string
		want       int
	}{
		{"missing", "", http.StatusUnauthorized},
		{"wrong", "Bearer wrong-token", http.StatusUnauthorized},
		{"not bearer", "Basic right-token", http.StatusUnauthorized},
		{"right", "Bearer right-token", http.StatusOK},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			req, _ := http.NewRequest("POST", srv.URL, strings.NewReader(body))
			req.Header.Set("Content-Type", "application/json")
			req.Header.Set("Accept", "application/json, text/event-stream")
			if tc.auth != "" {
				req.Header.Set("Authorization", tc.auth)
			}
			resp, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			resp.Body.Close()
			if resp.StatusCode != tc.want {
				t.Errorf("status %d, want %d", resp.StatusCode, tc.want)
			}
		})
	}
	rec := httptest.NewRecorder()
	req := httptest.NewRequest("POST", "/", strings.NewReader(body))
	req.Header.Set("Authorization", "Bearer ")
	NewServer(fakeKin(nil)).Handler("").ServeHTTP(rec, req)
	if rec.Code != http.StatusUnauthorized {
		t.Errorf("an empty token let a request through: %d", rec.Code)
	}
}

func TestServerListChanged(t *testing.T) {
	opts := fakeKin(nil)
	base := opts.Tools()
	var extra atomic.Bool
	opts.Tools = func() []*tools.Tool {
		if extra.Load() {
			return append(base[:2:2], &tools.Tool{Name: "wave", Schema: json.RawMessage(`{"type":"object"}`)})
		}
		return base
	}
	s := NewServer(opts)
	srv := httptest.NewServer(s.Handler("t"))
	defer srv.Close()
	changed := make(chan struct{}, 5)
	cs, err := sdkClient(changed).Connect(context.Background(),
		&sdk.StreamableClientTransport{Endpoint: srv.URL, HTTPClient: bearerClient("t")}, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer cs.Close()
	extra.Store(true)
	s.Sync()
	select {
	case <-changed:
	case <-time.After(10 * time.Second):
		t.Fatal("no notifications/tools/list_changed after the tool set changed")
	}
	lt, err := cs.ListTools(context.Background(), nil)
	if err != nil || len(lt.Tools) != 3 {
		t.Fatalf("after the change: %v, %v", lt, err)
	}
}

func TestServeStdioEnds(t *testing.T) {
	s := NewServer(fakeKin(nil))
	inR, inW, _ := os.Pipe()
	outR, outW, _ := os.Pipe()
	defer outR.Close()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- s.ServeStdio(ctx, inR, outW) }()
	time.Sleep(50 * time.Millisecond)
	cancel()
	select {
	case err := <-done:
		if err != nil {
			t.Errorf("ServeStdio after cancel: %v", err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("ServeStdio did not return after its context ended")
	}
	inW.Close()
}

func TestLoadOrCreateToken(t *testing.T) {
	path := filepath.Join(t.TempDir(), "kin", "mcp-token")
	tok, err := LoadOrCreateToken(path)
	if err != nil || len(tok) != 64 || strings.Trim(tok, "0123456789abcdef") != "" {
		t.Fatalf("token %q, %v; want 64 hex digits", tok, err)
	}
	fi, _ := os.Stat(path)
	di, _ := os.Stat(filepath.Dir(path))
	if fi.Mode().Perm() != 0o600 || di.Mode().Perm() != 0o700 {
		t.Errorf("modes: file %v, dir %v; want 0600 and 0700", fi.Mode().Perm(), di.Mode().Perm())
	}
	again, err := LoadOrCreateToken(path)
	if err != nil || again != tok {
		t.Errorf("second load = %q, %v; want the same token", again, err)
	}
	other, _ := LoadOrCreateToken(filepath.Join(t.TempDir(), "t"))
	if other == tok {
		t.Error("two new tokens are equal")
	}
}
