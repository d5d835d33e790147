package perceive

import (
	"context"
	"fmt"
	"log/slog"
	"regexp"
	"sync"
	"sync/atomic"
	"time"
)

// Probe is what the [Watcher] reads of the desktop; [X] is the X11 one.
type Probe interface {
	// Idle is the time since the user last typed or moved the mouse.
	Idle(ctx context.Context) (time.Duration, error)
	// Windows lists the top-level windows with their titles.
	Windows(ctx context.Context) ([]Window, error)
	// Thumbnail is a tiny greyscale picture of the whole screen.
	Thumbnail(ctx context.Context) (Thumb, error)
}

// Window is a top-level window.
type Window struct {
	ID    uint32
	Title string
}

// Kind says why the character may offer help.
type Kind string

// The kinds of [Offer].
const (
	Stuck       Kind = "stuck"        // the screen has not changed for a while; the user is there
	ErrorDialog Kind = "error-dialog" // a window whose title reads like an error appeared
)

// Offer is a moment the character may offer help, once.
type Offer struct {
	Kind  Kind
	Since time.Time // when the screen last changed (Stuck) or the dialog was seen
	Title string    // the dialog's title (ErrorDialog)
	// Text is a line for the agent, e.g. `A window titled "Error" appeared…`.
	Text string
}

// WatchConfig configures a [Watcher]. Zero fields take the defaults.
type WatchConfig struct {
	Probe Probe
	// Now is the clock; nil means time.Now.
	Now func() time.Time
	// Every is how often Run looks; 0 means 30 seconds.
	Every time.Duration
	// Still is how long an unchanged screen means stuck; 0 means 5 minutes.
	Still time.Duration
	// Present is the longest idle time at which the user counts as at the
	// computer; 0 means 2 minutes.
	Present time.Duration
	// MinChange is the fraction of thumbnail pixels that must change for
	// the screen to count as changed; 0 means 0.02.
	MinChange float64
	// ErrorTitle matches the titles of error dialogs; nil means
	// [DefaultErrorTitle].
	ErrorTitle *regexp.Regexp
	// Log receives problems reading the desktop; nil means slog.Default().
	Log *slog.Logger
}

// DefaultErrorTitle matches window titles that read like an error.
var DefaultErrorTitle = regexp.MustCompile(`(?i)\b(error|errors|failed|failure|fatal|exception|crash(ed)?|not responding|problem|unable to|could not|cannot)\b`)

// Watcher looks at the desktop now and then and reports [Offer]s; see
// the package doc. Call [Watcher.Check] from one goroutine at a time
// (Run does).
type Watcher struct {
	cfg      WatchConfig
	watching atomic.Bool

	mu          sync.Mutex
	last        Thumb
	lastChange  time.Time
	stuckOffers bool                 // an offer was made since the screen last changed
	dialogs     map[Window]time.Time // error dialogs offered, while they stay open
}

// NewWatcher returns a watcher for cfg.
func NewWatcher(cfg WatchConfig) *Watcher {
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	cfg.Every = cmpOr(cfg.Every, 30*time.Second)
	cfg.Still = cmpOr(cfg.Still, 5*time.Minute)
	cfg.Present = cmpOr(cfg.Present, 2*time.Minute)
	if cfg.MinChange == 0 {
		cfg.MinChange = 0.02
	}
	if cfg.ErrorTitle == nil {
		cfg.ErrorTitle = DefaultErrorTitle
	}
	if cfg.Log == nil {
		cfg.Log = slog.Default()
	}
	return &Watcher{cfg: cfg, dialogs: map[Window]time.Time{}}
}

func cmpOr(d, def time.Duration) time.Duration {
	if d <= 0 {
		return def
	}
	return d
}

// Watching reports whether Run is running: the indicator shows while it is.
func (w *Watcher) Watching() bool { return w.watching.Load() }

// Run looks every cfg.Every until ctx ends, calling offer (on Run's
// goroutine) for each [Offer]. It returns nil when ctx ends.
func (w *Watcher) Run(ctx context.Context, offer func(Offer)) error {
	w.watching.Store(true)
	defer w.watching.Store(false)
	t := time.NewTicker(w.cfg.Every)
	defer t.Stop()
	for {
		for _, o := range w.Check(ctx) {
			offer(o)
		}
		select {
		case <-ctx.Done():
			return nil
		case <-t.C:
		}
	}
}

// Check looks once and returns the offers due now: at most one Stuck per
// stretch of unchanged screen, and one ErrorDialog per dialog window,
// only while the user is at the computer. A probe that fails is logged
// and its part skipped.
func (w *Watcher) Check(ctx context.Context) []Offer {
	w.mu.Lock()
	defer w.mu.Unlock()
	now := w.cfg.Now()
	w.look(ctx, now)
	if !w.present(ctx) {
		return nil
	}
	var out []Offer
	if o, ok := w.stuck(now); ok {
		out = append(out, o)
	}
	return append(out, w.dialogOffers(ctx, now)...)
}

// look takes a thumbnail and notes when the screen last changed.
func (w *Watcher) look(ctx context.Context, now time.Time) {
	th, err := w.cfg.Probe.Thumbnail(ctx)
	if err != nil {
		w.cfg.Log.Warn("perceive: could not look at the screen", "err", err)
		return
	}
	if w.last.Pix == nil || Changed(w.last, th) >= w.cfg.MinChange {
		w.lastChange, w.stuckOffers = now, false
	}
	w.last = th
}

// present is whether the user used the computer lately; when the idle
// time cannot be read the user counts as present.
func (w *Watcher) present(ctx context.Context) bool {
	idle, err := w.cfg.Probe.Idle(ctx)
	if err != nil {
		w.cfg.Log.Warn("perceive: could not read the idle time", "err", err)
		return true
	}
	return idle <= w.cfg.Present
}

func (w *Watcher) stuck(now time.Time) (Offer, bool) {
	if w.stuckOffers || w.lastChange.IsZero() || now.Sub(w.lastChange) < w.cfg.Still {
		return Offer{}, false
	}
	w.stuckOffers = true
	mins := int(now.Sub(w.lastChange).Round(time.Minute) / time.Minute)
	return Offer{Kind: Stuck, Since: w.lastChange, Text: fmt.Sprintf("The user's screen has not "+
		"changed for about %d minutes while they are at the computer; they may be stuck. You may "+
		"offer help once, briefly, without insisting.", mins)}, true
}

// dialogOffers returns an offer for each error dialog not offered yet and
// forgets the dialogs that closed.
func (w *Watcher) dialogOffers(ctx context.Context, now time.Time) []Offer {
	wins, err := w.cfg.Probe.Windows(ctx)
	if err != nil {
		w.cfg.Log.Warn("perceive: could not list the windows", "err", err)
		return nil
	}
	open := map[Window]bool{}
	var out []Offer
	for _, win := range wins {
		if !w.cfg.ErrorTitle.MatchString(win.Title) {
			continue
		}
		open[win] = true
		if _, offered := w.dialogs[win]; offered {
			continue
		}
		w.dialogs[win] = now
		out = append(out, Offer{Kind: ErrorDialog, Since: now, Title: win.Title,
			Text: fmt.Sprintf("A window titled %q appeared on the user's screen. You may offer "+
				"help with it once, briefly (observe_screen can read it if they say yes).", win.Title)})
	}
	for win := range w.dialogs {
		if !open[win] {
			delete(w.dialogs, win)
		}
	}
	return out
}
