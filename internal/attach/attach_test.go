package attach

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// fake is a Handler with a scripted turn and one tool, echo.
type fake struct {
	mu       sync.Mutex
	calls    []string
	running  atomic.Int32
	overlap  atomic.Bool
	block    chan struct{} // when set, Chat waits for it or for ctx
	canceled chan struct{}
}

func (f *fake) Chat(ctx context.Context, text string, emit func(Event)) (string, error) {
	if f.running.Add(1) > 1 {
		f.overlap.Store(true)
	}
	defer f.running.Add(-1)
	if text == "fail" {
		return "", errors.New("the model refused")
	}
	emit(Event{Kind: KindToolStart, Tool: "echo", Text: `{"q":"x"}`})
	for _, w := range strings.Fields(text) {
		emit(Event{Kind: KindText, Text: w + " "})
	}
	if f.block != nil {
		select {
		case <-f.block:
		case <-ctx.Done():
			close(f.canceled)
			return "", ctx.Err()
		}
	}
	time.Sleep(5 * time.Millisecond)
	return "you said " + text, nil
}

func (f *fake) Tools(context.Context) ([]ToolInfo, error) {
	return []ToolInfo{{Name: "echo", Description: "Echo.", Schema: json.RawMessage(`{"type":"object"}`)}}, nil
}

func (f *fake) Call(_ context.Context, caller, tool string, args json.RawMessage) (Result, error) {
	if tool != "echo" {
		return Result{}, fmt.Errorf("there is no tool %s", tool)
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	f.calls = append(f.calls, caller+":"+string(args))
	return Result{Text: string(args), Images: []Image{{MediaType: "image/png", Data: []byte("\x89PNG")}}}, nil
}

func socket(t *testing.T) string {
	t.Helper()
	p, err := Path("test", func(k string) string {
		if k == "XDG_RUNTIME_DIR" {
			return t.TempDir()
		}
		return ""
	})
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func serve(t *testing.T, h Handler) (*Server, *Client) {
	t.Helper()
	s, err := Serve(context.Background(), socket(t), h)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	c, err := Dial(context.Background(), s.Path())
	if err != nil {
		t.Fatal(err)
	}
	return s, c
}

func TestRequests(t *testing.T) {
	f := &fake{}
	_, c := serve(t, f)
	ctx := context.Background()
	var seen []string
	final, err := c.Chat(ctx, "hello there", func(e Event) { seen = append(seen, e.Kind+":"+e.Text) })
	if err != nil || final != "you said hello there" || strings.Join(seen, "|") != `tool_start:{"q":"x"}|text:hello |text:there ` {
		t.Errorf("Chat = %q, %v; events %v", final, err, seen)
	}
	if _, err := c.Chat(ctx, "fail", nil); err == nil || err.Error() != "the model refused" {
		t.Errorf("failing chat: %v", err)
	}
	ts, err := c.Tools(ctx)
	if err != nil || len(ts) != 1 || ts[0].Name != "echo" || string(ts[0].Schema) != `{"type":"object"}` {
		t.Errorf("Tools = %+v, %v", ts, err)
	}
	res, err := c.Call(ctx, "mcp", "echo", json.RawMessage(`{"q":1}`))
	if err != nil || res.Text != `{"q":1}` || len(res.Images) != 1 || string(res.Images[0].Data) != "\x89PNG" {
		t.Errorf("Call = %+v, %v", res, err)
	}
	if _, err := c.Call(ctx, "mcp", "nope", nil); err == nil || !strings.Contains(err.Error(), "no tool nope") {
		t.Errorf("Call of a missing tool: %v", err)
	}
	if len(f.calls) != 1 || f.calls[0] != `mcp:{"q":1}` {
		t.Errorf("handler saw calls %v", f.calls)
	}
}

func TestChatsOneAtATime(t *testing.T) {
	f := &fake{}
	_, c := serve(t, f)
	var wg sync.WaitGroup
	for i := range 6 {
		wg.Go(func() {
			if _, err := c.Chat(context.Background(), fmt.Sprint("turn ", i), nil); err != nil {
				t.Error(err)
			}
		})
	}
	wg.Wait()
	if f.overlap.Load() {
		t.Error("two chats ran at once")
	}
}

func TestClientCancelStopsTurn(t *testing.T) {
	f := &fake{block: make(chan struct{}), canceled: make(chan struct{})}
	_, c := serve(t, f)
	ctx, cancel := context.WithCancel(context.Background())
	started := make(chan struct{}, 8)
	done := make(chan error, 1)
	go func() {
		_, err := c.Chat(ctx, "wait", func(Event) { started <- struct{}{} })
		done <- err
	}()
	<-started
	cancel()
	select {
	case <-f.canceled:
	case <-time.After(5 * time.Second):
		t.Fatal("the server's turn was not cancelled when the client went away")
	}
	if err := <-done; !errors.Is(err, context.Canceled) {
		t.Errorf("Chat after cancel = %v", err)
	}
}

func TestPermissionsAndSecondServer(t *testing.T) {
	s, _ := serve(t, &fake{})
	for path, want := range map[string]os.FileMode{s.Path(): 0o600, filepath.Dir(s.Path()): 0o700} {
		fi, err := os.Stat(path)
		if err != nil || fi.Mode().Perm() != want {
			t.Errorf("%s: mode %v (%v), want %v", path, fi.Mode().Perm(), err, want)
		}
	}
	if _, err := Serve(context.Background(), s.Path(), &fake{}); !errors.Is(err, ErrRunning) {
		t.Errorf("second Serve = %v, want ErrRunning", err)
	}
	s.Close()
	if _, err := os.Stat(s.Path()); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("socket left after Close: %v", err)
	}
	if _, err := Dial(context.Background(), s.Path()); !errors.Is(err, ErrNotRunning) {
		t.Errorf("Dial after Close = %v, want ErrNotRunning", err)
	}
}

func TestPath(t *testing.T) {
	env := func(v string) func(string) string { return func(string) string { return v } }
	tests := []struct {
		id, runtime, want, wantErr string
	}{
		{"default", "/run/user/1000", "/run/user/1000/kin/default.sock", ""},
		{"aria", "", filepath.Join(os.TempDir(), fmt.Sprintf("kin-%d", os.Getuid()), "aria.sock"), ""},
		{"../x", "/run", "", "cannot name"},
		{"", "/run", "", "cannot name"},
	}
	for _, tt := range tests {
		got, err := Path(tt.id, env(tt.runtime))
		if got != tt.want || (tt.wantErr == "") != (err == nil) || (err != nil && !strings.Contains(err.Error(), tt.wantErr)) {
			t.Errorf("Path(%q, %q) = %q, %v", tt.id, tt.runtime, got, err)
		}
	}
}

// helperEnv makes the test binary a running kin serving the socket.
const helperEnv = "KIN_ATTACH_TEST_SERVE"

func TestMain(m *testing.M) {
	if path := os.Getenv(helperEnv); path != "" {
		s, err := Serve(context.Background(), path, &fake{})
		if err != nil {
			fmt.Println("error:", err)
			os.Exit(1)
		}
		fmt.Println("ready", s.Path())
		select {}
	}
	os.Exit(m.Run())
}

// TestTwoProcesses: a second process attaches to the first; when the
// first is killed, its socket is left behind, Dial says no kin runs, and
// a new server takes the socket over.
func TestTwoProcesses(t *testing.T) {
	path := socket(t)
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), helperEnv+"="+path)
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer cmd.Process.Kill()
	line, _ := bufio.NewReader(out).ReadString('\n')
	if !strings.HasPrefix(line, "ready") {
		t.Fatalf("helper said %q", line)
	}
	c, err := Dial(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	if final, err := c.Chat(context.Background(), "hi", nil); err != nil || final != "you said hi" {
		t.Fatalf("attached chat = %q, %v", final, err)
	}
	if _, err := Serve(context.Background(), path, &fake{}); !errors.Is(err, ErrRunning) {
		t.Errorf("Serve beside a running kin = %v, want ErrRunning", err)
	}
	cmd.Process.Kill()
	cmd.Wait()
	if _, err := os.Stat(path); err != nil {
		t.Fatalf("the killed server's socket should be left behind: %v", err)
	}
	if _, err := Dial(context.Background(), path); !errors.Is(err, ErrNotRunning) {
		t.Errorf("Dial after kill = %v, want ErrNotRunning", err)
	}
	s, err := Serve(context.Background(), path, &fake{})
	if err != nil {
		t.Fatalf("Serve after the first kin died: %v", err)
	}
	s.Close()
}
