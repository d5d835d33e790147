package fs

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestResolve(t *testing.T) {
	s := newSandbox(t)
	s.link(s.outside, "out")                            // a folder link leading out
	s.link(filepath.Join(s.outside, "secret.txt"), "f") // a file link leading out
	s.link("notes", "alias")                            // a relative in-root link
	s.link(s.p(".ssh"), "keys")                         // into an excluded place
	s.link(filepath.Join(s.outside, "gone"), "dangling")
	s.link("loop2", "loop1")
	s.link("loop1", "loop2")
	if err := os.MkdirAll(s.p("deep/er"), 0o755); err != nil {
		t.Fatal(err)
	}
	s.link("../../.ssh", "deep/er/up") // climbs into an excluded place through a link

	cases := []struct {
		name, path, want string
		err              error
		msg              string
	}{
		{"relative", "notes/todo.txt", s.p("notes/todo.txt"), nil, ""},
		{"tilde", "~/notes/todo.txt", s.p("notes/todo.txt"), nil, ""},
		{"absolute", s.p("notes"), s.p("notes"), nil, ""},
		{"not yet existing", "~/new/dir/file.txt", s.p("new/dir/file.txt"), nil, ""},
		{"dot dot inside", "~/notes/../notes/todo.txt", s.p("notes/todo.txt"), nil, ""},
		{"root itself", "~", s.home, nil, ""},
		{"link in root", "~/alias/todo.txt", s.p("notes/todo.txt"), nil, ""},
		{"dot dot out", "~/../" + filepath.Base(s.outside) + "/secret.txt", "", ErrOutside, `".." climbs out`},
		{"relative dot dot out", "../../etc/passwd", "", ErrOutside, `".." climbs out`},
		{"absolute outside", "/etc/passwd", "", ErrOutside, "/etc/passwd is outside"},
		{"folder link out", "~/out/secret.txt", "", ErrOutside, "~/out is a symbolic link that leads to " + s.outside},
		{"file link out", "~/f", "", ErrOutside, "~/f is a symbolic link"},
		{"dangling link out", "~/dangling", "", ErrOutside, "symbolic link"},
		{"excluded", "~/.ssh/id_ed25519", "", ErrExcluded, "inside ~/.ssh"},
		{"excluded itself", "~/.ssh", "", ErrExcluded, "private place"},
		{"kin data", "~/.local/share/kin/diary.db", "", ErrExcluded, "~/.local/share/kin"},
		{"link into excluded", "~/keys/id_ed25519", "", ErrExcluded, "~/keys is a symbolic link"},
		{"relative link into excluded", "~/deep/er/up", "", ErrExcluded, "symbolic link"},
		{"loop", "~/loop1", "", nil, "too many symbolic links"},
		{"empty", " ", "", nil, "empty"},
		{"other user", "~bob/x", "", nil, "another user"},
		{"nul", "a\x00b", "", nil, "NUL"},
		{"through a file", "~/notes/todo.txt/x", "", nil, "not a folder"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, err := s.roots.Resolve(c.path)
			if c.msg == "" {
				if err != nil || got != c.want {
					t.Fatalf("Resolve(%q) = %q, %v; want %q", c.path, got, err, c.want)
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), c.msg) {
				t.Fatalf("Resolve(%q) = %q, %v; want error containing %q", c.path, got, err, c.msg)
			}
			if c.err != nil && !errors.Is(err, c.err) {
				t.Fatalf("Resolve(%q) error %v does not wrap %v", c.path, err, c.err)
			}
		})
	}
}

func TestNewRoots(t *testing.T) {
	a, b := realTemp(t), realTemp(t)
	file := filepath.Join(a, "f")
	if err := os.WriteFile(file, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	r, err := NewRoots([]string{a, b}, []string{filepath.Join(b, "private")})
	if err != nil {
		t.Fatal(err)
	}
	if got := r.List(); len(got) != 2 || got[0] != a || got[1] != b {
		t.Errorf("List = %v", got)
	}
	if p, err := r.Resolve(filepath.Join(b, "x")); err != nil || p != filepath.Join(b, "x") {
		t.Errorf("second root: %q %v", p, err)
	}
	if p, err := r.Resolve("rel"); err != nil || p != filepath.Join(a, "rel") {
		t.Errorf("relative path should start in the first root: %q %v", p, err)
	}
	if _, err := r.Resolve(filepath.Join(b, "private", "x")); !errors.Is(err, ErrExcluded) {
		t.Errorf("excluded in second root: %v", err)
	}
	if _, err := DefaultRoots("", "", "").Resolve("/tmp/x"); !errors.Is(err, ErrOutside) {
		t.Errorf("no home, no roots: %v", err)
	}
	if _, err := DefaultRoots("", "", "").Resolve("x"); err == nil {
		t.Error("a relative path with no roots was accepted")
	}
	if n := len(Tools(Config{})); n != 11 {
		t.Errorf("Tools with a zero Config: %d tools", n)
	}
	for _, bad := range [][]string{nil, {file}, {filepath.Join(a, "missing")}, {""}} {
		if _, err := NewRoots(bad, nil); err == nil {
			t.Errorf("NewRoots(%q) accepted", bad)
		}
	}
}

func TestDefaultExcludes(t *testing.T) {
	ex := DefaultExcludes("/home/ada", "/home/ada/.local/share/kin", "")
	for _, want := range []string{"/home/ada/.ssh", "/home/ada/.gnupg", "/home/ada/.mozilla", "/home/ada/.docker/config.json",
		"/home/ada/.config/google-chrome", "/home/ada/snap/firefox", "/home/ada/.local/share/kin"} {
		found := false
		for _, e := range ex {
			found = found || e == want
		}
		if !found {
			t.Errorf("DefaultExcludes lacks %s", want)
		}
	}
}

func TestRootsHomeSymlink(t *testing.T) {
	// The home named through a symbolic link (say /home -> /usr/home):
	// links above the root are the system's business, not a refusal.
	real, base := realTemp(t), realTemp(t)
	home := filepath.Join(base, "home")
	if err := os.Symlink(real, home); err != nil {
		t.Fatal(err)
	}
	r := DefaultRoots(home, "", "")
	got, err := r.Resolve(filepath.Join(home, "a.txt"))
	if err != nil || got != filepath.Join(real, "a.txt") {
		t.Fatalf("Resolve through a linked home = %q, %v", got, err)
	}
	if d := r.Display(got); d != "~/a.txt" {
		t.Errorf("Display = %q", d)
	}
	if _, err := r.Resolve(filepath.Join(home, ".ssh/id")); !errors.Is(err, ErrExcluded) {
		t.Errorf("excluded through a linked home: %v", err)
	}
}

// FuzzResolve checks that Resolve never returns a path outside the roots
// or inside an excluded place, whatever it is given.
func FuzzResolve(f *testing.F) {
	home, outside := realTemp(f), realTemp(f)
	for _, d := range []string{"a/b", ".ssh", "c"} {
		if err := os.MkdirAll(filepath.Join(home, d), 0o755); err != nil {
			f.Fatal(err)
		}
	}
	for target, name := range map[string]string{outside: "a/out", "../..": "a/b/up", "../.ssh": "c/keys", "b": "a/in"} {
		if err := os.Symlink(target, filepath.Join(home, name)); err != nil {
			f.Fatal(err)
		}
	}
	r := DefaultRoots(home, "", "")
	for _, seed := range []string{"a/b", "~/a/out/x", "a/b/up/up", "../x", "/etc", "c/keys/k", "a/in/../../.ssh", "~", "./././a//b/", "a/b/../../.."} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, p string) {
		got, err := r.Resolve(p)
		if err != nil {
			return
		}
		if !within(got, home) {
			t.Fatalf("Resolve(%q) = %q, outside %s", p, got, home)
		}
		if within(got, filepath.Join(home, ".ssh")) {
			t.Fatalf("Resolve(%q) = %q, inside the excluded .ssh", p, got)
		}
		if real, err := filepath.EvalSymlinks(got); err == nil && !within(real, home) {
			t.Fatalf("Resolve(%q) = %q, which really is %q", p, got, real)
		}
	})
}

func TestUsableRootsLeaveOutMissingFolders(t *testing.T) {
	a, b := realTemp(t), realTemp(t)
	missing := filepath.Join(a, "Documents")
	r, skipped, err := UsableRoots([]string{missing, b}, []string{filepath.Join(b, "private")})
	if err != nil {
		t.Fatalf("one missing root of two: %v", err)
	}
	if got := r.List(); len(got) != 1 || got[0] != b {
		t.Errorf("List = %v, want only %s", got, b)
	}
	if len(skipped) != 1 || !errors.Is(skipped[0], os.ErrNotExist) || !strings.Contains(skipped[0].Error(), missing) {
		t.Errorf("skipped = %v, want the missing %s", skipped, missing)
	}
	if p, err := r.Resolve("x"); err != nil || p != filepath.Join(b, "x") {
		t.Errorf("relative paths should start in the first usable root: %q %v", p, err)
	}
	if _, err := r.Resolve(filepath.Join(b, "private", "x")); !errors.Is(err, ErrExcluded) {
		t.Errorf("excludes lost: %v", err)
	}

	for _, dirs := range [][]string{nil, {missing}, {missing, filepath.Join(b, "gone")}} {
		if r, _, err := UsableRoots(dirs, nil); err == nil || r != nil {
			t.Errorf("UsableRoots(%q) = %v, %v; want an error: no root is usable", dirs, r, err)
		}
	}
	if _, _, err := UsableRoots([]string{b}, []string{"~nobody/x"}); err == nil {
		t.Error("a bad exclude was accepted")
	}
	// NewRoots still refuses the whole list.
	if _, err := NewRoots([]string{missing, b}, nil); err == nil {
		t.Error("NewRoots accepted a missing root")
	}
}
