package desktop

import (
	"encoding/json"
	"errors"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/kin-companion/kin/agent/llm"
	"github.com/kin-companion/kin/agent/tools"
)

func TestToolsDeclareTheirRisk(t *testing.T) {
	want := map[string]struct {
		risk     tools.Risk
		readOnly bool
	}{
		"screenshot": {tools.Low, true}, "keyboard_type": {tools.High, false},
		"keyboard_keys": {tools.High, false}, "mouse_move": {tools.High, false},
		"mouse_click": {tools.High, false}, "clipboard_read": {tools.Medium, true},
		"clipboard_write": {tools.Medium, false}, "notify": {tools.Low, false},
		"open": {tools.Medium, false},
	}
	var names []string
	for _, tl := range New(Config{}).Tools() {
		names = append(names, tl.Name)
		w, ok := want[tl.Name]
		switch {
		case !ok:
			t.Errorf("unexpected tool %s", tl.Name)
		case tl.Meta.Risk != w.risk || tl.Meta.ReadOnly != w.readOnly:
			t.Errorf("%s: risk %v read-only %v, want %v %v", tl.Name, tl.Meta.Risk, tl.Meta.ReadOnly, w.risk, w.readOnly)
		case strings.TrimSpace(tl.Description) == "" || !json.Valid(tl.Schema):
			t.Errorf("%s: empty description or invalid schema", tl.Name)
		case (tl.Run == nil) == (tl.RunResult == nil) || tl.Assess == nil:
			t.Errorf("%s: needs exactly one of Run and RunResult, and Assess", tl.Name)
		}
	}
	if len(names) != len(want) {
		t.Errorf("tools %v, want the %d of %v", names, len(want), want)
	}
}

func TestAssessSummaries(t *testing.T) {
	d := New(Config{})
	tests := []struct{ tool, args, want string }{
		{"screenshot", `{}`, "take a screenshot of the whole screen"},
		{"screenshot", `{"window":"Firefox"}`, `take a screenshot of the window "Firefox"`},
		{"screenshot", `{"x":1,"y":2,"width":3,"height":4}`, "take a screenshot of the region at (1, 2) of 3x4"},
		{"keyboard_type", `{"text":"hello"}`, `type "hello" into the focused window`},
		{"keyboard_type", `{"text":"` + strings.Repeat("a", 100) + `"}`, `… (100 characters) into the focused window`},
		{"keyboard_keys", `{"keys":"ctrl+s"}`, "press ctrl+s in the focused window"},
		{"keyboard_keys", `{"keys":"ctrl+a  ctrl+c"}`, "press ctrl+a then ctrl+c in the focused window"},
		{"mouse_move", `{"x":100,"y":200}`, "move the mouse to (100, 200)"},
		{"mouse_click", `{"x":100,"y":200}`, "click left at (100, 200)"},
		{"mouse_click", `{"button":"right","double":true}`, "double-click right where the pointer is"},
		{"clipboard_read", `{}`, "read the text on the clipboard"},
		{"clipboard_write", `{"text":"secret"}`, `put "secret" on the clipboard`},
		{"notify", `{"title":"Done","body":"x"}`, `show a desktop notification "Done"`},
		{"open", `{"target":"https://example.org"}`, "open https://example.org with the default application"},
		{"open", `{"target":"javascript:x"}`, `open "javascript:x" (refused:`},
	}
	byName := map[string]*tools.Tool{}
	for _, tl := range d.Tools() {
		byName[tl.Name] = tl
	}
	for _, tt := range tests {
		got := byName[tt.tool].Grade(json.RawMessage(tt.args))
		if !strings.Contains(got.Summary, tt.want) {
			t.Errorf("%s %s: summary %q, want %q in it", tt.tool, tt.args, got.Summary, tt.want)
		}
		if got.Risk != byName[tt.tool].Meta.Risk && tt.tool != "open" {
			t.Errorf("%s: assessed risk %v, want %v", tt.tool, got.Risk, byName[tt.tool].Meta.Risk)
		}
	}
}

func TestNoDisplay(t *testing.T) {
	t.Setenv("DISPLAY", "")
	d := New(Config{})
	calls := map[string]string{
		"screenshot": `{}`, "keyboard_type": `{"text":"hi"}`, "keyboard_keys": `{"keys":"Return"}`,
		"mouse_move": `{"x":1,"y":1}`, "mouse_click": `{}`, "clipboard_read": `{}`,
		"clipboard_write": `{"text":"hi"}`,
	}
	for name, args := range calls {
		_, err := call(t, d, name, args)
		if !errors.Is(err, ErrNoDisplay) || !strings.Contains(err.Error(), "need an X11 display; this session has none") {
			t.Errorf("%s without a display: %v", name, err)
		}
	}
	if err := d.Close(); err != nil {
		t.Errorf("Close of an unused Desktop: %v", err)
	}
}

func TestBadDisplay(t *testing.T) {
	d := New(Config{Display: ":4242"})
	_, err := call(t, d, "screenshot", `{}`)
	if err == nil || !strings.Contains(err.Error(), `could not connect to the X display ":4242"`) {
		t.Fatalf("error %v, want one naming the display", err)
	}
}

func TestConcurrentCalls(t *testing.T) {
	d := newDesktop(t)
	var wg sync.WaitGroup
	errs := make(chan error, 12)
	for i := range 12 {
		wg.Go(func() {
			var err error
			switch i % 3 {
			case 0:
				_, err = call(t, d, "screenshot", `{"max_size":256}`)
			case 1:
				_, err = call(t, d, "clipboard_write", `{"text":"concurrent"}`)
			default:
				_, err = call(t, d, "clipboard_read", `{}`)
			}
			errs <- err
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			t.Error(err)
		}
	}
}

// TestReconnects stops the X server under a Desktop and starts it again
// on the same display: calls fail clearly meanwhile, then work again.
func TestReconnects(t *testing.T) {
	needX(t)
	cmd, display, err := startXvfb("")
	if err != nil {
		t.Skip(err)
	}
	d := New(Config{Display: display})
	t.Cleanup(func() { _ = d.Close() })
	mustCall(t, d, "screenshot", `{"max_size":64}`)
	stopProcess(cmd)
	_, err = call(t, d, "screenshot", `{"max_size":64}`)
	if err == nil {
		t.Fatal("a screenshot worked with the X server stopped")
	}
	t.Logf("with the server stopped: %v", err)
	cmd, _, err = startXvfb(display)
	if err != nil {
		t.Fatalf("restart Xvfb on %s: %v", display, err)
	}
	t.Cleanup(func() { stopProcess(cmd) })
	r := mustCall(t, d, "screenshot", `{"max_size":64}`)
	if !slices.ContainsFunc(r.Images, func(im llm.Image) bool { return len(im.Data) > 0 }) {
		t.Error("no picture after the server came back")
	}
}
