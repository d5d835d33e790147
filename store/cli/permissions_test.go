package cli

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/kin-companion/kin/store"
)

// testTools knows a few tools, as agent/tools/catalog would, and MCP tools.
var testTools = ToolCheck{
	Names: func(string) []string {
		return []string{"exec_shell", "fs_delete", "fs_write", "mouse_click", "process_kill", "wave"}
	},
	Runtime: func(name string) bool { return strings.HasPrefix(name, "mcp__") },
}

func TestPermissionsAllowRefusesUnknownTools(t *testing.T) {
	data := t.TempDir()
	for _, c := range []struct{ tool, want string }{
		{"exec-shell", `kin has no tool "exec-shell"; did you mean exec_shell?`},
		{"Fs_Delete", "did you mean fs_delete?"},
		{"proces_kill", "did you mean process_kill?"},
		{"no_such_tool", "its tools are:\n  exec_shell, fs_delete, fs_write, mouse_click, process_kill, wave\n"},
	} {
		r := run(t, "permissions", "allow", c.tool, "--data", data)
		if r.code != 2 || !strings.Contains(r.stderr, c.want) || r.stdout != "" {
			t.Errorf("allow %s: %+v, want exit 2 saying %q", c.tool, r, c.want)
		}
	}
	if r := run(t, "permissions", "list", "--data", data); !strings.Contains(r.stdout, "nothing is always allowed") {
		t.Errorf("a refused tool was granted:\n%s", r.stdout)
	}
	// MCP tools are accepted though no server runs now.
	if r := run(t, "permissions", "allow", "mcp__github__create_issue", "--data", data); r.code != 0 {
		t.Errorf("allow an MCP tool: %+v", r)
	}
}

func TestPermissionsAllowKeepsGrantedTools(t *testing.T) {
	// A tool granted in a chat ("always") that kin does not list offline — a skill
	// from a character's manifest — can still be granted for another scope.
	data := t.TempDir()
	db, err := store.Open(store.Options{Dir: data, GCInterval: -1})
	if err != nil {
		t.Fatal(err)
	}
	if err := db.Permissions().Grant(store.Grant{Tool: "tidy-desk", Scope: "/a"}); err != nil {
		t.Fatal(err)
	}
	db.Close()
	if r := run(t, "permissions", "allow", "tidy-desk", "/b", "--data", data); r.code != 0 {
		t.Errorf("allow a granted tool again: %+v", r)
	}
}

func TestPermissionsCommands(t *testing.T) {
	data := t.TempDir()
	if r := run(t, "permissions", "list", "--data", data); r.code != 0 || !strings.Contains(r.stdout, "nothing is always allowed") {
		t.Fatalf("empty list: %+v", r)
	}
	for _, args := range [][]string{{"allow", "exec_shell", "git status"}, {"allow", "fs_delete", "/home/u/tmp"}, {"allow", "mouse_click"}} {
		if r := run(t, "permissions", append(args, "--data", data)...); r.code != 0 || !strings.Contains(r.stdout, "without asking") {
			t.Fatalf("%v: %+v", args, r)
		}
	}
	r := run(t, "permissions", "list", "--json", "--data", data)
	var grants []store.Grant
	if err := json.Unmarshal([]byte(r.stdout), &grants); err != nil || len(grants) != 3 || grants[0].Tool != "exec_shell" || grants[0].Scope != "git status" {
		t.Fatalf("list --json: %v %s", err, r.stdout)
	}
	if r := run(t, "permissions", "list", "--data", data); !strings.Contains(r.stdout, "(every call)") || !strings.Contains(r.stdout, "/home/u/tmp") {
		t.Errorf("list: %s", r.stdout)
	}
	if r := run(t, "permissions", "revoke", "fs_delete", "/home/u/tmp", "--data", data); r.code != 0 || !strings.Contains(r.stdout, "ask again") {
		t.Errorf("revoke: %+v", r)
	}
	if r := run(t, "permissions", "revoke", "fs_delete", "--data", data); r.code != 1 || !strings.Contains(r.stderr, "nothing was allowed") {
		t.Errorf("revoke again: %+v", r)
	}
	if r := run(t, "permissions", "revoke", "exec_shell", "--data", data); r.code != 0 {
		t.Errorf("revoke all of a tool: %+v", r)
	}
	if r := run(t, "permissions", "allow", "--data", data); r.code != 2 {
		t.Errorf("allow without a tool: %+v", r)
	}
	if r := run(t, "permissions", "frobnicate", "--data", data); r.code != 2 || !strings.Contains(r.stderr, "kin permissions list") {
		t.Errorf("unknown: %+v", r)
	}
}
