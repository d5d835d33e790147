package desktop

import (
	"fmt"
	"slices"
	"sync"
	"time"

	"github.com/jezek/xgb/xproto"
	"github.com/jezek/xgb/xtest"
)

// XTEST FakeInput event types.
const (
	fakeKeyPress      = xproto.KeyPress
	fakeKeyRelease    = xproto.KeyRelease
	fakeButtonPress   = xproto.ButtonPress
	fakeButtonRelease = xproto.ButtonRelease
	fakeMotion        = xproto.MotionNotify
)

// keyPos is where a keysym sits: its keycode and whether Shift is needed.
type keyPos struct {
	code  xproto.Keycode
	shift bool
}

// keymap is the server's keyboard mapping, first group only.
type keymap struct {
	per   int // keysyms per keycode
	where map[xproto.Keysym]keyPos
	free  []xproto.Keycode // keycodes with no keysym at all
}

// loadKeymap reads the keyboard mapping. Only the first two levels (plain
// and Shift) are used; characters on AltGr levels are typed through a
// spare keycode instead.
func (x *xconn) loadKeymap() (*keymap, error) {
	lo, hi := x.setup.MinKeycode, x.setup.MaxKeycode
	r, err := xproto.GetKeyboardMapping(x.c, lo, byte(hi-lo+1)).Reply()
	if err != nil {
		return nil, fmt.Errorf("could not read the keyboard layout: %w", err)
	}
	per := int(r.KeysymsPerKeycode)
	km := &keymap{per: per, where: map[xproto.Keysym]keyPos{}}
	for i := 0; (i+1)*per <= len(r.Keysyms); i++ {
		code := lo + xproto.Keycode(i)
		syms := r.Keysyms[i*per : (i+1)*per]
		if !slices.ContainsFunc(syms, func(k xproto.Keysym) bool { return k != 0 }) {
			km.free = append(km.free, code)
			continue
		}
		km.add(syms[0], keyPos{code, false})
		if per > 1 && syms[1] != 0 {
			km.add(syms[1], keyPos{code, true})
		} else if up := upperLatin1(syms[0]); up != 0 {
			km.add(up, keyPos{code, true})
		}
	}
	return km, nil
}

// add records the first, unshifted-first place of ks.
func (km *keymap) add(ks xproto.Keysym, p keyPos) {
	if ks == 0 {
		return
	}
	for _, k := range []xproto.Keysym{ks, canonical(ks)} {
		if old, ok := km.where[k]; !ok || (old.shift && !p.shift) {
			km.where[k] = p
		}
	}
}

// spareKeys tracks keycodes kin remapped to characters the layout lacks,
// so Close can give them back. They stay mapped between calls: remapping a
// key back at once races with clients that read the mapping lazily when
// the key event arrives. Its mutex also keeps input calls from interleaving.
type spareKeys struct {
	mu   sync.Mutex
	per  int
	used []xproto.Keycode // in order of last use, oldest first
	syms map[xproto.Keycode]xproto.Keysym
}

// sparesFor returns the spare-key state of the current connection.
func (d *Desktop) sparesFor() *spareKeys {
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.spares == nil {
		d.spares = &spareKeys{syms: map[xproto.Keycode]xproto.Keysym{}}
	}
	return d.spares
}

// find returns where ks is, remapping a spare keycode to it when the
// layout lacks it. Callers hold s.mu.
func (s *spareKeys) find(x *xconn, km *keymap, ks xproto.Keysym) (keyPos, error) {
	if p, ok := km.where[ks]; ok {
		return p, nil
	}
	s.per = km.per
	var code xproto.Keycode
	if len(km.free) > 0 {
		code, km.free = km.free[0], km.free[1:]
	} else if len(s.used) > 0 {
		code = s.used[0]
		delete(km.where, s.syms[code])
		s.used = s.used[1:]
		time.Sleep(50 * time.Millisecond) // let clients handle the key's last use first
	} else {
		return keyPos{}, fmt.Errorf("the keyboard layout has no spare key to type U+%04X with", uint32(ks))
	}
	syms := make([]xproto.Keysym, km.per)
	for i := range syms {
		syms[i] = ks
	}
	if err := xproto.ChangeKeyboardMappingChecked(x.c, 1, code, byte(km.per), syms).Check(); err != nil {
		return keyPos{}, fmt.Errorf("could not set up a key for U+%04X: %w", uint32(ks), err)
	}
	s.used = append(s.used, code)
	s.syms[code] = ks
	km.where[ks] = keyPos{code, false}
	return km.where[ks], nil
}

// restore gives the remapped keycodes back their empty mapping.
func (s *spareKeys) restore(x *xconn) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	empty := make([]xproto.Keysym, s.per)
	for _, code := range s.used {
		if err := xproto.ChangeKeyboardMappingChecked(x.c, 1, code, byte(s.per), empty).Check(); err != nil {
			return fmt.Errorf("could not give back key %d: %w", code, err)
		}
	}
	s.used, s.syms = nil, map[xproto.Keycode]xproto.Keysym{}
	return nil
}

// fake sends one synthetic input event.
func (x *xconn) fake(kind byte, detail byte, px, py int) {
	xtest.FakeInput(x.c, kind, detail, 0, x.screen.Root, int16(px), int16(py), 0)
}

// tap presses and releases the keys in order (holding Shift when one needs
// it), releasing in reverse order.
func (x *xconn) tap(keys []keyPos, shift xproto.Keycode) {
	var held []xproto.Keycode
	press := func(c xproto.Keycode) {
		if !slices.Contains(held, c) {
			x.fake(fakeKeyPress, byte(c), 0, 0)
			held = append(held, c)
		}
	}
	for _, k := range keys {
		if k.shift && shift != 0 {
			press(shift)
		}
		press(k.code)
	}
	for i := len(held) - 1; i >= 0; i-- {
		x.fake(fakeKeyRelease, byte(held[i]), 0, 0)
	}
}

// capsLock reports whether Caps Lock is on.
func (x *xconn) capsLock() bool {
	r, err := xproto.QueryPointer(x.c, x.screen.Root).Reply()
	return err == nil && r.Mask&xproto.ModMaskLock != 0
}
