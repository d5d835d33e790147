package desktop

import (
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/jezek/xgb"
	"github.com/jezek/xgb/xproto"
)

// typedText turns the KeyPress events the window saw into text, using the
// keyboard mapping as it is now (kin's spare keys stay mapped until Close).
func typedText(t *testing.T, tw *testWin, presses []xproto.KeyPressEvent) string {
	t.Helper()
	setup := xproto.Setup(tw.c)
	lo := setup.MinKeycode
	m, err := xproto.GetKeyboardMapping(tw.c, lo, byte(setup.MaxKeycode-lo+1)).Reply()
	if err != nil {
		t.Fatal(err)
	}
	per := int(m.KeysymsPerKeycode)
	var b strings.Builder
	for _, e := range presses {
		syms := m.Keysyms[int(e.Detail-lo)*per:]
		ks := syms[0]
		shifted := e.State&xproto.ModMaskShift != 0
		if e.State&xproto.ModMaskLock != 0 && upperLatin1(syms[0]) != 0 {
			shifted = !shifted // Caps Lock inverts Shift for letters
		}
		if shifted {
			if ks = syms[1]; ks == 0 {
				ks = upperLatin1(syms[0])
			}
		}
		switch {
		case ks == ksShiftL:
		case ks == ksReturn:
			b.WriteRune('\n')
		case ks >= ksUnicode:
			b.WriteRune(rune(ks - ksUnicode))
		default:
			b.WriteRune(rune(ks))
		}
	}
	return b.String()
}

// keyPresses collects the window's KeyPress events until quiet.
func keyPresses(tw *testWin) []xproto.KeyPressEvent {
	var out []xproto.KeyPressEvent
	for {
		select {
		case ev := <-tw.events:
			if k, ok := ev.(xproto.KeyPressEvent); ok {
				out = append(out, k)
			}
		case <-time.After(300 * time.Millisecond):
			return out
		}
	}
}

func TestKeyboardType(t *testing.T) {
	tests := []struct {
		name, text string
		capsLock   bool
	}{
		{"ascii with shift", "Hello, World!", false},
		{"newline", "a\nb", false},
		{"characters the layout lacks", "café ✓ Ωμέγα", false},
		{"caps lock on", "Hello, World!", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := newDesktop(t)
			tw := newTestWin(t, needX(t), "kin keyboard test", 500, 500, 100, 100, 0xffffff, xproto.EventMaskKeyPress)
			tw.focus(t)
			if tt.capsLock {
				mustCall(t, d, "keyboard_keys", `{"keys":"Caps_Lock"}`)
				t.Cleanup(func() { mustCall(t, d, "keyboard_keys", `{"keys":"Caps_Lock"}`) })
				keyPresses(tw)
			}
			r := mustCall(t, d, "keyboard_type", `{"text":`+jsonString(tt.text)+`}`)
			got := typedText(t, tw, keyPresses(tw))
			if got != tt.text {
				t.Errorf("the window received %q, want %q (result %q)", got, tt.text, r.Text)
			}
		})
	}
}

func TestCloseRestoresSpareKeys(t *testing.T) {
	d := newDesktop(t)
	tw := newTestWin(t, needX(t), "kin spare test", 500, 500, 100, 100, 0xffffff, xproto.EventMaskKeyPress)
	tw.focus(t)
	mustCall(t, d, "keyboard_type", `{"text":"✓"}`)
	presses := keyPresses(tw)
	if len(presses) != 1 {
		t.Fatalf("%d key presses, want 1", len(presses))
	}
	if err := d.Close(); err != nil {
		t.Fatalf("Close: %v", err)
	}
	m, err := xproto.GetKeyboardMapping(tw.c, presses[0].Detail, 1).Reply()
	if err != nil {
		t.Fatal(err)
	}
	for _, ks := range m.Keysyms {
		if ks != 0 {
			t.Fatalf("key %d still maps to %#x after Close", presses[0].Detail, ks)
		}
	}
}

func TestKeyboardKeys(t *testing.T) {
	d := newDesktop(t)
	tw := newTestWin(t, needX(t), "kin keys test", 500, 500, 100, 100, 0xffffff, xproto.EventMaskKeyPress)
	tw.focus(t)
	tests := []struct {
		keys  string
		want  []xproto.Keysym // keysyms pressed, in order
		state uint16          // modifiers held at the last press
	}{
		{"ctrl+s", []xproto.Keysym{0xffe3, 's'}, xproto.ModMaskControl},
		{"ctrl+shift+t", []xproto.Keysym{0xffe3, ksShiftL, 't'}, xproto.ModMaskControl | xproto.ModMaskShift},
		{"Return", []xproto.Keysym{ksReturn}, 0},
		{"alt+F4", []xproto.Keysym{0xffe9, ksF1 + 3}, xproto.ModMask1},
		{"ctrl++", []xproto.Keysym{0xffe3, ksShiftL, '+'}, xproto.ModMaskControl | xproto.ModMaskShift},
	}
	for _, tt := range tests {
		t.Run(tt.keys, func(t *testing.T) {
			mustCall(t, d, "keyboard_keys", `{"keys":`+jsonString(tt.keys)+`}`)
			presses := keyPresses(tw)
			if len(presses) != len(tt.want) {
				t.Fatalf("%d key presses, want %d", len(presses), len(tt.want))
			}
			x, _ := d.conn(t.Context())
			km, _ := x.loadKeymap()
			for i, ks := range tt.want {
				if p := km.where[ks]; p.code != presses[i].Detail {
					t.Errorf("press %d was key %d, want %d (keysym %#x)", i, presses[i].Detail, p.code, ks)
				}
			}
			if last := presses[len(presses)-1].State; last&0xff != tt.state {
				t.Errorf("modifiers at the last press %#x, want %#x", last, tt.state)
			}
		})
	}
}

func TestMouseMove(t *testing.T) {
	display := needX(t)
	if _, err := exec.LookPath("xdotool"); err != nil {
		t.Skip("xdotool is not installed (apt-get install xdotool)")
	}
	d := newDesktop(t)
	for _, p := range []string{`{"x":123,"y":456}`, `{"x":1919,"y":0}`} {
		r := mustCall(t, d, "mouse_move", p)
		cmd := exec.Command("xdotool", "getmouselocation", "--shell")
		cmd.Env = append(os.Environ(), "DISPLAY="+display)
		out, err := cmd.Output()
		if err != nil {
			t.Fatalf("xdotool: %v", err)
		}
		var x, y string
		for _, l := range strings.Fields(string(out)) {
			if v, ok := strings.CutPrefix(l, "X="); ok {
				x = v
			}
			if v, ok := strings.CutPrefix(l, "Y="); ok {
				y = v
			}
		}
		if want := `{"x":` + x + `,"y":` + y + `}`; want != p {
			t.Errorf("after %s the pointer is at %s,%s (result %q)", p, x, y, r.Text)
		}
	}
}

func TestMouseClick(t *testing.T) {
	d := newDesktop(t)
	tw := newTestWin(t, needX(t), "kin click test", 300, 300, 200, 200, 0xffffff, xproto.EventMaskButtonPress)
	tests := []struct {
		args    string
		button  xproto.Button
		presses int
		at      [2]int16 // position within the window
	}{
		{`{"x":350,"y":360}`, 1, 1, [2]int16{50, 60}},
		{`{"x":310,"y":320,"button":"right"}`, 3, 1, [2]int16{10, 20}},
		{`{"button":"middle"}`, 2, 1, [2]int16{10, 20}},
		{`{"x":499,"y":499,"double":true}`, 1, 2, [2]int16{199, 199}},
	}
	for _, tt := range tests {
		t.Run(tt.args, func(t *testing.T) {
			mustCall(t, d, "mouse_click", tt.args)
			for i := range tt.presses {
				ev := tw.wait(t, func(ev xgb.Event) bool { _, ok := ev.(xproto.ButtonPressEvent); return ok })
				b := ev.(xproto.ButtonPressEvent)
				if b.Detail != tt.button || b.EventX != tt.at[0] || b.EventY != tt.at[1] {
					t.Errorf("press %d: button %d at (%d, %d), want button %d at %v",
						i, b.Detail, b.EventX, b.EventY, tt.button, tt.at)
				}
			}
		})
	}
}

func TestInputRefusals(t *testing.T) {
	d := newDesktop(t)
	tests := []struct{ tool, args, want string }{
		{"keyboard_type", `{}`, "text argument is missing"},
		{"keyboard_type", `{"text":""}`, "text is empty"},
		{"keyboard_type", `{"text":"a\u001bb"}`, "control character U+001B"},
		{"keyboard_type", `{"text":5}`, "keyboard_type: bad arguments"},
		{"keyboard_keys", `{"keys":""}`, "missing or empty"},
		{"keyboard_keys", `{"keys":"ctrl+frobnicate"}`, `"frobnicate" is not a key name`},
		{"keyboard_keys", `{"keys":"ctrl+"}`, "empty key name"},
		{"mouse_move", `{"x":10}`, "both x and y are required"},
		{"mouse_move", `{"x":1920,"y":10}`, "off the 1920x1080 screen"},
		{"mouse_click", `{"button":"fourth"}`, "button must be left, middle or right"},
		{"mouse_click", `{"x":5}`, "give both x and y"},
	}
	for _, tt := range tests {
		t.Run(tt.tool+" "+tt.args, func(t *testing.T) {
			_, err := call(t, d, tt.tool, tt.args)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("error %v, want one containing %q", err, tt.want)
			}
		})
	}
}
