package engine

import (
	"fmt"
	"strings"
)

// KeySpec is a global key: a key name with optional modifiers, such as
// "F9", "pause", "ctrl+space" or "super+shift+k".
type KeySpec struct {
	Key       string // the key's X keysym name, lower case: "f9", "space", "k"
	Ctrl      bool
	Shift     bool
	Alt       bool
	Super     bool
	sym       uint32
	modifiers uint16
}

// keysyms maps the key names a global key may use to X keysyms; letters
// and digits are added in init.
var keysyms = map[string]uint32{
	"space": 0x20, "pause": 0xff13, "scroll_lock": 0xff14, "insert": 0xff63, "menu": 0xff67,
	"home": 0xff50, "end": 0xff57, "page_up": 0xff55, "page_down": 0xff56, "print": 0xff61,
	"control_r": 0xffe4, "alt_r": 0xffea, "super_r": 0xffec, "grave": 0x60,
}

func init() {
	for i := range 24 {
		keysyms[fmt.Sprintf("f%d", i+1)] = 0xffbe + uint32(i)
	}
	for c := 'a'; c <= 'z'; c++ {
		keysyms[string(c)] = uint32(c)
	}
	for c := '0'; c <= '9'; c++ {
		keysyms[string(c)] = uint32(c)
	}
}

// X modifier masks.
const (
	modShift   = 1 << 0
	modLock    = 1 << 1 // Caps Lock
	modControl = 1 << 2
	modAlt     = 1 << 3 // Mod1
	modNum     = 1 << 4 // Mod2, Num Lock on most layouts
	modSuper   = 1 << 6 // Mod4
)

// ParseKey reads a global key such as "F9" or "ctrl+alt+space".
func ParseKey(s string) (KeySpec, error) {
	var k KeySpec
	parts := strings.Split(strings.ToLower(strings.TrimSpace(s)), "+")
	for i, p := range parts {
		p = strings.TrimSpace(p)
		if i < len(parts)-1 {
			switch p {
			case "ctrl", "control":
				k.Ctrl, k.modifiers = true, k.modifiers|modControl
			case "shift":
				k.Shift, k.modifiers = true, k.modifiers|modShift
			case "alt":
				k.Alt, k.modifiers = true, k.modifiers|modAlt
			case "super", "win", "meta":
				k.Super, k.modifiers = true, k.modifiers|modSuper
			default:
				return KeySpec{}, fmt.Errorf("push-to-talk key %q: %q is not a modifier (use ctrl, shift, alt or super)", s, p)
			}
			continue
		}
		sym, ok := keysyms[p]
		if !ok {
			return KeySpec{}, fmt.Errorf("push-to-talk key %q: kin does not know the key %q; use F1–F24, a letter, a digit, space, pause, insert, menu or scroll_lock, with ctrl+, shift+, alt+ or super+ before it", s, p)
		}
		k.Key, k.sym = p, sym
	}
	return k, nil
}

// String writes the key as ParseKey reads it.
func (k KeySpec) String() string {
	var b strings.Builder
	for _, m := range []struct {
		on   bool
		name string
	}{{k.Ctrl, "ctrl+"}, {k.Shift, "shift+"}, {k.Alt, "alt+"}, {k.Super, "super+"}} {
		if m.on {
			b.WriteString(m.name)
		}
	}
	b.WriteString(k.Key)
	return b.String()
}
