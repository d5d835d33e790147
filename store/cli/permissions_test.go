package cli

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/kin-companion/kin/store"
)

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
