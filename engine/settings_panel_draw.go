package engine

import (
	"image"
	"image/color"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"
)

// Settings panel sizes in device-independent pixels.
const (
	setW, setRowH, setHeadH, setFootH, setMargin = 520, 24, 34, 44, 8
)

// Settings panel colours.
var (
	setBack   = color.RGBA{22, 24, 32, 240}
	setHead   = color.RGBA{60, 64, 78, 255}
	setSel    = color.RGBA{70, 90, 140, 255}
	setLabelC = color.RGBA{170, 174, 186, 255}
	setValueC = color.RGBA{240, 240, 245, 255}
	setEditC  = color.RGBA{44, 48, 62, 255}
	setErrC   = color.RGBA{255, 140, 130, 255}
	setOKC    = color.RGBA{150, 220, 160, 255}
)

// layout places the panel in a screen of size w×h at scale s and keeps
// the selected row in view; it returns how many rows fit.
func (p *settingsPanel) layout(w, h int, s float64) int {
	pw := min(int(setW*s), w-int(2*setMargin*s))
	want := int((setHeadH+setFootH)*s) + len(p.rows)*int(setRowH*s)
	ph := min(want, h-int(2*setMargin*s))
	x, y := (w-pw)/2, (h-ph)/2
	p.at = image.Rect(x, y, x+pw, y+ph)
	fit := max(1, (ph-int((setHeadH+setFootH)*s))/int(setRowH*s))
	if p.sel < p.top {
		p.top = p.sel
	}
	if p.sel >= p.top+fit {
		p.top = p.sel - fit + 1
	}
	p.top = max(0, min(p.top, len(p.rows)-fit))
	return fit
}

// rowAt returns the row under screen point q, or -1.
func (p *settingsPanel) rowAt(q image.Point, s float64) int {
	y0 := p.at.Min.Y + int(setHeadH*s)
	if !p.open || !q.In(p.at) || q.Y < y0 {
		return -1
	}
	i := p.top + (q.Y-y0)/int(setRowH*s)
	if i >= len(p.rows) {
		return -1
	}
	return i
}

// shown is how a row's value reads on the panel.
func (p *settingsPanel) shown(i int) string {
	r := p.rows[i]
	if i == p.sel && p.editing {
		return string(p.buf) + "|"
	}
	v := r.Value
	switch {
	case r.Kind == RowToggle && v == "true":
		v = "on"
	case r.Kind == RowToggle:
		v = "off"
	case v == "":
		v = "default"
	}
	if r.Kind == RowChoice {
		v = "‹ " + v + " ›"
	}
	return v
}

// drawSettings draws the open panel over dst.
func (g *Game) drawSettings(dst *ebiten.Image) {
	p := &g.set
	if !p.open {
		return
	}
	u := g.ui
	s := u.s
	fit := p.layout(dst.Bounds().Dx(), dst.Bounds().Dy(), s)
	r := p.at
	rect := func(x, y, w, h float64, c color.Color) {
		vector.FillRect(dst, float32(x), float32(y), float32(w), float32(h), c, true)
	}
	say := func(str string, x, y float64, c color.Color, maxW float64) {
		for len(str) > 1 {
			if w, _ := text.Measure(str, u.face, 0); w <= maxW {
				break
			}
			str = string([]rune(str)[:len([]rune(str))-2]) + "…"
		}
		op := &text.DrawOptions{}
		op.GeoM.Translate(x, y)
		op.ColorScale.ScaleWithColor(c)
		text.Draw(dst, str, u.face, op)
	}
	x0, y0, pw := float64(r.Min.X), float64(r.Min.Y), float64(r.Dx())
	rect(x0, y0, pw, float64(r.Dy()), setBack)
	rect(x0, y0, pw, setHeadH*s, setHead)
	say("Settings", x0+12*s, y0+8*s, setValueC, pw/2)
	say("↑↓ Enter · Esc closes", x0+pw-150*s, y0+8*s, setLabelC, 145*s)
	labelW := pw * 0.38
	p.buttons = p.buttons[:0]
	for i := p.top; i < min(len(p.rows), p.top+fit); i++ {
		y := y0 + setHeadH*s + float64(i-p.top)*setRowH*s
		if i == p.sel {
			rect(x0, y, pw, setRowH*s, setSel)
			if p.editing {
				rect(x0+labelW, y+2*s, pw-labelW-8*s, setRowH*s-4*s, setEditC)
			}
		}
		say(p.rows[i].Label, x0+12*s, y+4*s, setLabelC, labelW-16*s)
		bw := 0.0
		if len(p.rows[i].Actions) > 0 && !(i == p.sel && p.editing) {
			bw = g.drawActions(dst, i, x0+pw-8*s, y) + 4*s
		}
		say(p.shown(i), x0+labelW+6*s, y+4*s, setValueC, pw-labelW-18*s-bw)
	}
	foot := "↑↓ choose · Enter or click to change · Ctrl+, or Esc closes"
	if p.sel < len(p.rows) && p.rows[p.sel].Help != "" {
		foot = p.rows[p.sel].Help
	}
	c := color.Color(setLabelC)
	if p.status != "" {
		foot, c = p.status, setOKC
		if p.failed {
			c = setErrC
		}
	}
	say(foot, x0+12*s, float64(r.Max.Y)-setFootH*s+12*s, c, pw-24*s)
}
