package desktop

import (
	"fmt"
	"strconv"
	"strings"
	"unicode"

	"github.com/jezek/xgb/xproto"
)

// Keysyms used by name in the code.
const (
	ksBackSpace xproto.Keysym = 0xff08
	ksTab       xproto.Keysym = 0xff09
	ksReturn    xproto.Keysym = 0xff0d
	ksShiftL    xproto.Keysym = 0xffe1
	ksF1        xproto.Keysym = 0xffbe
	ksEuro      xproto.Keysym = 0x20ac
	ksUnicode   xproto.Keysym = 0x01000000 // added to a code point beyond Latin-1
)

// keyNames maps lower-case key names (the X keysym names and common
// aliases) to keysyms; single characters and F1–F35 are handled apart.
var keyNames = map[string]xproto.Keysym{
	"return": ksReturn, "enter": ksReturn, "kp_enter": 0xff8d,
	"tab": ksTab, "backspace": ksBackSpace, "escape": 0xff1b, "esc": 0xff1b,
	"delete": 0xffff, "del": 0xffff, "insert": 0xff63, "ins": 0xff63,
	"home": 0xff50, "end": 0xff57, "page_up": 0xff55, "pageup": 0xff55, "prior": 0xff55,
	"page_down": 0xff56, "pagedown": 0xff56, "next": 0xff56,
	"left": 0xff51, "up": 0xff52, "right": 0xff53, "down": 0xff54,
	"space": 0x20, "minus": 0x2d, "plus": 0x2b, "equal": 0x3d, "comma": 0x2c,
	"period": 0x2e, "slash": 0x2f, "backslash": 0x5c, "semicolon": 0x3b,
	"apostrophe": 0x27, "grave": 0x60, "bracketleft": 0x5b, "bracketright": 0x5d,
	"print": 0xff61, "printscreen": 0xff61, "pause": 0xff13, "menu": 0xff67,
	"scroll_lock": 0xff14, "caps_lock": 0xffe5, "num_lock": 0xff7f,
	"shift": ksShiftL, "shift_l": ksShiftL, "shift_r": 0xffe2,
	"ctrl": 0xffe3, "control": 0xffe3, "control_l": 0xffe3, "control_r": 0xffe4,
	"alt": 0xffe9, "alt_l": 0xffe9, "alt_r": 0xffea, "altgr": 0xfe03, "iso_level3_shift": 0xfe03,
	"super": 0xffeb, "super_l": 0xffeb, "super_r": 0xffec, "win": 0xffeb, "meta": 0xffeb, "cmd": 0xffeb,
	"xf86audioraisevolume": 0x1008ff13, "xf86audiolowervolume": 0x1008ff11,
	"xf86audiomute": 0x1008ff12, "xf86audioplay": 0x1008ff14, "xf86audiostop": 0x1008ff15,
	"xf86audioprev": 0x1008ff16, "xf86audionext": 0x1008ff17, "xf86audiopause": 0x1008ff31,
	"xf86monbrightnessup": 0x1008ff02, "xf86monbrightnessdown": 0x1008ff03,
}

// keyByName resolves one key name: a keysym name or alias (any case), a
// function key F1–F35, or a single character.
func keyByName(name string) (xproto.Keysym, error) {
	if ks, ok := keyNames[strings.ToLower(name)]; ok {
		return ks, nil
	}
	if n, err := strconv.Atoi(strings.TrimPrefix(strings.ToLower(name), "f")); err == nil &&
		len(name) > 1 && (name[0] == 'f' || name[0] == 'F') && n >= 1 && n <= 35 {
		return ksF1 + xproto.Keysym(n-1), nil
	}
	if r := []rune(name); len(r) == 1 && unicode.IsPrint(r[0]) {
		return runeKeysym(r[0]), nil
	}
	return 0, fmt.Errorf("%q is not a key name kin knows; use names like Return, Tab, "+
		"Escape, BackSpace, Delete, Home, End, Page_Up, Left, F5, space, a single "+
		"character, or the modifiers ctrl, shift, alt, super", name)
}

// runeKeysym is the keysym that types r.
func runeKeysym(r rune) xproto.Keysym {
	switch {
	case r == '\n':
		return ksReturn
	case r == '\t':
		return ksTab
	case r >= 0x20 && r <= 0x7e, r >= 0xa0 && r <= 0xff:
		return xproto.Keysym(r)
	case r == '€':
		return ksEuro
	}
	return ksUnicode + xproto.Keysym(r)
}

// canonical maps a keysym from a keyboard map to the one runeKeysym gives
// for the same character, so both spellings find the key.
func canonical(ks xproto.Keysym) xproto.Keysym {
	if ks > ksUnicode && ks <= ksUnicode+0x10ffff {
		return runeKeysym(rune(ks - ksUnicode))
	}
	return ks
}

// upperLatin1 is the shifted keysym X implies for a lower-case Latin-1
// letter listed alone in the keyboard map, or 0.
func upperLatin1(ks xproto.Keysym) xproto.Keysym {
	switch {
	case ks >= 'a' && ks <= 'z':
		return ks - 0x20
	case ks >= 0xe0 && ks <= 0xfe && ks != 0xf7:
		return ks - 0x20
	}
	return 0
}
