package fs

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/kin-companion/kin/agent/tools"
)

func TestRootsTool(t *testing.T) {
	s := newSandbox(t)
	res, err := s.call("fs_roots", obj{})
	expect(t, res, err, "", "~  ("+s.home+")", "~/.ssh", "~/.local/share/kin", "~/.mozilla")
}

func TestList(t *testing.T) {
	s := newSandbox(t)
	s.file("notes/B.txt", "bb")
	s.file("notes/a.txt", "a")
	s.file("notes/sub/x", "")
	s.link("a.txt", "notes/ln")
	cases := []struct {
		name    string
		args    any
		wantErr string
		want    []string
	}{
		{"sorted", obj{"path": "~/notes"}, "", []string{"~/notes: 5 entries", "a.txt\tfile\t1 B\t", "B.txt\tfile\t2 B", "ln -> a.txt\tsymlink", "sub/\tfolder\t-", "todo.txt\tfile"}},
		{"paged", obj{"path": "~/notes", "limit": 2}, "", []string{"a.txt", "B.txt", "call fs_list with offset=2"}},
		{"second page", obj{"path": "~/notes", "offset": 4}, "", []string{"todo.txt"}},
		{"private shown as such", obj{"path": "~"}, "", []string{".ssh\tprivate (never touched)"}},
		{"a file", obj{"path": "~/notes/a.txt"}, "is a file, not a folder", nil},
		{"missing", obj{"path": "~/nope"}, "does not exist", nil},
		{"mistyped", `{"path": ["~"]}`, "fs_list: bad arguments", nil},
		{"limit mistyped", `{"path": "~", "limit": "all"}`, "limit", nil},
		{"excluded", obj{"path": "~/.ssh"}, "private place", nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			res, err := s.call("fs_list", c.args)
			expect(t, res, err, c.wantErr, c.want...)
		})
	}
	res, _ := s.call("fs_list", obj{"path": "~/notes", "offset": 1, "limit": 1})
	if strings.Contains(res.Text, "a.txt\t") || !strings.Contains(res.Text, "B.txt") {
		t.Errorf("offset 1, limit 1 gave:\n%s", res.Text)
	}
}

func TestStat(t *testing.T) {
	s := newSandbox(t)
	s.link("notes/todo.txt", "todo")
	s.link("notes/missing.txt", "broken")
	cases := []struct {
		name    string
		path    string
		wantErr string
		want    []string
	}{
		{"file", "~/notes/todo.txt", "", []string{"name: todo.txt", "type: file", "size: 9 bytes (9 B)", "mode: -rw-r--r-- (0644)", "modified: "}},
		{"folder", "~/notes", "", []string{"type: folder"}},
		{"symlink", "~/todo", "", []string{"type: symlink", "symlink target: notes/todo.txt (resolves to ~/notes/todo.txt)", "target type: file", "size: 9 bytes"}},
		{"dangling", "~/broken", "", []string{"the target does not exist"}},
		{"missing", "~/nope", "does not exist", nil},
		{"outside", "/etc", "outside", nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			res, err := s.call("fs_stat", obj{"path": c.path})
			expect(t, res, err, c.wantErr, c.want...)
		})
	}
}

func TestWalk(t *testing.T) {
	s := newSandbox(t)
	s.file("proj/a/b/c/d.txt", "deep")
	s.file("proj/a/one.txt", "1")
	s.link("a", "proj/alias")
	res, err := s.call("fs_walk", obj{"path": "~/proj", "max_depth": 2})
	expect(t, res, err, "", "~/proj/ (2 levels deep", "a/\n  b/\n  one.txt (1 B, ", "alias -> a\n")
	if strings.Contains(res.Text, "c/") {
		t.Errorf("max_depth 2 went deeper:\n%s", res.Text)
	}
	res, err = s.call("fs_walk", obj{"path": "~/proj", "max_depth": 10})
	expect(t, res, err, "", "      d.txt (4 B")

	res, err = s.call("fs_walk", obj{"path": "~"})
	expect(t, res, err, "", ".ssh/  (private, not opened)", ".local/")
	if strings.Contains(res.Text, "id_ed25519") || strings.Contains(res.Text, "diary.db") {
		t.Errorf("fs_walk shows private files:\n%s", res.Text)
	}

	for i := range 30 {
		s.file(fmt.Sprintf("many/f%02d", i), "")
	}
	res, err = s.call("fs_walk", obj{"path": "~/many", "limit": 10})
	expect(t, res, err, "", "f00", "f09", "call fs_walk with offset=10")
	res, err = s.call("fs_walk", obj{"path": "~/many", "limit": 10, "offset": 25})
	expect(t, res, err, "", "f25", "f29")
	if strings.Contains(res.Text, "offset=") || strings.Contains(res.Text, "f24") {
		t.Errorf("last page:\n%s", res.Text)
	}
	res, err = s.call("fs_walk", obj{"path": "~/proj/a/one.txt"})
	expect(t, res, err, "is a file")
	res, err = s.call("fs_walk", obj{"path": "~/proj", "max_depth": "deep"})
	expect(t, res, err, "max_depth")
}

func TestReadOnlyMeta(t *testing.T) {
	s := newSandbox(t)
	for name, tl := range s.tools {
		ro := map[string]bool{"fs_roots": true, "fs_list": true, "fs_stat": true, "fs_read": true, "fs_search": true, "fs_walk": true}[name]
		if tl.Meta.ReadOnly != ro || tl.Meta.ConcurrencySafe != ro {
			t.Errorf("%s: ReadOnly %v, ConcurrencySafe %v", name, tl.Meta.ReadOnly, tl.Meta.ConcurrencySafe)
		}
		if ro && tl.Meta.Risk != tools.Low {
			t.Errorf("%s: read-only tool with risk %v", name, tl.Meta.Risk)
		}
		if strings.TrimSpace(tl.Description) == "" || len(tl.Schema) == 0 || tl.Assess == nil {
			t.Errorf("%s: description, schema or Assess missing", name)
		}
	}
	if len(s.tools) != 11 {
		t.Errorf("%d tools, want 11", len(s.tools))
	}
	a := s.grade("fs_read", obj{"path": "~/notes/todo.txt"})
	if a.Risk != tools.Low || a.Scope != s.p("notes/todo.txt") || a.Summary != "read ~/notes/todo.txt" {
		t.Errorf("fs_read assessment %+v", a)
	}
	if a := s.grade("fs_list", obj{"path": "/etc"}); !strings.Contains(a.Summary, "refused") || a.Scope != "/etc" {
		t.Errorf("refused fs_list assessment %+v", a)
	}
	if _, err := os.Stat(s.p(".local/share/Trash")); err == nil {
		t.Error("assessing created the trash")
	}
}
