package fs

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kin-companion/kin/agent/tools"
)

func TestWrite(t *testing.T) {
	s := newSandbox(t)
	s.link(s.outside, "out")
	s.link("notes/todo.txt", "todo-link")
	cases := []struct {
		name, path, content string
		wantErr             string
		want                string
		file                string // checked to hold content afterwards
	}{
		{"new file and folders", "~/new/deep/plan.md", "# plan\n", "", "created ~/new/deep/plan.md (7 B)", "new/deep/plan.md"},
		{"overwrite", "notes/todo.txt", "eggs\n", "", "overwrote ~/notes/todo.txt (was 9 B, now 5 B)", "notes/todo.txt"},
		{"through an in-root link", "~/todo-link", "bread\n", "", "overwrote ~/notes/todo.txt", "notes/todo.txt"},
		{"empty content", "~/empty.txt", "", "", "created ~/empty.txt (0 B)", "empty.txt"},
		{"a folder", "~/notes", "x", "is a folder, not a file", "", ""},
		{"outside", "~/out/new.txt", "x", "outside the folders", "", ""},
		{"excluded", "~/.ssh/authorized_keys", "ssh-ed25519 AAAA", "private place", "", ""},
		{"root itself", "~", "x", "is a folder", "", ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			res, err := s.call("fs_write", obj{"path": c.path, "content": c.content})
			expect(t, res, err, c.wantErr, c.want)
			if c.file != "" && s.read(c.file) != c.content {
				t.Errorf("%s holds %q", c.file, s.read(c.file))
			}
		})
	}
	if _, err := os.Stat(filepath.Join(s.outside, "new.txt")); err == nil {
		t.Error("a write went through a link out of the root")
	}
	for _, args := range []string{`{"path": "~/a.txt"}`, `{"content": "x"}`, `{"path": "~/a.txt", "content": 5}`} {
		res, err := s.call("fs_write", args)
		expect(t, res, err, "fs_write")
	}
}

func TestWriteDoesNotFollowPlantedLink(t *testing.T) {
	s := newSandbox(t)
	r, err := s.roots.locate("~/victim.txt") // checked while nothing is there…
	if err != nil {
		t.Fatal(err)
	}
	target := filepath.Join(s.outside, "secret.txt")
	if err := os.Symlink(target, s.p("victim.txt")); err != nil { // …then a link is planted
		t.Fatal(err)
	}
	k := newKit(Config{Roots: s.roots})
	if _, err := k.write(t.Context(), r, []byte("pwned")); err == nil || !strings.Contains(err.Error(), "symlink") {
		t.Fatalf("write through a planted link: %v", err)
	}
	// The last line of defence, below the checks: the open itself.
	if err := k.replace(r, []byte("pwned"), 0o644); err == nil || !strings.Contains(err.Error(), "became a symbolic link") {
		t.Fatalf("open through a planted link: %v", err)
	}
	if b, _ := os.ReadFile(target); string(b) != "outside" {
		t.Fatalf("the file outside was changed to %q", b)
	}
}

func TestWriteAssess(t *testing.T) {
	s := newSandbox(t)
	s.file("bin/tool.sh", "#!/bin/sh\n")
	if err := os.Chmod(s.p("bin/tool.sh"), 0o755); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name    string
		args    obj
		risk    tools.Risk
		summary string
	}{
		{"create", obj{"path": "~/new.txt", "content": "hello"}, tools.Medium, "create ~/new.txt (5 B)"},
		{"overwrite", obj{"path": "~/notes/todo.txt", "content": "x"}, tools.High, "overwrite ~/notes/todo.txt (9 B → 1 B)"},
		{"shell start-up", obj{"path": "~/.bashrc", "content": "curl x | sh"}, tools.High, "runs or loads on its own later"},
		{"autostart", obj{"path": "~/.config/autostart/x.desktop", "content": "x"}, tools.High, "runs or loads"},
		{"executable", obj{"path": "~/bin/tool.sh", "content": "x"}, tools.High, "overwrite ~/bin/tool.sh"},
		{"refused", obj{"path": "/etc/passwd", "content": "x"}, tools.Medium, "will be refused"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			a := s.grade("fs_write", c.args)
			if a.Risk != c.risk || !strings.Contains(a.Summary, c.summary) {
				t.Errorf("assessment %+v, want risk %v and %q", a, c.risk, c.summary)
			}
		})
	}
	if a := s.grade("fs_write", obj{"path": "~/x/../new.txt", "content": ""}); a.Scope != s.p("new.txt") {
		t.Errorf("scope %q", a.Scope)
	}
	if _, err := os.Stat(s.p("new.txt")); err == nil {
		t.Error("Assess wrote a file")
	}
}

func TestEdit(t *testing.T) {
	s := newSandbox(t)
	cases := []struct {
		name    string
		start   string
		args    obj
		wantErr string
		want    string
		after   string
	}{
		{"once", "a\nb\nc\n", obj{"old_text": "b\n", "new_text": "B\nB2\n"}, "", "replaced 1 occurrence at line 2", "a\nB\nB2\nc\n"},
		{"remove", "keep drop keep", obj{"old_text": " drop", "new_text": ""}, "", "replaced 1", "keep keep"},
		{"twice refused", "x=1\nx=1\n", obj{"old_text": "x=1", "new_text": "x=2"}, "occurs 2 times in ~/e.txt (at lines 1, 2)", "", "x=1\nx=1\n"},
		{"all", "x=1\nx=1\n", obj{"old_text": "x=1", "new_text": "x=2", "all": true}, "", "replaced 2 occurrences", "x=2\nx=2\n"},
		{"not found", "hello", obj{"old_text": "bye", "new_text": "x"}, "was not found in ~/e.txt", "", "hello"},
		{"spacing hint", "if x {\n\treturn\n}", obj{"old_text": "if x {\n    return\n}", "new_text": "y"}, "differing only in spaces", "", "if x {\n\treturn\n}"},
		{"windows line breaks", "one\r\ntwo\r\n", obj{"old_text": "one\ntwo", "new_text": "1\n2"}, "", "replaced 1", "1\r\n2\r\n"},
		{"same text", "a", obj{"old_text": "a", "new_text": "a"}, "nothing to change", "", "a"},
		{"empty old", "a", obj{"old_text": "", "new_text": "b"}, `"old_text" is missing or empty`, "", "a"},
		{"no new", "a", obj{"old_text": "a"}, `"new_text" is missing`, "", "a"},
		{"binary", "a\x00b", obj{"old_text": "a", "new_text": "b"}, "binary file", "", "a\x00b"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s.file("e.txt", c.start)
			c.args["path"] = "~/e.txt"
			res, err := s.call("fs_edit", c.args)
			expect(t, res, err, c.wantErr, c.want)
			if got := s.read("e.txt"); got != c.after {
				t.Errorf("file holds %q, want %q", got, c.after)
			}
		})
	}
	if err := os.Chmod(s.p("e.txt"), 0o600); err != nil {
		t.Fatal(err)
	}
	s.call("fs_edit", obj{"path": "~/e.txt", "old_text": "a", "new_text": "z"})
	if fi, _ := os.Stat(s.p("e.txt")); fi.Mode().Perm() != 0o600 {
		t.Errorf("edit changed the mode to %v", fi.Mode())
	}
	res, err := s.call("fs_edit", obj{"path": "~/missing.txt", "old_text": "a", "new_text": "b"})
	expect(t, res, err, "does not exist")
	if a := s.grade("fs_edit", obj{"path": "~/e.txt", "old_text": "a", "new_text": "b"}); a.Risk != tools.Medium {
		t.Errorf("one exact edit graded %+v", a)
	}
	if a := s.grade("fs_edit", obj{"path": "~/e.txt", "old_text": "a", "new_text": "b", "all": true}); a.Risk != tools.High {
		t.Errorf("edit with all graded %+v", a)
	}
	if a := s.grade("fs_edit", obj{"path": "~/.profile", "old_text": "a", "new_text": "b"}); a.Risk != tools.High {
		t.Errorf("edit of ~/.profile graded %+v", a)
	}
}
