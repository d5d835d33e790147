package main

import (
	"context"
	"encoding/json"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/kin-companion/kin/store"
)

// bearer adds the token to every request.
type bearer struct{ token string }

func (b bearer) RoundTrip(r *http.Request) (*http.Response, error) {
	r = r.Clone(r.Context())
	r.Header.Set("Authorization", "Bearer "+b.token)
	return http.DefaultTransport.RoundTrip(r)
}

// TestWindowMCP runs the window and drives the visible character from an
// MCP client over streamable HTTP, as Claude Code would: the token is
// required, wave and speak run, and the calls are in the diary as made by
// an MCP client.
func TestWindowMCP(t *testing.T) {
	if os.Getenv("DISPLAY") == "" {
		t.Fatal("run under a display: xvfb-run -a go test ./cmd/kin-window")
	}
	bin := build(t)
	home := t.TempDir()
	port := freePort(t)
	conf := filepath.Join(home, "kin")
	os.MkdirAll(conf, 0o700)
	os.WriteFile(filepath.Join(conf, "config.json"), []byte(`{"mcpPort": `+itoa(port)+`}`), 0o600)
	cmd := exec.Command(bin, "--voice", "off")
	cmd.Env = append(cleanEnv(), "XDG_CONFIG_HOME="+home, "XDG_DATA_HOME="+home)
	stderr, _ := cmd.StderrPipe()
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	stopped := false
	stop := func() {
		if !stopped {
			stopped = true
			cmd.Process.Signal(syscall.SIGTERM)
			cmd.Wait()
		}
	}
	defer stop()
	addr := mcpAddress(t, stderr)
	if !strings.HasSuffix(addr, ":"+itoa(port)) {
		t.Errorf("served at %s, the settings asked for port %d", addr, port)
	}
	url := "http://" + addr + "/"
	if resp, err := http.Post(url, "application/json", strings.NewReader(`{}`)); err != nil || resp.StatusCode != http.StatusUnauthorized {
		t.Fatalf("no token: %v %v", resp, err)
	}
	token, err := os.ReadFile(filepath.Join(conf, "mcp-token"))
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	client := sdk.NewClient(&sdk.Implementation{Name: "claude-code-stand-in", Version: "1"}, nil)
	cs, err := client.Connect(ctx, &sdk.StreamableClientTransport{Endpoint: url,
		HTTPClient: &http.Client{Transport: bearer{strings.TrimSpace(string(token))}}}, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer cs.Close()
	list, err := cs.ListTools(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	names := map[string]bool{}
	for _, tl := range list.Tools {
		names[tl.Name] = true
	}
	for _, want := range []string{"wave", "speak", "setExpression", "fs_list", "exec_shell"} {
		if !names[want] {
			t.Errorf("tool %s not offered (%d tools)", want, len(list.Tools))
		}
	}
	for _, c := range []struct{ name, args string }{{"wave", `{}`}, {"speak", `{"text":"Hello from the other agent!"}`}} {
		res, err := cs.CallTool(ctx, &sdk.CallToolParams{Name: c.name, Arguments: json.RawMessage(c.args)})
		if err != nil || res.IsError {
			t.Fatalf("%s: %v %+v", c.name, err, res)
		}
	}
	emo, err := cs.ReadResource(ctx, &sdk.ReadResourceParams{URI: "kin://emotions"})
	if err != nil || len(emo.Contents) != 1 || !strings.Contains(emo.Contents[0].Text, "celebration") {
		t.Errorf("kin://emotions: %v %+v", err, emo)
	}
	cs.Close()
	stop()
	db, err := store.Open(store.Options{Dir: filepath.Join(home, "kin"), GCInterval: -1})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	recent, err := db.Diary().Recent(50)
	if err != nil {
		t.Fatal(err)
	}
	var seen []string
	for _, e := range recent {
		if e.Type == "tool-call" && strings.Contains(string(e.Payload), `"caller":"mcp"`) {
			var p struct{ Tool string }
			json.Unmarshal(e.Payload, &p)
			seen = append(seen, p.Tool)
		}
	}
	if strings.Join(seen, ",") != "wave,speak" {
		t.Errorf("diary's MCP tool calls: %v", seen)
	}
}

func itoa(n int) string { return strconv.Itoa(n) }
