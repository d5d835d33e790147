package engine

import (
	"bytes"
	"math"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"
	"golang.org/x/image/font/gofont/gomono"
)

// ghostInk is the text's colour (0..1 RGB), drawn over a black shadow so
// that it reads on light and dark desktops alike.
var ghostInk = [3]float32{0.84, 0.92, 0.88}

// draw draws the visible lines at the bottom left of dst, above the glow's
// edge, with s screen pixels per device-independent pixel. A line's image
// is drawn when it first shows (or the width or scale changes); after
// that a frame only draws the images, fading, and allocates nothing.
func (l *ghostLog) draw(dst *ebiten.Image, s, now float64) {
	if !l.visible(now) {
		return
	}
	l.setScale(s)
	b := dst.Bounds()
	lh := math.Ceil(l.face.Size * 1.35)
	x, width := float64(b.Min.X)+14*s, float64(b.Dx())-28*s
	y := float64(b.Max.Y - l.height(s))
	for i := range ghostLines {
		slot := (l.next + i) % ghostLines
		a := l.lines[slot].alpha(now)
		if a <= 0 {
			continue
		}
		if l.drawn[slot] != width {
			l.render(slot, width, lh, s)
		}
		l.iop.GeoM.Reset()
		l.iop.GeoM.Translate(x, y+float64(i)*lh)
		l.iop.ColorScale.Reset()
		l.iop.ColorScale.ScaleAlpha(float32(a))
		dst.DrawImage(l.imgs[slot], &l.iop)
	}
}

// setScale loads the font the first time and sizes it for s screen pixels
// per device-independent pixel, marking the lines for redrawing when it
// changes.
func (l *ghostLog) setScale(s float64) {
	if l.face == nil {
		src, err := text.NewGoTextFaceSource(bytes.NewReader(gomono.TTF))
		if err != nil {
			panic(err) // an embedded font: a bug in kin
		}
		l.face = &text.GoTextFace{Source: src}
	}
	if l.face.Size != ghostFontSize*s {
		l.face.Size = ghostFontSize * s
		l.drawn = [ghostLines]float64{}
	}
}

// render draws a slot's line, cut to width, into its image: a shadow one
// pixel down and right, the text over it.
func (l *ghostLog) render(slot int, width, lh, s float64) {
	w, h := max(int(width+s)+1, 1), int(lh+s)+1
	img := l.imgs[slot]
	if img == nil || img.Bounds().Dx() != w || img.Bounds().Dy() != h {
		if img != nil {
			img.Deallocate()
		}
		img = ebiten.NewImage(w, h)
		l.imgs[slot] = img
	}
	img.Clear()
	line := fit(l.lines[slot].text, l.face, width)
	for _, pass := range [2]struct {
		c      [3]float32
		dx, op float32
	}{{[3]float32{}, float32(s), 0.6}, {ghostInk, 0, 0.85}} {
		k := pass.op // premultiplied
		l.op.GeoM.Reset()
		l.op.GeoM.Translate(float64(pass.dx), float64(pass.dx))
		l.op.ColorScale.Reset()
		l.op.ColorScale.Scale(pass.c[0]*k, pass.c[1]*k, pass.c[2]*k, k)
		text.Draw(img, line, l.face, &l.op)
	}
	l.drawn[slot] = width
}

// fit returns s, or as much of it as fits width with "…" after it.
func fit(s string, face *text.GoTextFace, width float64) string {
	if w, _ := text.Measure(s, face, 0); w <= width {
		return s
	}
	r := []rune(s)
	for n := len(r) - 1; n > 0; n-- {
		cut := string(r[:n]) + "…"
		if w, _ := text.Measure(cut, face, 0); w <= width {
			return cut
		}
	}
	return ""
}
