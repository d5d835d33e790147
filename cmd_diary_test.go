package main

import (
	"bytes"
	"strings"
	"testing"
)

func TestCmdDiaryThroughRun(t *testing.T) {
	data := t.TempDir()
	var out, errb bytes.Buffer
	if code := run([]string{"diary", "verify", "--data", data}, &out, &errb); code != 0 || !strings.Contains(out.String(), "diary verified: 0 entries") {
		t.Errorf("verify: %d %q %q", code, out.String(), errb.String())
	}
	out.Reset()
	if code := run([]string{"diary", "show", "--json", "--data", data}, &out, &errb); code != 0 || strings.TrimSpace(out.String()) != "[]" {
		t.Errorf("show --json: %d %q", code, out.String())
	}
	if code := run([]string{"diary", "rewrite"}, &out, &errb); code != 2 {
		t.Errorf("unknown subcommand: %d", code)
	}
}
