package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// runSkill runs `kin skill ARGS --data data` and returns the status and output.
func runSkill(data string, args ...string) (int, string, string) {
	var out, errb bytes.Buffer
	code := cmdSkill(append(args, "--data", data), &out, &errb)
	return code, out.String(), errb.String()
}

// TestCmdSkill: add a bundle folder, see it in list and info, refuse a
// second add, remove it, and report a missing one.
func TestCmdSkill(t *testing.T) {
	data := t.TempDir()
	src := filepath.Join(t.TempDir(), "tea")
	os.MkdirAll(src, 0o755)
	os.WriteFile(filepath.Join(src, "SKILL.md"), []byte("---\nname: tea\ndescription: Brew tea.\nversion: 1.1.0\ndependencies: [\"kettle@^2\"]\n---\nBoil water.\n"), 0o644)

	steps := []struct {
		args []string
		code int
		out  string // part of stdout, or of stderr when code != 0
	}{
		{[]string{"add", src}, 0, "installed tea 1.1.0 in " + filepath.Join(data, "skills", "tea")},
		{[]string{"add", src}, 1, "already installed"},
		{[]string{"list"}, 0, "tea              1.1.0    Brew tea. (installed, instruction)"},
		{[]string{"list"}, 0, "greet            1.0.0"},
		{[]string{"info", "tea"}, 0, "dependencies: kettle ^2"},
		{[]string{"info", "validate-model"}, 0, "from:         built-in"},
		{[]string{"remove", "tea"}, 0, "removed tea"},
		{[]string{"info", "tea"}, 1, "no such skill is installed: tea"},
		{[]string{"remove", "../x"}, 1, "is not a skill name"},
		{[]string{"add", filepath.Join(src, "nope.zip")}, 1, "there is no skill at"},
		{[]string{"frob"}, 2, "unknown command"},
		{[]string{"add"}, 2, "expected 1 argument"},
	}
	for _, s := range steps {
		code, out, errs := runSkill(data, s.args...)
		got := out
		if s.code != 0 {
			got = errs
		}
		if code != s.code || !strings.Contains(got, s.out) {
			t.Errorf("kin skill %v: status %d, stdout %q, stderr %q; want %d and %q", s.args, code, out, errs, s.code, s.out)
		}
	}
}

func TestCmdSkillJSON(t *testing.T) {
	code, out, errs := runSkill(t.TempDir(), "list", "--json")
	var entries []skillEntry
	if code != 0 || json.Unmarshal([]byte(out), &entries) != nil || len(entries) != 6 || entries[0].Name != "greet" {
		t.Errorf("status %d, %q %q", code, out, errs)
	}
}
