package engine

import (
	"image"
	"slices"
	"strconv"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/inpututil"
)

// RowKind is how a settings row is changed.
type RowKind int

// The kinds of [SettingRow].
const (
	RowText   RowKind = iota // typed: Enter edits, Enter saves, Esc cancels
	RowNumber                // typed, digits only
	RowToggle                // Enter, Space or a click flips it
	RowChoice                // Enter, Space, → or a click picks the next word; ← the one before
)

// SettingRow is one line of the settings panel.
type SettingRow struct {
	Key, Label, Value string
	Kind              RowKind
	Choices           []string // RowChoice: the words, "" for the default
	Help              string   // what it means, shown while it is selected
	Actions           []string // buttons on the row (the wake word's Record and Test); see [SettingActions]
}

// SettingsSource connects the panel to the settings file; the window's
// main implements it (the engine reads and writes no settings itself).
type SettingsSource interface {
	// Rows returns the settings as they are now.
	Rows() []SettingRow
	// Set changes and saves one setting; applied says it took effect at
	// once (e.g. the voice name of a running conversation).
	Set(key, value string) (applied bool, err error)
}

// settingsPanel is the window's settings panel (Ctrl+comma, the tray, the
// overlay's menu).
type settingsPanel struct {
	open    bool
	rows    []SettingRow
	sel     int
	top     int  // the first row shown
	editing bool // typing into the selected row
	buf     []rune
	status  string
	failed  bool // status is an error
	version int  // counts changes, for redrawing
	at      image.Rectangle
	acting  bool         // a row's action runs
	notes   chan actNote // what it says
	buttons []actButton  // the action buttons drawn last
}

// engineLive are the settings the engine applies at once itself.
var engineLive = []string{"fps", "mode", "micMuted"}

// openSettings shows the panel with the settings as they are now.
func (g *Game) openSettings() {
	p := &g.set
	if g.opts.Settings == nil {
		g.ui.notify("Settings are not available here; run kin settings in a terminal.")
		return
	}
	p.rows, p.open, p.editing, p.status, p.failed = g.opts.Settings.Rows(), true, false, "", false
	p.sel = min(p.sel, max(len(p.rows)-1, 0))
	p.version++
	g.ov.menu.open = false
}

// updateSettings handles the keyboard and mouse while the panel is open
// (and Ctrl+comma while it is not); true means it took the input.
func (g *Game) updateSettings() bool {
	p := &g.set
	g.pollActions()
	ctrl := ctrlHeld()
	if !p.open {
		if ctrl && inpututil.IsKeyJustPressed(ebiten.KeyComma) {
			g.openSettings()
			return true
		}
		return false
	}
	if g.overlay {
		g.setPassthrough(false) // the panel takes clicks everywhere while open
	}
	if p.editing {
		g.editSetting()
		return true
	}
	switch {
	case g.takeAction():
	case inpututil.IsKeyJustPressed(ebiten.KeyEscape), ctrl && inpututil.IsKeyJustPressed(ebiten.KeyComma):
		p.open = false
	case inpututil.IsKeyJustPressed(ebiten.KeyDown), inpututil.IsKeyJustPressed(ebiten.KeyTab):
		p.move(1)
		p.status = ""
	case inpututil.IsKeyJustPressed(ebiten.KeyUp):
		p.move(-1)
		p.status = ""
	case inpututil.IsKeyJustPressed(ebiten.KeyEnter), inpututil.IsKeyJustPressed(ebiten.KeySpace), inpututil.IsKeyJustPressed(ebiten.KeyRight):
		g.activateSetting(1)
	case inpututil.IsKeyJustPressed(ebiten.KeyLeft):
		g.activateSetting(-1)
	case inpututil.IsMouseButtonJustPressed(ebiten.MouseButtonLeft):
		if i := p.rowAt(image.Pt(ebiten.CursorPosition()), g.ui.s); i >= 0 {
			p.sel = i
			if g.activateSetting(1); p.editing {
				p.typeChars() // typed in the click's frame (a slow one): the field's
			}
		}
	}
	if _, wy := ebiten.Wheel(); wy != 0 {
		p.move(-int(wy))
	}
	p.version++
	return true
}

// move selects the row d rows away.
func (p *settingsPanel) move(d int) {
	if len(p.rows) > 0 {
		p.sel = (p.sel + d + len(p.rows)) % len(p.rows)
	}
}

// activateSetting flips a toggle, steps a choice by d, or starts typing.
func (g *Game) activateSetting(d int) {
	p := &g.set
	if p.sel >= len(p.rows) {
		return
	}
	r := p.rows[p.sel]
	switch r.Kind {
	case RowToggle:
		g.changeSetting(r.Key, strconv.FormatBool(r.Value != "true"))
	case RowChoice:
		i := slices.Index(r.Choices, r.Value)
		if len(r.Choices) > 0 {
			g.changeSetting(r.Key, r.Choices[(i+d+len(r.Choices))%len(r.Choices)])
		}
	default:
		if d > 0 {
			p.editing, p.buf = true, append(p.buf[:0], []rune(r.Value)...)
		}
	}
}

// editSetting takes typed text into the selected row. The characters
// typed in a tick go in before its Enter or Backspace is acted on, as in
// the chat's input line: a fast typist's last letter and Enter often
// arrive in the same tick (at 20 frames a second while unfocused, surely).
func (g *Game) editSetting() {
	p := &g.set
	p.version++
	if inpututil.IsKeyJustPressed(ebiten.KeyEscape) {
		p.editing = false
		return
	}
	p.typeChars()
	switch {
	case inpututil.IsKeyJustPressed(ebiten.KeyEnter):
		p.editing = false
		g.changeSetting(p.rows[p.sel].Key, string(p.buf))
	case inpututil.IsKeyJustPressed(ebiten.KeyBackspace) && len(p.buf) > 0:
		p.buf = p.buf[:len(p.buf)-1]
	}
}

// typeChars adds the characters typed in this tick to the row being
// edited (only digits and minus to a number).
func (p *settingsPanel) typeChars() {
	for _, c := range ebiten.AppendInputChars(nil) {
		if p.rows[p.sel].Kind != RowNumber || c == '-' || c >= '0' && c <= '9' {
			p.buf = append(p.buf, c)
		}
	}
}

// changeSetting saves a setting and applies what can change at once: the
// frame rate, window or overlay, the microphone; the rest at next start.
func (g *Game) changeSetting(key, value string) {
	p := &g.set
	applied, err := g.opts.Settings.Set(key, value)
	if err != nil {
		// the rows as saved: a source may save and still fail to apply
		// (a speaker that is not there)
		p.rows, p.status, p.failed = g.opts.Settings.Rows(), err.Error(), true
		return
	}
	switch key {
	case "fps":
		n, _ := strconv.Atoi(value)
		g.opts.FPS = n
	case "mode":
		g.setMode(value)
		applied = true
	case "micMuted":
		g.setMuted(value == "true")
	}
	p.rows, p.failed = g.opts.Settings.Rows(), false
	p.status = "Saved; it takes effect at the next start."
	if applied || slices.Contains(engineLive, key) {
		p.status = "Saved and applied."
	}
}

// setMuted mutes or unmutes the microphone, and shows it in the tray.
func (g *Game) setMuted(on bool) {
	g.muted = on
	if g.opts.Mute != nil {
		g.opts.Mute(on)
	}
	if g.tray != nil {
		g.tray.SetChecked(trayMuteItem, on)
	}
}
