package main

import (
	"bytes"
	"strings"
	"testing"
)

// TestWindowWithoutDisplay: with no display kin says so and names what
// still works, instead of crashing.
func TestWindowWithoutDisplay(t *testing.T) {
	t.Setenv("DISPLAY", "")
	t.Setenv("WAYLAND_DISPLAY", "")
	var out, errb bytes.Buffer
	if code := run(nil, &out, &errb); code != 1 || !strings.Contains(errb.String(), "no display") || !strings.Contains(errb.String(), "kin chat") {
		t.Errorf("exit %d, stderr %q", code, errb.String())
	}
	if code := run([]string{"shot", "x.png"}, &out, &errb); code != 1 {
		t.Errorf("shot without a display: exit %d", code)
	}
}

// TestWindowBinaryMissing: with a display but no kin-window, the error
// says what is missing and how to get it.
func TestWindowBinaryMissing(t *testing.T) {
	t.Setenv("DISPLAY", ":99")
	t.Setenv("PATH", t.TempDir())
	var out, errb bytes.Buffer
	if code := run([]string{"--portrait"}, &out, &errb); code != 1 || !strings.Contains(errb.String(), "kin-window") {
		t.Errorf("exit %d, stderr %q", code, errb.String())
	}
}

func TestSimulateCommand(t *testing.T) {
	var out, errb bytes.Buffer
	code := run([]string{"simulate", "--seconds", "0.5", "--json"}, &out, &errb)
	if code != 0 || !strings.Contains(out.String(), `"emotions"`) || !strings.Contains(out.String(), `"tiltDeg"`) {
		t.Errorf("exit %d, stdout %s, stderr %s", code, out.String(), errb.String())
	}
	code = run([]string{"simulate", "--events", "/nonexistent.jsonl"}, &out, &errb)
	if code != 1 || !strings.Contains(errb.String(), "nonexistent.jsonl") {
		t.Errorf("missing events file: exit %d, stderr %s", code, errb.String())
	}
}
