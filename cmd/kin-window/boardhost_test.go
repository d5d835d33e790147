package main

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/kin-companion/kin/agent/protocol"
	"github.com/kin-companion/kin/internal/companion"
	"github.com/kin-companion/kin/internal/settings"
)

// TestBoardHost: a link clicked on the whiteboard runs the open tool
// through the gate (the diary sees a call by "board"), reaching the
// system opener — here a script on PATH that records its argument — and
// the open tool refuses what it refuses for the model; Copy puts the text
// on the X clipboard (read back with xclip); pictures resolve only inside
// the roots.
func TestBoardHost(t *testing.T) {
	if os.Getenv("DISPLAY") == "" {
		t.Fatal("run under a display: xvfb-run -a go test ./cmd/kin-window")
	}
	bin, root := t.TempDir(), t.TempDir()
	record := filepath.Join(t.TempDir(), "opened")
	opener := "#!/bin/sh\nprintf '%s' \"$1\" > " + record + "\n"
	if err := os.WriteFile(filepath.Join(bin, "xdg-open"), []byte(opener), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Setenv("PATH", bin+string(os.PathListSeparator)+os.Getenv("PATH"))
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	bus := protocol.New("")
	calls := bus.Subscribe(protocol.ToolCall)
	c, err := companion.Start(ctx, companion.Options{DataDir: t.TempDir(), Roots: []string{root}, Bus: bus,
		Settings: &settings.Settings{}, MCPConfig: "-", Getenv: func(string) string { return "" }})
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	h := boardHost(ctx, c)

	if err := h.Open("https://example.org/plan?week=47"); err != nil {
		t.Fatalf("open: %v", err)
	}
	waitFor(t, func() bool { b, _ := os.ReadFile(record); return string(b) == "https://example.org/plan?week=47" })
	var seen protocol.ToolCallPayload
	waitFor(t, func() bool {
		calls.Drain(16, func(e protocol.Event) {
			if p, ok := e.Payload.(protocol.ToolCallPayload); ok && p.Tool == "open" {
				seen = p
			}
		})
		return seen.Tool != ""
	})
	if seen.Caller != callerBoard || !seen.Allowed {
		t.Errorf("the gate recorded %+v, want an allowed call by %q", seen, callerBoard)
	}
	if err := h.Open("javascript:alert(1)"); err == nil {
		t.Error("the open tool took a javascript: URL")
	}

	if err := h.Copy("from the board"); err != nil {
		t.Fatalf("copy: %v", err)
	}
	out, err := exec.Command("xclip", "-o", "-selection", "clipboard").Output()
	if err != nil || string(out) != "from the board" {
		t.Errorf("clipboard holds %q (%v)", out, err)
	}

	if p, err := h.Resolve(filepath.Join(root, "pic.png")); err != nil || !strings.HasSuffix(p, "pic.png") {
		t.Errorf("a picture in the root: %q, %v", p, err)
	}
	if _, err := h.Resolve("/etc/hostname"); err == nil {
		t.Error("a picture outside the roots was allowed")
	}
}

// waitFor polls cond for up to five seconds.
func waitFor(t *testing.T, cond func() bool) {
	t.Helper()
	for deadline := time.Now().Add(5 * time.Second); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		if cond() {
			return
		}
	}
	t.Fatal("timed out")
}
