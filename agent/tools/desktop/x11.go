package desktop

import (
	"fmt"
	"sync"

	"github.com/jezek/xgb"
	"github.com/jezek/xgb/xproto"
	"github.com/jezek/xgb/xtest"
)

// xconn is one connection to the X server with an event loop that routes
// events to the window that asked for them. xgb blocks replies when its
// event queue fills, so the loop always drains it.
type xconn struct {
	c       *xgb.Conn
	setup   *xproto.SetupInfo
	screen  *xproto.ScreenInfo
	display string
	testErr error // why XTEST is unusable; nil when it works
	done    chan struct{}

	mu    sync.Mutex
	subs  map[xproto.Window]chan xgb.Event
	atoms map[string]xproto.Atom
}

// dialX connects to display and starts the event loop.
func dialX(display string) (*xconn, error) {
	c, err := xgb.NewConnDisplay(display)
	if err != nil {
		return nil, fmt.Errorf("could not connect to the X display %q "+
			"(is it running, and may this user use it?): %w", display, err)
	}
	setup := xproto.Setup(c)
	if setup == nil || len(setup.Roots) == 0 {
		c.Close()
		return nil, fmt.Errorf("the X display %q reported no screen", display)
	}
	x := &xconn{c: c, setup: setup, screen: &setup.Roots[c.DefaultScreen],
		display: display, done: make(chan struct{}),
		subs: map[xproto.Window]chan xgb.Event{}, atoms: map[string]xproto.Atom{}}
	if err := xtest.Init(c); err != nil {
		x.testErr = fmt.Errorf("the X display %q lacks the XTEST extension "+
			"needed to type and click: %w", display, err)
	}
	go x.loop()
	return x, nil
}

// loop hands each event to its window's subscriber until the connection ends.
func (x *xconn) loop() {
	defer close(x.done)
	for {
		ev, xerr := x.c.WaitForEvent()
		if ev == nil && xerr == nil {
			return
		}
		if ev == nil {
			continue // an error for an unchecked request nobody waits on
		}
		if ch := x.subscriber(eventWindow(ev)); ch != nil {
			select {
			case ch <- ev:
			default: // the subscriber is gone or far behind; never block the loop
			}
		}
	}
}

// eventWindow is the window an event is addressed to, for routing.
func eventWindow(ev xgb.Event) xproto.Window {
	switch e := ev.(type) {
	case xproto.SelectionNotifyEvent:
		return e.Requestor
	case xproto.SelectionRequestEvent:
		return e.Owner
	case xproto.SelectionClearEvent:
		return e.Owner
	case xproto.PropertyNotifyEvent:
		return e.Window
	}
	return 0
}

func (x *xconn) subscriber(w xproto.Window) chan xgb.Event {
	x.mu.Lock()
	defer x.mu.Unlock()
	return x.subs[w]
}

// subscribe routes w's events to the returned channel until unsubscribe.
func (x *xconn) subscribe(w xproto.Window) chan xgb.Event {
	ch := make(chan xgb.Event, 64)
	x.mu.Lock()
	x.subs[w] = ch
	x.mu.Unlock()
	return ch
}

func (x *xconn) unsubscribe(w xproto.Window) {
	x.mu.Lock()
	delete(x.subs, w)
	x.mu.Unlock()
}

// alive reports whether the connection still works.
func (x *xconn) alive() bool {
	select {
	case <-x.done:
		return false
	default:
		return true
	}
}

func (x *xconn) close() { x.c.Close() }

// atom returns the named atom, interned once per connection.
func (x *xconn) atom(name string) (xproto.Atom, error) {
	x.mu.Lock()
	a, ok := x.atoms[name]
	x.mu.Unlock()
	if ok {
		return a, nil
	}
	r, err := xproto.InternAtom(x.c, false, uint16(len(name)), name).Reply()
	if err != nil {
		return 0, fmt.Errorf("could not look up the X atom %s: %w", name, err)
	}
	x.mu.Lock()
	x.atoms[name] = r.Atom
	x.mu.Unlock()
	return r.Atom, nil
}

// atomList interns several names.
func (x *xconn) atomList(names ...string) ([]xproto.Atom, error) {
	out := make([]xproto.Atom, len(names))
	for i, n := range names {
		a, err := x.atom(n)
		if err != nil {
			return nil, err
		}
		out[i] = a
	}
	return out, nil
}

// hiddenWindow creates an unmapped 1x1 window that reports property changes,
// for talking to other clients through selections; events go to the
// returned channel. The caller destroys it with dropWindow.
func (x *xconn) hiddenWindow() (xproto.Window, chan xgb.Event, error) {
	w, err := xproto.NewWindowId(x.c)
	if err != nil {
		return 0, nil, fmt.Errorf("could not create an X window: %w", err)
	}
	ch := x.subscribe(w)
	err = xproto.CreateWindowChecked(x.c, 0, w, x.screen.Root, -10, -10, 1, 1, 0,
		xproto.WindowClassInputOnly, 0,
		xproto.CwOverrideRedirect|xproto.CwEventMask,
		[]uint32{1, xproto.EventMaskPropertyChange}).Check()
	if err != nil {
		x.unsubscribe(w)
		return 0, nil, fmt.Errorf("could not create an X window: %w", err)
	}
	return w, ch, nil
}

func (x *xconn) dropWindow(w xproto.Window) {
	x.unsubscribe(w)
	xproto.DestroyWindow(x.c, w)
}

// sync waits until the server has handled every request sent so far.
func (x *xconn) sync() error {
	if _, err := xproto.GetInputFocus(x.c).Reply(); err != nil {
		return fmt.Errorf("the X display %q stopped answering: %w", x.display, err)
	}
	return nil
}
