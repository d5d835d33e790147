package fs

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/kin-companion/kin/agent/tools"
)

func TestDeleteToTrash(t *testing.T) {
	s := newSandbox(t)
	trash := s.p(".local/share/Trash")
	s.file("my notes/plan a.txt", "first")
	res, err := s.call("fs_delete", obj{"path": "~/my notes/plan a.txt"})
	expect(t, res, err, "", "moved ~/my notes/plan a.txt to the trash (~/.local/share/Trash/files/plan a.txt)")
	if got, _ := os.ReadFile(filepath.Join(trash, "files", "plan a.txt")); string(got) != "first" {
		t.Errorf("trashed file holds %q", got)
	}
	info, err := os.ReadFile(filepath.Join(trash, "info", "plan a.txt.trashinfo"))
	if err != nil {
		t.Fatal(err)
	}
	want := "[Trash Info]\nPath=" + s.home + "/my%20notes/plan%20a.txt\nDeletionDate=2026-03-04T05:06:07\n"
	if string(info) != want {
		t.Errorf(".trashinfo =\n%s\nwant\n%s", info, want)
	}
	if _, err := os.Stat(s.p("my notes/plan a.txt")); err == nil {
		t.Error("the file is still in place")
	}

	// A name clash gets a numbered name; a folder goes whole.
	s.file("my notes/plan a.txt", "second")
	res, err = s.call("fs_delete", obj{"path": "~/my notes/plan a.txt"})
	expect(t, res, err, "", "files/plan a.2.txt")
	if got, _ := os.ReadFile(filepath.Join(trash, "files", "plan a.2.txt")); string(got) != "second" {
		t.Errorf("clashing file holds %q", got)
	}
	if _, err := os.Stat(filepath.Join(trash, "info", "plan a.2.txt.trashinfo")); err != nil {
		t.Errorf("no info for the clashing file: %v", err)
	}
	res, err = s.call("fs_delete", obj{"path": "~/my notes"})
	expect(t, res, err, "", "files/my notes)")
}

func TestDeleteLinkNotTarget(t *testing.T) {
	s := newSandbox(t)
	s.link("notes/todo.txt", "shortcut")
	res, err := s.call("fs_delete", obj{"path": "~/shortcut"})
	expect(t, res, err, "", "moved ~/shortcut to the trash")
	if s.read("notes/todo.txt") != "buy milk\n" {
		t.Error("deleting a link removed its target")
	}
}

func TestDeleteRefusals(t *testing.T) {
	s := newSandbox(t)
	s.file("x.txt", "x")
	s.call("fs_delete", obj{"path": "~/x.txt"}) // makes the trash
	s.file(".Trash-"+strconv.Itoa(os.Getuid())+"/files/a", "")
	cases := []struct{ name, path, wantErr string }{
		{"root", "~", "is one of the folders kin may use"},
		{"holds private", "~/.local", "a private place kin never touches"},
		{"private", "~/.ssh/id_ed25519", "private place"},
		{"trash", "~/.local/share/Trash/files/x.txt", "the trash"},
		{"outside", "/etc/hostname", "outside"},
		{"missing", "~/nope", "does not exist"},
		{"a disk's trash", "~/.Trash-" + strconv.Itoa(os.Getuid()) + "/files/a", "in a trash folder already"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			res, err := s.call("fs_delete", obj{"path": c.path})
			expect(t, res, err, c.wantErr)
		})
	}
	if _, err := os.Stat(s.p(".ssh/id_ed25519")); err != nil {
		t.Error("a refused delete removed the key")
	}
}

func TestDeleteNeverUnlinks(t *testing.T) {
	s := newSandbox(t)
	s.file("keep.txt", "precious")
	// A trash that cannot be made: its parent is a file.
	s.file("blocked", "")
	s.use(Config{Trash: s.p("blocked/Trash")})
	res, err := s.call("fs_delete", obj{"path": "~/keep.txt"})
	expect(t, res, err, "nothing was deleted")
	if s.read("keep.txt") != "precious" {
		t.Error("the file is gone although the trash failed")
	}
}

func TestDeleteAssess(t *testing.T) {
	s := newSandbox(t)
	cases := []struct {
		path, scope, summary string
	}{
		{"~/notes/todo.txt", s.p("notes/todo.txt"), "delete ~/notes/todo.txt (9 B, to the trash)"},
		{"~/notes", s.p("notes"), "delete ~/notes (folder, to the trash)"},
		{"~/gone.txt", s.p("gone.txt"), "delete ~/gone.txt (to the trash)"},
		{"/etc/passwd", "/etc/passwd", "will be refused"},
		{"~", s.home, "will be refused: fs_delete: ~ is one of the folders"},
	}
	for _, c := range cases {
		a := s.grade("fs_delete", obj{"path": c.path})
		if a.Risk != tools.High || a.Scope != c.scope || !strings.Contains(a.Summary, c.summary) {
			t.Errorf("fs_delete %s: %+v", c.path, a)
		}
	}
	if s.read("notes/todo.txt") != "buy milk\n" {
		t.Error("assessing deleted")
	}
}

func TestTrashNames(t *testing.T) {
	for _, c := range []struct {
		base string
		i    int
		want string
	}{{"a.txt", 1, "a.txt"}, {"a.txt", 2, "a.2.txt"}, {".bashrc", 3, ".bashrc.3"}, {"dir", 2, "dir.2"}, {"a.tar.gz", 2, "a.tar.2.gz"}} {
		if got := numbered(c.base, c.i); got != c.want {
			t.Errorf("numbered(%q, %d) = %q, want %q", c.base, c.i, got, c.want)
		}
	}
	if got := shorten(strings.Repeat("é", 150), 201); len(got) != 200 {
		t.Errorf("shorten cut inside a character: %d bytes", len(got))
	}
}
