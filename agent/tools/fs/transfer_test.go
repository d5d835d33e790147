package fs

import (
	"os"
	"strings"
	"testing"

	"github.com/kin-companion/kin/agent/tools"
)

func TestCopy(t *testing.T) {
	s := newSandbox(t)
	s.file("proj/src/main.go", "package main\n")
	s.file("proj/README", "read me")
	s.link("README", "proj/readme-link")
	s.file("other.txt", "other")
	s.link(s.outside, "out")
	cases := []struct {
		name, path, dest string
		wantErr          string
		want             string
		check            map[string]string // file -> content afterwards
	}{
		{"file", "~/notes/todo.txt", "~/backup/todo.txt", "", "copied ~/notes/todo.txt to ~/backup/todo.txt (9 B)", map[string]string{"backup/todo.txt": "buy milk\n", "notes/todo.txt": "buy milk\n"}},
		{"into a folder", "~/other.txt", "~/notes", "", "to ~/notes/other.txt", map[string]string{"notes/other.txt": "other"}},
		{"replace a file", "~/other.txt", "~/backup/todo.txt", "", "replacing the old file", map[string]string{"backup/todo.txt": "other"}},
		{"folder", "~/proj", "~/proj2", "", "copied folder ~/proj to ~/proj2 (3 files, 2 folders", map[string]string{"proj2/src/main.go": "package main\n", "proj2/readme-link": "read me"}},
		{"folder over a folder", "~/proj", "~/proj2", "", "to ~/proj2/proj", map[string]string{"proj2/proj/README": "read me"}},
		{"into itself", "~/proj", "~/proj/src/again", "a folder cannot go inside itself", "", nil},
		{"same", "~/other.txt", "~/other.txt", "same place", "", nil},
		{"the root", "~", "~/copy-of-home", "is one of the folders kin may use", "", nil},
		{"holds a private place", "~/.local", "~/local-copy", "a private place kin never touches", "", nil},
		{"private source", "~/.ssh/id_ed25519", "~/key", "private place", "", nil},
		{"dest outside", "~/other.txt", "~/out/x.txt", "outside the folders", "", nil},
		{"missing", "~/nope", "~/x", "does not exist", "", nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			res, err := s.call("fs_copy", obj{"path": c.path, "dest": c.dest})
			expect(t, res, err, c.wantErr, c.want)
			for f, want := range c.check {
				if got := s.read(f); got != want {
					t.Errorf("%s holds %q, want %q", f, got, want)
				}
			}
		})
	}
	if fi, err := os.Lstat(s.p("proj2/readme-link")); err != nil || fi.Mode()&os.ModeSymlink == 0 {
		t.Errorf("a link inside a copied folder should stay a link: %v", err)
	}
	res, err := s.call("fs_copy", obj{"path": "~/other.txt"})
	expect(t, res, err, `"dest" is missing`)
}

func TestMove(t *testing.T) {
	s := newSandbox(t)
	s.file("a.txt", "A")
	s.file("b.txt", "B")
	s.file("dir/inner.txt", "in")
	s.link("a.txt", "link")
	cases := []struct {
		name, path, dest string
		wantErr          string
		want             string
		gone             string
		check            map[string]string
	}{
		{"rename", "~/a.txt", "~/renamed.txt", "", "moved ~/a.txt to ~/renamed.txt", "a.txt", map[string]string{"renamed.txt": "A"}},
		{"into a folder", "~/renamed.txt", "~/dir", "", "to ~/dir/renamed.txt", "renamed.txt", map[string]string{"dir/renamed.txt": "A"}},
		{"new folders", "~/b.txt", "~/x/y/b.txt", "", "moved", "b.txt", map[string]string{"x/y/b.txt": "B"}},
		{"replace", "~/x/y/b.txt", "~/dir/renamed.txt", "", "replacing the file", "x/y/b.txt", map[string]string{"dir/renamed.txt": "B"}},
		{"the link, not its target", "~/link", "~/link2", "", "moved ~/link to ~/link2", "link", nil},
		{"folder", "~/dir", "~/dir2", "", "moved ~/dir to ~/dir2", "dir", map[string]string{"dir2/inner.txt": "in"}},
		{"into itself", "~/dir2", "~/dir2/sub", "cannot go inside itself", "", "", nil},
		{"the root", "~", "~/elsewhere", "is one of the folders", "", "", nil},
		{"private", "~/.ssh", "~/keys", "private place", "", "", nil},
		{"outside", "~/dir2", "/tmp/stolen", "outside the folders", "", "", nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			res, err := s.call("fs_move", obj{"path": c.path, "dest": c.dest})
			expect(t, res, err, c.wantErr, c.want)
			if c.gone != "" {
				if _, err := os.Lstat(s.p(c.gone)); err == nil {
					t.Errorf("%s is still there", c.gone)
				}
			}
			for f, want := range c.check {
				if got := s.read(f); got != want {
					t.Errorf("%s holds %q, want %q", f, got, want)
				}
			}
		})
	}
	if target, err := os.Readlink(s.p("link2")); err != nil || target != "a.txt" {
		t.Errorf("moved link: %q %v", target, err)
	}
}

func TestTransferAssess(t *testing.T) {
	s := newSandbox(t)
	s.file("docs/a.txt", "aaa")
	s.file("docs/b.txt", "b")
	cases := []struct {
		tool    string
		args    obj
		risk    tools.Risk
		scope   string
		summary string
	}{
		{"fs_copy", obj{"path": "~/docs/a.txt", "dest": "~/docs/c.txt"}, tools.Medium, s.p("docs/c.txt"), "copy ~/docs/a.txt to ~/docs/c.txt"},
		{"fs_copy", obj{"path": "~/docs/a.txt", "dest": "~/docs/b.txt"}, tools.High, s.p("docs/b.txt"), "replacing the 1 B already there"},
		{"fs_move", obj{"path": "~/docs/a.txt", "dest": "~/notes"}, tools.Medium, s.home, "move ~/docs/a.txt to ~/notes/a.txt"},
		{"fs_move", obj{"path": "~/docs/a.txt", "dest": "~/docs/new.txt"}, tools.Medium, s.p("docs"), "move"},
		{"fs_move", obj{"path": "~/docs/a.txt", "dest": "~/docs/b.txt"}, tools.High, s.p("docs"), "replacing"},
		{"fs_move", obj{"path": "~/docs/a.txt", "dest": "~/.bashrc"}, tools.High, s.home, "runs or loads on its own"},
		{"fs_move", obj{"path": "~", "dest": "~/x"}, tools.Medium, "", "will be refused"},
	}
	for _, c := range cases {
		a := s.grade(c.tool, c.args)
		if a.Risk != c.risk || (c.scope != "" && a.Scope != c.scope) || !strings.Contains(a.Summary, c.summary) {
			t.Errorf("%s %v: %+v, want risk %v scope %q summary %q", c.tool, c.args, a, c.risk, c.scope, c.summary)
		}
	}
	if s.read("docs/a.txt") != "aaa" || s.read("docs/b.txt") != "b" {
		t.Error("assessing changed files")
	}
}
