package catalog

import (
	"os"
	"path/filepath"
	"slices"
	"testing"
)

func TestNamesCoverEveryFamily(t *testing.T) {
	names := Names("")
	// One name from each family, and every tool whose calls can be high risk: those
	// are the ones a permission grant is for.
	for _, want := range []string{
		"wave", "remember", "get_datetime", "ask_user", "change_voice", "tool_search",
		"parse_json", "memory_write", "todo_add", "fs_read", "fs_write", "fs_edit", "fs_delete",
		"fs_copy", "fs_move", "exec_shell", "process_kill", "screenshot", "keyboard_type",
		"keyboard_keys", "mouse_click", "open", "observe_screen", "http_fetch", "create_board",
		"schedule_task", "spawn_subagent", "greet", "validate-model", "sign-action",
	} {
		if !slices.Contains(names, want) {
			t.Errorf("Names lacks %s:\n%v", want, names)
		}
	}
	if !slices.IsSorted(names) || len(slices.Compact(slices.Clone(names))) != len(names) {
		t.Errorf("Names is not sorted and unique: %v", names)
	}
}

func TestNamesIncludeInstalledSkills(t *testing.T) {
	data := t.TempDir()
	dir := filepath.Join(data, "skills", "tidy-desk")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "SKILL.md"), []byte(tidyDesk), 0o644); err != nil {
		t.Fatal(err)
	}
	if names := Names(data); !slices.Contains(names, "tidy-desk") {
		t.Errorf("Names(%s) lacks the installed skill tidy-desk: %v", data, names)
	}
}

const tidyDesk = `---
name: tidy-desk
description: Sort the files on the desktop into folders.
version: 1.0.0
---
List ~/Desktop, propose folders, and move the files once the user agrees.
`

func TestIsMCP(t *testing.T) {
	for name, want := range map[string]bool{
		"mcp__github__create_issue": true, "mcp__a__b": true,
		"mcp__github": false, "mcp____x": false, "mcp__x__": false, "exec_shell": false, "mcp_x__y": false,
	} {
		if got := IsMCP(name); got != want {
			t.Errorf("IsMCP(%q) = %v", name, got)
		}
	}
}
