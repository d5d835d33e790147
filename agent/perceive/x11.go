package perceive

import (
	"context"
	"errors"
	"fmt"
	"github.com/kin-companion/kin/agent/tools/desktop"
	"sync"
	"time"

	"github.com/jezek/xgb"
	"github.com/jezek/xgb/screensaver"
	"github.com/jezek/xgb/xproto"
	"github.com/kin-companion/kin/agent/tools"
)

// ErrNoDisplay is returned by [X] when the session has no X display.
var ErrNoDisplay = errors.New("ambient perception needs an X11 display; this session has none")

// X is the [Probe] of an X11 session: idle time from the MIT-SCREEN-SAVER
// extension, window titles from _NET_CLIENT_LIST, thumbnails from the
// desktop screenshot tool. It opens its connection on first use and again
// after the server went away. Its methods are safe for concurrent use.
type X struct {
	display string
	shot    *tools.Tool

	mu sync.Mutex
	c  *xgb.Conn // nil until first use or after the server went away
	xs *xstate
}

// xstate is what one connection learnt at setup.
type xstate struct {
	root     xproto.Window
	saverErr error // why idle time is unavailable; nil when it works
	done     chan struct{}

	mu    sync.Mutex
	atoms map[string]xproto.Atom
}

// NewX returns the probe for display (e.g. ":0"), taking thumbnails with
// screenshot, the desktop package's screenshot tool.
func NewX(display string, screenshot *tools.Tool) *X {
	return &X{display: display, shot: screenshot}
}

// Close closes the X connection; the next call opens a new one.
func (x *X) Close() error {
	x.mu.Lock()
	defer x.mu.Unlock()
	if x.c != nil {
		x.c.Close()
		x.c, x.xs = nil, nil
	}
	return nil
}

// conn returns a live connection, dialling when needed.
func (x *X) conn() (*xgb.Conn, *xstate, error) {
	if x.display == "" {
		return nil, nil, ErrNoDisplay
	}
	x.mu.Lock()
	defer x.mu.Unlock()
	if x.c != nil {
		select {
		case <-x.xs.done:
			x.c, x.xs = nil, nil
		default:
			return x.c, x.xs, nil
		}
	}
	c, err := xgb.NewConnDisplay(x.display)
	if err != nil {
		return nil, nil, fmt.Errorf("could not connect to the X display %q: %w", x.display, err)
	}
	s := &xstate{root: xproto.Setup(c).DefaultScreen(c).Root, atoms: map[string]xproto.Atom{},
		done: make(chan struct{})}
	if err := screensaver.Init(c); err != nil {
		s.saverErr = fmt.Errorf("the X display %q lacks the MIT-SCREEN-SAVER extension, "+
			"so kin cannot tell whether you are at the computer: %w", x.display, err)
	}
	go drain(c, s.done)
	x.c, x.xs = c, s
	return c, s, nil
}

// drain empties the connection's event queue (xgb stalls when it fills)
// and closes done when the connection ends.
func drain(c *xgb.Conn, done chan struct{}) {
	defer close(done)
	for {
		if ev, err := c.WaitForEvent(); ev == nil && err == nil {
			return
		}
	}
}

// Idle implements [Probe]: the time since the user last typed, clicked or
// moved the mouse.
func (x *X) Idle(ctx context.Context) (time.Duration, error) {
	return desktop.Within(ctx, func() (time.Duration, error) {
		c, s, err := x.conn()
		if err != nil {
			return 0, err
		}
		if s.saverErr != nil {
			return 0, s.saverErr
		}
		r, err := screensaver.QueryInfo(c, xproto.Drawable(s.root)).Reply()
		if err != nil {
			return 0, fmt.Errorf("could not read the idle time from %q: %w", x.display, err)
		}
		return time.Duration(r.MsSinceUserInput) * time.Millisecond, nil
	})
}

// Windows implements [Probe]: the window manager's client windows and
// their titles. Without a window manager the list is empty.
func (x *X) Windows(ctx context.Context) ([]Window, error) {
	return desktop.Within(ctx, func() ([]Window, error) {
		c, s, err := x.conn()
		if err != nil {
			return nil, err
		}
		list, name := s.atom(c, "_NET_CLIENT_LIST"), s.atom(c, "_NET_WM_NAME")
		r, err := xproto.GetProperty(c, false, s.root, list, xproto.AtomWindow, 0, 4096).Reply()
		if err != nil {
			return nil, fmt.Errorf("could not list the windows on %q: %w", x.display, err)
		}
		var out []Window
		for i := 0; r.Format == 32 && i+4 <= len(r.Value); i += 4 {
			id := xproto.Window(xgb.Get32(r.Value[i:]))
			out = append(out, Window{ID: uint32(id), Title: title(c, id, name)})
		}
		return out, nil
	})
}

// title is a window's _NET_WM_NAME, or WM_NAME when that is unset.
func title(c *xgb.Conn, w xproto.Window, netName xproto.Atom) string {
	for _, a := range []xproto.Atom{netName, xproto.AtomWmName} {
		if a == 0 {
			continue
		}
		r, err := xproto.GetProperty(c, false, w, a, xproto.GetPropertyTypeAny, 0, 256).Reply()
		if err == nil && r.Format == 8 && len(r.Value) > 0 {
			return string(r.Value)
		}
	}
	return ""
}

// atom interns name once per connection; 0 when the server refuses.
func (s *xstate) atom(c *xgb.Conn, name string) xproto.Atom {
	s.mu.Lock()
	defer s.mu.Unlock()
	if a, ok := s.atoms[name]; ok {
		return a
	}
	r, err := xproto.InternAtom(c, false, uint16(len(name)), name).Reply()
	if err != nil {
		return 0
	}
	s.atoms[name] = r.Atom
	return r.Atom
}

// Thumbnail implements [Probe] with a screenshot scaled to a few dozen
// pixels, decoded and dropped at once.
func (x *X) Thumbnail(ctx context.Context) (Thumb, error) {
	if x.shot == nil || x.shot.RunResult == nil {
		return Thumb{}, errors.New("the watcher was given no screenshot tool")
	}
	res, err := x.shot.RunResult(ctx, []byte(fmt.Sprintf(`{"max_size":%d}`, thumbSize)))
	if err != nil {
		return Thumb{}, err
	}
	if len(res.Images) == 0 {
		return Thumb{}, errors.New("the screenshot came back without a picture")
	}
	return decodeThumb(res.Images[0].MediaType, res.Images[0].Data)
}
