package desktop

import (
	"context"
	"encoding/json"
	"testing"
	"time"

	"github.com/jezek/xgb"
	"github.com/jezek/xgb/xproto"
	"github.com/kin-companion/kin/agent/tools"
)

// testWin is a window the test makes on its own X connection, to be
// captured or to record the input the tools send it.
type testWin struct {
	c      *xgb.Conn
	id     xproto.Window
	events chan xgb.Event
}

// newTestWin maps a titled, override-redirect window filled with colour
// (0xRRGGBB) at r and records the events in mask.
func newTestWin(t testing.TB, display, title string, x, y, w, h int, colour, mask uint32) *testWin {
	t.Helper()
	c, err := xgb.NewConnDisplay(display)
	if err != nil {
		t.Fatalf("test connection: %v", err)
	}
	screen := xproto.Setup(c).DefaultScreen(c)
	id, err := xproto.NewWindowId(c)
	if err != nil {
		t.Fatal(err)
	}
	tw := &testWin{c: c, id: id, events: make(chan xgb.Event, 256)}
	err = xproto.CreateWindowChecked(c, screen.RootDepth, id, screen.Root, int16(x), int16(y),
		uint16(w), uint16(h), 0, xproto.WindowClassInputOutput, screen.RootVisual,
		xproto.CwBackPixel|xproto.CwOverrideRedirect|xproto.CwEventMask,
		[]uint32{colour, 1, mask | xproto.EventMaskExposure}).Check()
	if err != nil {
		t.Fatalf("create window: %v", err)
	}
	xproto.ChangeProperty(c, xproto.PropModeReplace, id, xproto.AtomWmName, xproto.AtomString, 8,
		uint32(len(title)), []byte(title))
	xproto.MapWindow(c, id)
	go tw.read()
	t.Cleanup(func() {
		xproto.DestroyWindow(c, id)
		c.Close()
	})
	tw.wait(t, func(ev xgb.Event) bool { _, ok := ev.(xproto.ExposeEvent); return ok })
	return tw
}

func (tw *testWin) read() {
	for {
		ev, err := tw.c.WaitForEvent()
		if ev == nil && err == nil {
			close(tw.events)
			return
		}
		if ev != nil {
			tw.events <- ev
		}
	}
}

// wait returns the first event that ok accepts, failing after 5 s.
func (tw *testWin) wait(t testing.TB, ok func(xgb.Event) bool) xgb.Event {
	t.Helper()
	timeout := time.After(5 * time.Second)
	for {
		select {
		case ev := <-tw.events:
			if ok(ev) {
				return ev
			}
		case <-timeout:
			t.Fatal("the test window saw no expected event within 5s")
			return nil
		}
	}
}

// focus gives the window the keyboard focus.
func (tw *testWin) focus(t testing.TB) {
	t.Helper()
	if err := xproto.SetInputFocusChecked(tw.c, xproto.InputFocusParent, tw.id, xproto.TimeCurrentTime).Check(); err != nil {
		t.Fatalf("focus: %v", err)
	}
}

// call runs the named tool of d with args.
func call(t testing.TB, d *Desktop, name string, args string) (tools.Result, error) {
	t.Helper()
	for _, tl := range d.Tools() {
		if tl.Name == name {
			ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
			defer cancel()
			return tl.Call(ctx, json.RawMessage(args))
		}
	}
	t.Fatalf("no tool %s", name)
	return tools.Result{}, nil
}

// mustCall is call that fails the test on an error.
func mustCall(t testing.TB, d *Desktop, name string, args string) tools.Result {
	t.Helper()
	r, err := call(t, d, name, args)
	if err != nil {
		t.Fatalf("%s %s: %v", name, args, err)
	}
	return r
}

// newDesktop is a Desktop on the test display, closed at cleanup.
func newDesktop(t testing.TB) *Desktop {
	d := New(Config{Display: needX(t)})
	t.Cleanup(func() { _ = d.Close() })
	return d
}

// jsonString quotes s as a JSON string.
func jsonString(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}
