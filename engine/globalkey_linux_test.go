package engine

import (
	"context"
	"os/exec"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/jezek/xgb"
	"github.com/jezek/xgb/xproto"
)

func TestParseKey(t *testing.T) {
	tests := []struct {
		in, want string
		sym      uint32
		mods     uint16
		err      string
	}{
		{"F9", "f9", 0xffc6, 0, ""},
		{" Pause ", "pause", 0xff13, 0, ""},
		{"ctrl+alt+space", "ctrl+alt+space", 0x20, modControl | modAlt, ""},
		{"Super+Shift+K", "shift+super+k", 'k', modShift | modSuper, ""},
		{"hyper+k", "", 0, 0, `"hyper" is not a modifier`},
		{"ctrl+", "", 0, 0, `does not know the key ""`},
		{"f99", "", 0, 0, `does not know the key "f99"`},
	}
	for _, tc := range tests {
		k, err := ParseKey(tc.in)
		if tc.err != "" {
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("%q: error %v, want %q", tc.in, err, tc.err)
			}
			continue
		}
		if err != nil || k.String() != tc.want || k.sym != tc.sym || k.modifiers != tc.mods {
			t.Errorf("%q: %v (sym %#x mods %#x), %v; want %s", tc.in, k, k.sym, k.modifiers, err, tc.want)
		}
	}
}

// xdotool sends keys through the X server as a keyboard would.
func xdotool(t *testing.T, args ...string) {
	t.Helper()
	if out, err := exec.Command("xdotool", args...).CombinedOutput(); err != nil {
		t.Fatalf("xdotool %v: %v\n%s", args, err, out)
	}
}

// grabbed grabs spec and returns the channel its presses and releases
// arrive on.
func grabbed(t *testing.T, ctx context.Context, spec string) <-chan bool {
	t.Helper()
	k, err := ParseKey(spec)
	if err != nil {
		t.Fatal(err)
	}
	got := make(chan bool, 64)
	if err := GrabKey(ctx, k, func(down bool) { got <- down }); err != nil {
		t.Fatal(err)
	}
	return got
}

// expect waits for the next report, or checks that none comes when want
// is nil.
func expect(t *testing.T, got <-chan bool, want *bool, what string) {
	t.Helper()
	select {
	case d := <-got:
		if want == nil || d != *want {
			t.Fatalf("%s: got down=%v", what, d)
		}
	case <-time.After(2 * time.Second):
		if want != nil {
			t.Fatalf("%s: nothing reported", what)
		}
	}
}

// TestGrabKey presses a global key with xdotool under Xvfb: held, it is
// reported down once (auto-repeat left out) and up once; the modifier
// version does not fire for the plain key; a second grab of a key that is
// taken fails, and one after the first ends succeeds.
func TestGrabKey(t *testing.T) {
	if _, err := exec.LookPath("xdotool"); err != nil {
		t.Fatal("xdotool is needed (apt-get install xdotool)")
	}
	yes, no := true, false
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	got := grabbed(t, ctx, "F9")
	xdotool(t, "keydown", "F9")
	expect(t, got, &yes, "F9 down")
	time.Sleep(700 * time.Millisecond) // long enough for auto-repeat to start
	xdotool(t, "keyup", "F9")
	expect(t, got, &no, "F9 up")
	select {
	case d := <-got:
		t.Fatalf("an extra report down=%v: auto-repeat leaked through", d)
	case <-time.After(300 * time.Millisecond):
	}

	combo := grabbed(t, ctx, "ctrl+F10")
	xdotool(t, "key", "F10")
	expect(t, combo, nil, "plain F10 for ctrl+F10")
	xdotool(t, "key", "ctrl+F10")
	expect(t, combo, &yes, "ctrl+F10 down")
	expect(t, combo, &no, "ctrl+F10 up")

	k, _ := ParseKey("F9")
	if err := GrabKey(context.Background(), k, func(bool) {}); err == nil || !strings.Contains(err.Error(), "already taken") {
		t.Errorf("second grab of F9: %v, want it taken", err)
	}
	cancel()
	time.Sleep(200 * time.Millisecond)
	again, stop := context.WithCancel(context.Background())
	defer stop()
	grabbed(t, again, "F9")
}

// TestDeliverKeyRepeat: X's auto-repeat (a release and a press at the same
// time) is left out; other keys are ignored; a grab ending with the key
// held reports it up.
func TestDeliverKeyRepeat(t *testing.T) {
	const code = 75
	tests := []struct {
		name   string
		events []xgb.Event
		want   []bool
	}{
		{"held with repeats", []xgb.Event{
			xproto.KeyPressEvent{Detail: code, Time: 1},
			xproto.KeyReleaseEvent{Detail: code, Time: 5}, xproto.KeyPressEvent{Detail: code, Time: 5},
			xproto.KeyReleaseEvent{Detail: code, Time: 6}, xproto.KeyPressEvent{Detail: code, Time: 6},
			xproto.KeyReleaseEvent{Detail: code, Time: 9},
		}, []bool{true, false}},
		{"two taps", []xgb.Event{
			xproto.KeyPressEvent{Detail: code, Time: 1}, xproto.KeyReleaseEvent{Detail: code, Time: 2},
			xproto.KeyPressEvent{Detail: code, Time: 3}, xproto.KeyReleaseEvent{Detail: code, Time: 4},
		}, []bool{true, false, true, false}},
		{"other keys", []xgb.Event{xproto.KeyPressEvent{Detail: 10}, xproto.KeyReleaseEvent{Detail: 10}}, nil},
		{"ends held", []xgb.Event{xproto.KeyPressEvent{Detail: code}}, []bool{true, false}},
	}
	for _, tc := range tests {
		events := make(chan xgb.Event, len(tc.events))
		for _, e := range tc.events {
			events <- e
		}
		close(events)
		var got []bool
		deliverKey(events, code, func(d bool) { got = append(got, d) })
		if !slices.Equal(got, tc.want) {
			t.Errorf("%s: %v, want %v", tc.name, got, tc.want)
		}
	}
}

// TestGameTalkKey: the game's global talk key reaches PushToTalk through
// Update and lights the glow while held; a key kin cannot use is said on
// screen.
func TestGameTalkKey(t *testing.T) {
	var pushed []bool
	g, err := NewGame(Options{Model: loadModel(t, "BoxTextured.glb"), TalkKey: "F11", PushToTalk: func(d bool) { pushed = append(pushed, d) }})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	g.grabTalkKey(ctx)
	if q := g.ui.queue; len(q) > 0 {
		t.Fatalf("the grab failed: %q", q)
	}
	// Under make test's load (other packages' windows on the same X server)
	// a key's event can take seconds to come round.
	waitFor := func(n int) {
		t.Helper()
		for deadline := time.Now().Add(15 * time.Second); len(pushed) < n; time.Sleep(5 * time.Millisecond) {
			if time.Now().After(deadline) {
				t.Fatalf("PushToTalk calls %v, want %d", pushed, n)
			}
			if err := g.Update(); err != nil {
				t.Fatal(err)
			}
		}
	}
	xdotool(t, "keydown", "F11")
	waitFor(1)
	for range 20 {
		g.Update()
	}
	if !g.amb.glow.held || g.amb.glow.energy < heldGlow*0.9 || g.amb.glow.tint != glowTints["listening"] {
		t.Errorf("while held: held %v, energy %.2f, colour %v", g.amb.glow.held, g.amb.glow.energy, g.amb.glow.tint)
	}
	xdotool(t, "keyup", "F11")
	waitFor(2)
	if !slices.Equal(pushed, []bool{true, false}) || g.amb.glow.held {
		t.Errorf("PushToTalk %v, held %v; want down then up", pushed, g.amb.glow.held)
	}

	bad, err := NewGame(Options{Model: loadModel(t, "BoxTextured.glb"), TalkKey: "hyper+q", PushToTalk: func(bool) {}})
	if err != nil {
		t.Fatal(err)
	}
	bad.grabTalkKey(ctx)
	if q := bad.ui.queue; len(q) == 0 || !strings.Contains(q[len(q)-1], "Hold Space") {
		t.Errorf("notices %q, want the key's problem", q)
	}
}
