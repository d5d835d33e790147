package fs

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/kin-companion/kin/agent/tools"
)

// sandbox is a home folder in t.TempDir used as the only root, with
// private places inside it, and a folder outside the roots.
type sandbox struct {
	t       *testing.T
	home    string // the root, also the home ("~")
	outside string
	roots   *Roots
	tools   map[string]*tools.Tool
	now     time.Time
}

func newSandbox(t *testing.T) *sandbox {
	t.Helper()
	home, outside := realTemp(t), realTemp(t)
	s := &sandbox{t: t, home: home, outside: outside, now: time.Date(2026, 3, 4, 5, 6, 7, 0, time.Local)}
	s.roots = DefaultRoots(home, filepath.Join(home, ".local/share/kin"), filepath.Join(home, ".config/kin"))
	s.use(Config{Roots: s.roots})
	s.file(".ssh/id_ed25519", "PRIVATE KEY")
	s.file(".local/share/kin/diary.db", "kin data")
	s.file("notes/todo.txt", "buy milk\n")
	if err := os.WriteFile(filepath.Join(outside, "secret.txt"), []byte("outside"), 0o644); err != nil {
		t.Fatal(err)
	}
	return s
}

// use rebuilds the tools from cfg (roots, trash and clock filled in).
func (s *sandbox) use(cfg Config) {
	if cfg.Roots == nil {
		cfg.Roots = s.roots
	}
	if cfg.Trash == "" {
		cfg.Trash = filepath.Join(s.home, ".local/share/Trash")
	}
	cfg.Now = func() time.Time { return s.now }
	s.tools = map[string]*tools.Tool{}
	for _, tl := range Tools(cfg) {
		s.tools[tl.Name] = tl
	}
}

// realTemp is t.TempDir with symbolic links evaluated.
func realTemp(t testing.TB) string {
	d, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// p is the absolute path of rel in the home.
func (s *sandbox) p(rel string) string { return filepath.Join(s.home, rel) }

// file writes rel in the home, making folders.
func (s *sandbox) file(rel, content string) string {
	s.t.Helper()
	p := s.p(rel)
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		s.t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
		s.t.Fatal(err)
	}
	return p
}

// link makes rel in the home a symbolic link to target.
func (s *sandbox) link(target, rel string) {
	s.t.Helper()
	if err := os.MkdirAll(filepath.Dir(s.p(rel)), 0o755); err != nil {
		s.t.Fatal(err)
	}
	if err := os.Symlink(target, s.p(rel)); err != nil {
		s.t.Fatal(err)
	}
}

// read returns rel's content ("<missing>" when absent).
func (s *sandbox) read(rel string) string {
	b, err := os.ReadFile(s.p(rel))
	if err != nil {
		return "<missing>"
	}
	return string(b)
}

// call runs a tool with args given as a Go value or a JSON string.
func (s *sandbox) call(name string, args any) (tools.Result, error) {
	s.t.Helper()
	tl, ok := s.tools[name]
	if !ok {
		s.t.Fatalf("no tool %s", name)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	return tl.Call(ctx, raw(s.t, args))
}

// grade assesses a call as the permission gate would.
func (s *sandbox) grade(name string, args any) tools.Assessment {
	return s.tools[name].Grade(raw(s.t, args))
}

func raw(t testing.TB, args any) json.RawMessage {
	if s, ok := args.(string); ok {
		return json.RawMessage(s)
	}
	b, err := json.Marshal(args)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// obj is a tool argument object.
type obj = map[string]any

// expect checks a call's outcome: an error containing wantErr, or (when
// wantErr is "") text containing every one of want.
func expect(t *testing.T, res tools.Result, err error, wantErr string, want ...string) {
	t.Helper()
	if wantErr != "" {
		if err == nil || !strings.Contains(err.Error(), wantErr) {
			t.Fatalf("error = %v, want one containing %q (text %q)", err, wantErr, res.Text)
		}
		return
	}
	if err != nil {
		t.Fatalf("unexpected error: %v", err)
	}
	for _, w := range want {
		if !strings.Contains(res.Text, w) {
			t.Fatalf("text %q lacks %q", res.Text, w)
		}
	}
}
