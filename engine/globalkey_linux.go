package engine

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/jezek/xgb"
	"github.com/jezek/xgb/xproto"
)

// repeatGap is how long after a key release kin waits for the press that
// X's auto-repeat sends with it; a release not followed by one is real.
const repeatGap = 40 * time.Millisecond

// GrabKey makes k a global key on the X display: while ctx lasts, fn is
// called with true as it goes down and false as it comes up, whichever
// application has the focus (auto-repeat while held is not reported).
// It returns once the key is grabbed, or an error when there is no X
// display or another application already holds the key. fn runs on
// GrabKey's own goroutine.
func GrabKey(ctx context.Context, k KeySpec, fn func(down bool)) error {
	if k.sym == 0 {
		return errors.New("engine: no push-to-talk key given")
	}
	conn, err := xgb.NewConn()
	if err != nil {
		return fmt.Errorf("the push-to-talk key %s needs an X display: %w", k, err)
	}
	root := xproto.Setup(conn).DefaultScreen(conn).Root
	code, err := keycodeOf(conn, k.sym)
	if err != nil {
		conn.Close()
		return fmt.Errorf("push-to-talk key %s: %w", k, err)
	}
	// Grab the key with and without Caps Lock and Num Lock, which X counts
	// as modifiers, so that it works whichever of them is on.
	var mods []uint16
	for _, extra := range []uint16{0, modLock, modNum, modLock | modNum} {
		m := k.modifiers | extra
		if err := xproto.GrabKeyChecked(conn, true, root, m, code, xproto.GrabModeAsync, xproto.GrabModeAsync).Check(); err != nil {
			for _, g := range mods {
				xproto.UngrabKey(conn, code, root, g)
			}
			conn.Close()
			return fmt.Errorf("the push-to-talk key %s is already taken by another application (%v); choose another key", k, err)
		}
		mods = append(mods, m)
	}
	events := make(chan xgb.Event, 16)
	go func() {
		defer close(events)
		for {
			ev, err := conn.WaitForEvent()
			if ev == nil && err == nil {
				return // the connection closed
			}
			if ev != nil {
				events <- ev
			}
		}
	}()
	go func() {
		<-ctx.Done()
		for _, m := range mods {
			xproto.UngrabKey(conn, code, root, m)
		}
		conn.Close()
	}()
	go deliverKey(events, code, fn)
	return nil
}

// deliverKey reports the key's presses and releases from events, leaving
// out auto-repeat's release-and-press pairs, until events closes.
func deliverKey(events <-chan xgb.Event, code xproto.Keycode, fn func(down bool)) {
	down := false
	var next xgb.Event
	for {
		ev := next
		next = nil
		if ev == nil {
			var ok bool
			if ev, ok = <-events; !ok {
				break
			}
		}
		switch e := ev.(type) {
		case xproto.KeyPressEvent:
			if e.Detail == code && !down {
				down = true
				fn(true)
			}
		case xproto.KeyReleaseEvent:
			if e.Detail != code || !down {
				continue
			}
			select {
			case n, ok := <-events:
				if p, isPress := n.(xproto.KeyPressEvent); ok && isPress && p.Detail == code && p.Time == e.Time {
					continue // auto-repeat: the key is still held
				}
				next = n
			case <-time.After(repeatGap):
			}
			down = false
			fn(false)
		}
	}
	if down {
		fn(false) // the grab ended with the key held
	}
}

// keycodeOf finds the keycode that types keysym sym on the current layout.
func keycodeOf(conn *xgb.Conn, sym uint32) (xproto.Keycode, error) {
	setup := xproto.Setup(conn)
	first, n := setup.MinKeycode, int(setup.MaxKeycode-setup.MinKeycode)+1
	m, err := xproto.GetKeyboardMapping(conn, first, byte(n)).Reply()
	if err != nil {
		return 0, fmt.Errorf("read the keyboard layout: %w", err)
	}
	per := int(m.KeysymsPerKeycode)
	for i := range n {
		for j := range per {
			if uint32(m.Keysyms[i*per+j]) == sym {
				return first + xproto.Keycode(i), nil
			}
		}
	}
	return 0, errors.New("no key on this keyboard layout types it")
}
