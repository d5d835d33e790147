package desktop

import (
	"context"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/jezek/xgb/xproto"
)

// xclip runs xclip on the test display with stdin.
func xclip(t *testing.T, stdin string, args ...string) (string, error) {
	t.Helper()
	if _, err := exec.LookPath("xclip"); err != nil {
		t.Skip("xclip is not installed (apt-get install xclip)")
	}
	cmd := exec.Command("xclip", append([]string{"-selection", "clipboard"}, args...)...)
	cmd.Env = append(os.Environ(), "DISPLAY="+needX(t))
	cmd.Stdin = strings.NewReader(stdin)
	out, err := cmd.Output()
	return string(out), err
}

// xclipOwn makes xclip own the clipboard with text, in the foreground,
// until the test ends or another client takes the clipboard.
func xclipOwn(t *testing.T, text string) {
	t.Helper()
	if _, err := exec.LookPath("xclip"); err != nil {
		t.Skip("xclip is not installed (apt-get install xclip)")
	}
	cmd := exec.Command("xclip", "-selection", "clipboard", "-quiet", "-i")
	cmd.Env = append(os.Environ(), "DISPLAY="+needX(t))
	cmd.Stdin = strings.NewReader(text)
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = cmd.Process.Kill(); _ = cmd.Wait() })
	// xclip owns the selection once it has read its input; wait for that.
	for deadline := time.Now().Add(5 * time.Second); time.Now().Before(deadline); {
		if out, err := xclip(t, "", "-o"); err == nil && out == text {
			return
		}
		time.Sleep(20 * time.Millisecond)
	}
	t.Fatal("xclip did not take the clipboard within 5s")
}

func TestClipboardWrite(t *testing.T) {
	d := newDesktop(t)
	tests := []struct{ name, text, target, want string }{
		{"utf8", "héllo ✓ 世界", "UTF8_STRING", "héllo ✓ 世界"},
		{"replaced", "second text", "UTF8_STRING", "second text"},
		{"latin1 for STRING", "café ✓", "STRING", "caf\xe9 ?"},
		{"targets", "x", "TARGETS", "TARGETS\nUTF8_STRING\nSTRING\nTEXT\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			mustCall(t, d, "clipboard_write", `{"text":`+jsonString(tt.text)+`}`)
			got, err := xclip(t, "", "-o", "-t", tt.target)
			if err != nil {
				t.Fatalf("xclip -o: %v", err)
			}
			if got != tt.want {
				t.Errorf("xclip read %q, want %q", got, tt.want)
			}
		})
	}
}

func TestClipboardWriteGivesWay(t *testing.T) {
	d := newDesktop(t)
	mustCall(t, d, "clipboard_write", `{"text":"from kin"}`)
	xclipOwn(t, "from xclip")
	if got := mustCall(t, d, "clipboard_read", `{}`).Text; got != "from xclip" {
		t.Errorf("clipboard_read after xclip took the clipboard: %q", got)
	}
	mustCall(t, d, "clipboard_write", `{"text":"kin again"}`)
	if got, _ := xclip(t, "", "-o"); got != "kin again" {
		t.Errorf("after a new clipboard_write xclip reads %q", got)
	}
	if err := d.Close(); err != nil {
		t.Fatal(err)
	}
	if got, err := xclip(t, "", "-o"); err == nil {
		t.Errorf("after Close the clipboard still holds %q", got)
	}
}

func TestClipboardRead(t *testing.T) {
	d := newDesktop(t)
	big := strings.Repeat("0123456789abcdef", MaxClipboardRead/16+100)
	huge := strings.Repeat("0123456789abcdef", 20000) // 320 kB: xclip sends it with INCR
	cut := "\n[clipboard text cut to its first 65536 bytes; the clipboard holds more]"
	tests := []struct{ name, text, want string }{
		{"text", "pasted ✓ text\nline two", "pasted ✓ text\nline two"},
		{"large text is cut", big, big[:MaxClipboardRead] + cut},
		{"incremental transfer is cut", huge, huge[:MaxClipboardRead] + cut},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			xclipOwn(t, tt.text)
			got := mustCall(t, d, "clipboard_read", `{}`).Text
			if got != tt.want {
				t.Errorf("clipboard_read = %.80q… (%d bytes), want %.80q… (%d bytes)", got, len(got), tt.want, len(tt.want))
			}
		})
	}
}

func TestClipboardEmpty(t *testing.T) {
	d := newDesktop(t)
	mustCall(t, d, "clipboard_write", `{"text":"soon gone"}`)
	if err := d.Close(); err != nil {
		t.Fatal(err)
	}
	if got := mustCall(t, d, "clipboard_read", `{}`).Text; got != "the clipboard is empty" {
		t.Errorf("clipboard_read with no owner = %q", got)
	}
}

func TestClipboardWriteRefuses(t *testing.T) {
	d := newDesktop(t)
	tests := []struct{ args, want string }{
		{`{}`, "the text argument is missing"},
		{`{"text":` + jsonString(strings.Repeat("x", MaxClipboardWrite+1)) + `}`, "takes at most 200000"},
	}
	for _, tt := range tests {
		_, err := call(t, d, "clipboard_write", tt.args)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("error %v, want one containing %q", err, tt.want)
		}
	}
}

// TestClipboardReadSilentOwner: an owner that never answers costs the call
// its deadline, not a hang.
func TestClipboardReadSilentOwner(t *testing.T) {
	d := newDesktop(t)
	tw := newTestWin(t, needX(t), "kin silent owner", 0, 0, 10, 10, 0, 0)
	clip, err := xproto.InternAtom(tw.c, false, 9, "CLIPBOARD").Reply()
	if err != nil {
		t.Fatal(err)
	}
	xproto.SetSelectionOwner(tw.c, tw.id, clip.Atom, xproto.TimeCurrentTime)
	if _, err := xproto.GetInputFocus(tw.c).Reply(); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
	defer cancel()
	start := time.Now()
	_, err = d.clipboardReadTool().Run(ctx, nil)
	if err == nil || !strings.Contains(err.Error(), "did not answer") {
		t.Errorf("error %v, want one saying the desktop did not answer", err)
	}
	if waited := time.Since(start); waited > time.Second {
		t.Errorf("the call took %s with a 300ms deadline", waited)
	}
}
