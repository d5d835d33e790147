package main

import (
	"bytes"
	"path/filepath"
	"strings"
	"testing"
)

func TestCmdMemoryThroughRun(t *testing.T) {
	data := t.TempDir()
	var out, errb bytes.Buffer
	code := run([]string{"memory", "add", "--data", data, "--type", "user", "--key", "pet", "--name", "Pet",
		"--description", "their cat", "Miso, a grey cat"}, &out, &errb)
	if code != 0 || out.String() != "remembered pet\n" {
		t.Fatalf("add: %d %q %q", code, out.String(), errb.String())
	}
	out.Reset()
	if code := run([]string{"memory", "search", "cat", "--data", data}, &out, &errb); code != 0 || !strings.Contains(out.String(), "Miso, a grey cat") {
		t.Errorf("search: %d %q", code, out.String())
	}
	dir := filepath.Join(t.TempDir(), "export")
	if code := run([]string{"memory", "export", dir, "--data", data}, &out, &errb); code != 0 {
		t.Errorf("export: %d %q", code, errb.String())
	}
	out.Reset()
	if code := run([]string{"memory"}, &out, &errb); code != 2 || !strings.Contains(out.String(), "kin memory add") {
		t.Errorf("usage: %d %q", code, out.String())
	}
}
