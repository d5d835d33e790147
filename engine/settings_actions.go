package engine

import (
	"image"
	"image/color"
	"unicode"
	"unicode/utf8"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/inpututil"
	"github.com/hajimehoshi/ebiten/v2/text/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"
)

// SettingActions is implemented by a SettingsSource whose rows offer
// actions (SettingRow.Actions), such as recording and testing the wake
// word. The engine opens no microphone itself: the window's main does.
type SettingActions interface {
	// Act runs action on setting key. It is called off the game loop and
	// may take seconds; progress says how it goes, and the sentence it
	// returns (or its error) is shown on the panel when it ends.
	Act(key, action string, progress func(string)) (string, error)
}

// actNote is what a running action says to the panel.
type actNote struct {
	text         string
	done, failed bool
}

// actButton is an action's button on the panel, where it was last drawn.
type actButton struct {
	row    int
	action string
	at     image.Rectangle
}

// actionKey is the key that runs an action on the selected row: its first
// letter (R for Record).
func actionKey(action string) (ebiten.Key, bool) {
	c, _ := utf8.DecodeRuneInString(action)
	if c = unicode.ToLower(c); c < 'a' || c > 'z' {
		return 0, false
	}
	return ebiten.KeyA + ebiten.Key(c-'a'), true
}

// takeAction starts an action asked for by its key on the selected row or
// a click on its button; true means one was asked for.
func (g *Game) takeAction() bool {
	p := &g.set
	if inpututil.IsMouseButtonJustPressed(ebiten.MouseButtonLeft) {
		cur := image.Pt(ebiten.CursorPosition())
		for _, b := range p.buttons {
			if cur.In(b.at) {
				p.sel = b.row
				g.startAction(b.row, b.action)
				return true
			}
		}
	}
	if p.sel >= len(p.rows) {
		return false
	}
	for _, a := range p.rows[p.sel].Actions {
		if k, ok := actionKey(a); ok && inpututil.IsKeyJustPressed(k) {
			g.startAction(p.sel, a)
			return true
		}
	}
	return false
}

// startAction runs action on row i in the background, one at a time.
func (g *Game) startAction(i int, action string) {
	p := &g.set
	act, ok := g.opts.Settings.(SettingActions)
	if !ok || p.acting || i >= len(p.rows) {
		return
	}
	if p.notes == nil {
		p.notes = make(chan actNote, 16)
	}
	p.acting, p.status, p.failed = true, action+"…", false
	key, notes := p.rows[i].Key, p.notes
	go func() {
		msg, err := act.Act(key, action, func(s string) {
			select {
			case notes <- actNote{text: s}:
			default: // the panel is behind: a later note says more
			}
		})
		n := actNote{text: msg, done: true}
		if err != nil {
			n.text, n.failed = err.Error(), true
		}
		notes <- n
	}()
}

// pollActions shows what a running action says.
func (g *Game) pollActions() {
	p := &g.set
	for {
		select {
		case n := <-p.notes:
			p.status, p.failed = n.text, n.failed
			if n.done {
				p.acting = false
				p.rows = g.opts.Settings.Rows()
			}
			p.version++
		default:
			return
		}
	}
}

// drawActions draws row i's action buttons at the right end of its line
// at y, remembering where they are for clicks; it returns their width.
func (g *Game) drawActions(dst *ebiten.Image, i int, right, y float64) float64 {
	p := &g.set
	s := g.ui.s
	x := right
	acts := p.rows[i].Actions
	for j := len(acts) - 1; j >= 0; j-- {
		w, _ := text.Measure(acts[j], g.ui.face, 0)
		bw := w + 12*s
		x -= bw
		r := image.Rect(int(x), int(y+2*s), int(x+bw), int(y+setRowH*s-2*s))
		c := color.Color(setEditC)
		if p.acting {
			c = setHead
		}
		vector.FillRect(dst, float32(r.Min.X), float32(r.Min.Y), float32(r.Dx()), float32(r.Dy()), c, true)
		op := &text.DrawOptions{}
		op.GeoM.Translate(x+6*s, y+4*s)
		op.ColorScale.ScaleWithColor(setValueC)
		text.Draw(dst, acts[j], g.ui.face, op)
		p.buttons = append(p.buttons, actButton{row: i, action: acts[j], at: r})
		x -= 4 * s
	}
	return right - x
}
