package perceive

import (
	"bytes"
	"context"
	"log/slog"
	"strings"
	"sync"
	"testing"
	"time"
)

// fakeClock is a clock the test moves by hand.
type fakeClock struct {
	mu sync.Mutex
	t  time.Time
}

func newFakeClock() *fakeClock {
	return &fakeClock{t: time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC)}
}

func (c *fakeClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

func (c *fakeClock) Add(d time.Duration) {
	c.mu.Lock()
	c.t = c.t.Add(d)
	c.mu.Unlock()
}

// kinds lists the offers' kinds, for comparing.
func kinds(offers []Offer) string {
	var ks []string
	for _, o := range offers {
		ks = append(ks, string(o.Kind))
	}
	return strings.Join(ks, ",")
}

// TestWatcherStuck: on a real X server with a fake clock, an unchanged
// screen for Still while the user is present is offered once; a change
// starts a new stretch; an absent user is never offered help.
func TestWatcherStuck(t *testing.T) {
	display := needX(t)
	cases := []struct {
		name    string
		present time.Duration
		want    []string // the offers after each step below
	}{
		{"present", time.Hour, []string{"", "", "stuck", "", "", "", "stuck"}},
		{"away", time.Nanosecond, []string{"", "", "", "", "", "", ""}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			sess := newSession(t, display)
			clock := newFakeClock()
			w := NewWatcher(WatchConfig{Probe: xprobe(t, display), Now: clock.Now,
				Still: 5 * time.Minute, Present: tc.present})
			steps := []func(){
				func() {},                                                  // first look: the stretch starts
				func() { clock.Add(3 * time.Minute) },                      // not yet
				func() { clock.Add(3 * time.Minute) },                      // 6 minutes: offered
				func() { clock.Add(10 * time.Minute) },                     // offered once only
				func() { sess.window("Editor", 0, 0, 900, 600, 0x3366cc) }, // a change
				func() { clock.Add(4 * time.Minute) },                      // new stretch, not yet
				func() { clock.Add(2 * time.Minute) },                      // offered again
			}
			for i, step := range steps {
				step()
				if got := kinds(w.Check(t.Context())); got != tc.want[i] {
					t.Errorf("step %d: offers %q, want %q", i, got, tc.want[i])
				}
			}
		})
	}
}

// TestWatcherIgnoresSmallChanges: a small area changing (a ticking clock)
// does not end the stretch of an unchanged screen.
func TestWatcherIgnoresSmallChanges(t *testing.T) {
	display := needX(t)
	sess := newSession(t, display)
	clock := newFakeClock()
	w := NewWatcher(WatchConfig{Probe: xprobe(t, display), Now: clock.Now, Still: 5 * time.Minute, Present: time.Hour})
	w.Check(t.Context())
	clock.Add(3 * time.Minute)
	sess.window("clock", 1240, 700, 30, 14, 0xffffff)
	w.Check(t.Context())
	clock.Add(3 * time.Minute)
	if got := kinds(w.Check(t.Context())); got != "stuck" {
		t.Errorf("offers %q after a 30x14 change and 6 minutes, want stuck", got)
	}
}

// TestWatcherErrorDialog: a window titled like an error is offered once
// while it stays open, again when a new one opens, and other windows
// never.
func TestWatcherErrorDialog(t *testing.T) {
	display := needX(t)
	sess := newSession(t, display)
	clock := newFakeClock()
	w := NewWatcher(WatchConfig{Probe: xprobe(t, display), Now: clock.Now, Present: time.Hour})
	sess.window("Notes — draft.txt", 0, 0, 600, 400, 0xeeeeee)
	if got := w.Check(t.Context()); len(got) != 0 {
		t.Fatalf("offers for an ordinary window: %+v", got)
	}
	dlg := sess.window("Error: could not save draft.txt", 300, 200, 400, 150, 0xcccccc)
	got := w.Check(t.Context())
	if kinds(got) != "error-dialog" || got[0].Title != "Error: could not save draft.txt" ||
		!strings.Contains(got[0].Text, "could not save") {
		t.Fatalf("offers when the dialog appears: %+v", got)
	}
	clock.Add(time.Minute)
	if got := w.Check(t.Context()); len(got) != 0 {
		t.Errorf("the same dialog offered twice: %+v", got)
	}
	sess.destroy(dlg)
	w.Check(t.Context())
	sess.window("Error: could not save draft.txt", 300, 200, 400, 150, 0xcccccc)
	if got := kinds(w.Check(t.Context())); got != "error-dialog" {
		t.Errorf("offers when the dialog comes back: %q", got)
	}
}

// TestErrorTitles: which titles read like an error dialog.
func TestErrorTitles(t *testing.T) {
	for title, want := range map[string]bool{
		"Error":                          true,
		"Save failed":                    true,
		"Firefox is not responding":      true,
		"Unhandled Exception":            true,
		"Could not connect to server":    true,
		"error.log - Notes":              true,
		"Terror of the deep - Wikipedia": false,
		"Inbox (3) - Mail":               false,
		"":                               false,
	} {
		if got := DefaultErrorTitle.MatchString(title); got != want {
			t.Errorf("%q: match %v, want %v", title, got, want)
		}
	}
}

// TestXProbe: the idle time comes from the server and grows while nobody
// types; without a display the probe says so.
func TestXProbe(t *testing.T) {
	x := xprobe(t, needX(t))
	a, err := x.Idle(t.Context())
	if err != nil {
		t.Fatalf("Idle: %v", err)
	}
	time.Sleep(300 * time.Millisecond)
	b, err := x.Idle(t.Context())
	if err != nil || b < a+200*time.Millisecond || b > a+time.Minute {
		t.Errorf("idle %v then, 300 ms later, %v (%v)", a, b, err)
	}
	none := NewX("", nil)
	if _, err := none.Idle(t.Context()); err != ErrNoDisplay {
		t.Errorf("no display: %v", err)
	}
	ctx, cancel := context.WithCancel(t.Context())
	cancel()
	if _, err := x.Windows(ctx); err == nil {
		t.Errorf("Windows with a cancelled context: no error")
	}
}

// TestWatcherLogsProbeFailures: a probe that cannot read the display is
// logged, and nothing is offered.
func TestWatcherLogsProbeFailures(t *testing.T) {
	var logs bytes.Buffer
	w := NewWatcher(WatchConfig{Probe: NewX("", nil), Log: slog.New(slog.NewTextHandler(&logs, nil))})
	if got := w.Check(t.Context()); len(got) != 0 {
		t.Errorf("offers without a display: %+v", got)
	}
	if !strings.Contains(logs.String(), "X11 display") {
		t.Errorf("log: %s", logs.String())
	}
}

// TestWatcherRun: Run shows as watching while it runs, offers through the
// callback and returns when its context ends.
func TestWatcherRun(t *testing.T) {
	display := needX(t)
	sess := newSession(t, display)
	sess.window("Fatal error", 0, 0, 200, 100, 0xff0000)
	w := NewWatcher(WatchConfig{Probe: xprobe(t, display), Every: 10 * time.Millisecond, Present: time.Hour})
	ctx, cancel := context.WithCancel(t.Context())
	offers := make(chan Offer, 4)
	done := make(chan error)
	go func() { done <- w.Run(ctx, func(o Offer) { offers <- o }) }()
	select {
	case o := <-offers:
		if o.Kind != ErrorDialog || !w.Watching() {
			t.Errorf("offer %+v, watching %v", o, w.Watching())
		}
	case <-time.After(10 * time.Second):
		t.Fatal("no offer within 10 s")
	}
	cancel()
	if err := <-done; err != nil || w.Watching() {
		t.Errorf("Run returned %v; watching after: %v", err, w.Watching())
	}
}
