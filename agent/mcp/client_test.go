package mcp

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/kin-companion/kin/agent/tools"
)

// reports records what Options.Report was told.
type reports struct {
	mu  sync.Mutex
	got []string
}

func (r *reports) report(server string, err error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.got = append(r.got, server+": "+err.Error())
}

func (r *reports) list() []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	return slices.Clone(r.got)
}

// syncBuffer is a log safe to read while servers write to it.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// fastOptions retry quickly so tests do not wait for real backoff.
func fastOptions(r *reports, log *syncBuffer) Options {
	return Options{Report: r.report, Log: log, CallTimeout: 5 * time.Second, InitTimeout: 10 * time.Second,
		MinBackoff: 20 * time.Millisecond, MaxBackoff: 200 * time.Millisecond}
}

// waitFor polls cond until it holds or 20 s pass.
func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting until %s", what)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

func findTool(m *Manager, name string) *tools.Tool {
	for _, t := range m.Tools() {
		if t.Name == name {
			return t
		}
	}
	return nil
}

func start(t *testing.T, servers map[string]ServerConfig, opt Options) *Manager {
	t.Helper()
	m := Start(context.Background(), Config{Servers: servers}, opt)
	t.Cleanup(m.Close)
	return m
}

func TestManagerStdioTools(t *testing.T) {
	var r reports
	var log syncBuffer
	m := start(t, map[string]ServerConfig{"test.srv": child(t, "tools", nil)}, fastOptions(&r, &log))
	waitFor(t, "the tools server is ready", func() bool { return findTool(m, "mcp__test_srv__echo") != nil })

	tests := []struct {
		name string
		meta tools.Meta
	}{
		{"mcp__test_srv__echo", tools.Meta{ReadOnly: true, ConcurrencySafe: true, Risk: tools.Low}},
		{"mcp__test_srv__note_write", tools.Meta{Risk: tools.Medium}},
		{"mcp__test_srv__erase", tools.Meta{Risk: tools.High}},
	}
	for _, tc := range tests {
		tl := findTool(m, tc.name)
		if tl == nil {
			t.Fatalf("no tool %s among %v", tc.name, names(m.Tools()))
		}
		tc.meta.TimeoutFloor = 5 * time.Second
		if tl.Meta != tc.meta {
			t.Errorf("%s: Meta = %+v, want %+v", tc.name, tl.Meta, tc.meta)
		}
		if !strings.Contains(tl.Description, `"test.srv"`) || !json.Valid(tl.Schema) {
			t.Errorf("%s: description %q, schema %s", tc.name, tl.Description, tl.Schema)
		}
	}
	if findTool(m, "mcp__test_srv__note_write_2") == nil {
		t.Errorf("note.write and note_write did not get distinct names: %v", names(m.Tools()))
	}
	if st := m.Status(); len(st) != 1 || st[0].State != Ready || st[0].Transport != Stdio || len(st[0].Tools) != 10 {
		t.Errorf("Status = %+v", st)
	}
	if len(r.list()) != 0 {
		t.Errorf("reported %v for a healthy server", r.list())
	}
	if !strings.Contains(log.String(), "mcp test.srv: tools server starting") {
		t.Errorf("the child's stderr did not reach the log: %q", log.String())
	}
}

func TestManagerStdioCalls(t *testing.T) {
	var r reports
	var log syncBuffer
	opt := fastOptions(&r, &log)
	opt.CallTimeout = 300 * time.Millisecond
	m := start(t, map[string]ServerConfig{"s": child(t, "tools", nil)}, opt)
	waitFor(t, "ready", func() bool { return findTool(m, "mcp__s__echo") != nil })
	ctx := context.Background()

	tests := []struct {
		tool, args, want, wantErr string
		images                    int
	}{
		{tool: "echo", args: `{"message":"hi"}`, want: "echo: hi"},
		{tool: "echo", args: `[1]`, wantErr: "must be a JSON object"},
		{tool: "picture", want: "a dot", images: 1},
		{tool: "fail", wantErr: "the weather is unknowable"},
		{tool: "hang", wantErr: "timed out after 300ms"},
	}
	for _, tc := range tests {
		t.Run(tc.tool, func(t *testing.T) {
			began := time.Now()
			res, err := findTool(m, "mcp__s__"+tc.tool).Call(ctx, json.RawMessage(tc.args))
			if took := time.Since(began); took > 3*time.Second {
				t.Errorf("the call took %v", took)
			}
			if tc.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
					t.Fatalf("error = %v, want one containing %q", err, tc.wantErr)
				}
				return
			}
			if err != nil || res.Text != tc.want || len(res.Images) != tc.images {
				t.Fatalf("got %+v, %v; want %q with %d image(s)", res, err, tc.want, tc.images)
			}
		})
	}
	if s, err := findTool(m, "mcp__s__picture").Run(ctx, nil); err != nil || !strings.Contains(s, "1 image(s) not shown") {
		t.Errorf("Run of an image tool = %q, %v", s, err)
	}
}

// TestServerEnvironment: a stdio server gets the user's environment
// without its credentials (kin's own API keys among them), and the
// variables its config gives it, a token included.
func TestServerEnvironment(t *testing.T) {
	t.Setenv("OPENAI_API_KEY", "sk-parent-secret-0123456789")
	t.Setenv("KIN_TEST_PLAIN", "plain-value")
	var r reports
	var log syncBuffer
	m := start(t, map[string]ServerConfig{"s": child(t, "tools", map[string]string{"SERVICE_TOKEN": "given-by-config"})}, fastOptions(&r, &log))
	waitFor(t, "ready", func() bool { return findTool(m, "mcp__s__environ") != nil })
	res, err := findTool(m, "mcp__s__environ").Call(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(res.Text, "sk-parent-secret") || strings.Contains(res.Text, "OPENAI_API_KEY") {
		t.Errorf("the server was given kin's API key:\n%s", res.Text)
	}
	for _, want := range []string{"KIN_TEST_PLAIN=plain-value", "SERVICE_TOKEN=given-by-config", "PATH="} {
		if !strings.Contains(res.Text, want) {
			t.Errorf("the server's environment lacks %s", want)
		}
	}
}

func TestManagerListChanged(t *testing.T) {
	var r reports
	var log syncBuffer
	m := start(t, map[string]ServerConfig{"s": child(t, "tools", nil)}, fastOptions(&r, &log))
	waitFor(t, "ready", func() bool { return findTool(m, "mcp__s__grow") != nil })
	drain(m)
	if findTool(m, "mcp__s__extra") != nil {
		t.Fatal("extra is there before grow")
	}
	if _, err := findTool(m, "mcp__s__grow").Call(context.Background(), nil); err != nil {
		t.Fatal(err)
	}
	select {
	case <-m.Changed():
	case <-time.After(10 * time.Second):
		t.Fatal("Changed did not fire after list_changed")
	}
	waitFor(t, "extra appears", func() bool { return findTool(m, "mcp__s__extra") != nil })
}

func drain(m *Manager) {
	for {
		select {
		case <-m.Changed():
		default:
			return
		}
	}
}

func TestManagerMissingCommand(t *testing.T) {
	var r reports
	var log syncBuffer
	m := start(t, map[string]ServerConfig{
		"ghost": {Type: Stdio, Command: filepath.Join(t.TempDir(), "no-such-server")},
		"good":  child(t, "tools", nil),
	}, fastOptions(&r, &log))
	waitFor(t, "the good server is ready despite the ghost", func() bool { return findTool(m, "mcp__good__echo") != nil })
	waitFor(t, "several attempts", func() bool { return m.Status()[0].Attempts >= 4 })
	got := r.list()
	if len(got) != 1 || !strings.Contains(got[0], `ghost: could not start MCP server "ghost"`) || !strings.Contains(got[0], "was not found") {
		t.Fatalf("reports = %q, want one saying the program was not found", got)
	}
	st := m.Status()[0]
	if st.State != Failed && st.State != Retrying || !strings.Contains(st.LastError, "not found") {
		t.Errorf("ghost status = %+v", st)
	}
	// A call of the ghost's tool says why it is not there; other names are not its business.
	if why := m.Absent("mcp__ghost__echo"); !strings.Contains(why, `MCP server "ghost"`) {
		t.Errorf("Absent of the ghost's tool = %q", why)
	}
	for _, name := range []string{"mcp__good__echo", "mcp__good__nope", "mcp__other__echo", "wave"} {
		if why := m.Absent(name); why != "" {
			t.Errorf("Absent(%s) = %q, want nothing", name, why)
		}
	}
	reg := tools.NewRegistry()
	reg.SetAbsent(m.Absent)
	if got := reg.Missing("mcp__ghost__echo"); !strings.Contains(got, "ghost") || strings.Contains(got, "unknown tool") {
		t.Errorf("the registry's Missing = %q", got)
	}
	if got := reg.Missing("mcp__other__echo"); !strings.Contains(got, "unknown tool") {
		t.Errorf("Missing of a name no server has = %q", got)
	}
}

// TestAbsentWhileConnecting: a tool of a server still starting is "not
// there yet", with the server named.
func TestAbsentWhileConnecting(t *testing.T) {
	var r reports
	var log syncBuffer
	m := start(t, map[string]ServerConfig{"slow": child(t, "mute", nil)}, fastOptions(&r, &log))
	if why := m.Absent("mcp__slow__echo"); !strings.Contains(why, "still connecting") || !strings.Contains(why, `"slow"`) {
		t.Errorf("Absent while connecting = %q", why)
	}
}

func TestManagerServerDies(t *testing.T) {
	var r reports
	var log syncBuffer
	down := filepath.Join(t.TempDir(), "down")
	m := start(t, map[string]ServerConfig{"s": child(t, "tools", map[string]string{downEnv: down})}, fastOptions(&r, &log))
	waitFor(t, "ready", func() bool { return findTool(m, "mcp__s__crash") != nil })
	crash := findTool(m, "mcp__s__crash")

	os.WriteFile(down, nil, 0o600) // restarts fail until the file goes
	_, err := crash.Call(context.Background(), nil)
	if err == nil || !strings.Contains(err.Error(), "stopped while running crash") {
		t.Fatalf("call of a dying server: %v", err)
	}
	waitFor(t, "tools withdrawn", func() bool { return len(m.Tools()) == 0 })
	waitFor(t, "restarts fail", func() bool { return m.Status()[0].Attempts >= 3 })
	if _, err := crash.Call(context.Background(), nil); err == nil || !strings.Contains(err.Error(), "not connected") {
		t.Errorf("call while down: %v", err)
	}
	got := r.list()
	if len(got) != 1 || !strings.Contains(got[0], `MCP server "s" stopped`) || !strings.Contains(got[0], "crashing on purpose") {
		t.Errorf("reports = %q, want one quoting the server's last words", got)
	}

	os.Remove(down)
	waitFor(t, "tools back after restart", func() bool { return findTool(m, "mcp__s__crash") != nil })
	if st := m.Status()[0]; st.State != Ready || st.LastError != "" {
		t.Errorf("status after restart = %+v", st)
	}
}
