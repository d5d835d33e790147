package engine

import (
	"image"
	"math"

	"github.com/hajimehoshi/ebiten/v2"
)

// On a software renderer (llvmpipe) presenting a monitor-sized window
// costs more than drawing the character: Ebitengine copies its screen
// into the window and Mesa sends every pixel to the X server, each frame
// something changes. So the desktop canvas window covers only what shows,
// one of three rectangles on the monitor; the user sees the same, as the
// rest of the canvas would be transparent and click-through:
//   - the character's rectangle, while nothing else shows;
//   - a strip along the bottom of the monitor, its whole width, from the
//     character's top (or the glow's or the ghost log's, if higher) down,
//     while only the glow and the ghost log show besides the character:
//     both are drawn from the screen's bottom-left corner, which is then
//     the monitor's;
//   - the whole monitor for anything else (whiteboard, bubble, message,
//     menu, panel, a drag).

// view is where the window's top-left is on the monitor and the monitor's
// size, both in screen pixels. The window covers the monitor (origin zero)
// unless it is fitted to a smaller rectangle (desk.win, or desk.prev until
// the window manager has applied win): then the screen is that
// rectangle's size. While it covers the monitor, its size is the
// monitor's and is remembered for the fitted states.
func (g *Game) view() (origin, monitor image.Point) {
	size := image.Pt(g.size[0], g.size[1])
	if g.desk.mon != (image.Point{}) && size != g.desk.mon {
		for _, r := range [2]image.Rectangle{g.desk.win, g.desk.prev} {
			if !r.Empty() && size == r.Size() {
				return r.Min, g.desk.mon
			}
		}
	}
	if g.desk.win.Empty() || g.desk.mon == (image.Point{}) {
		g.desk.mon = size
	}
	return image.Point{}, g.desk.mon
}

// covering reports whether the canvas must cover the whole monitor: a
// whiteboard, bubble, message, menu, panel or drag shows.
func (g *Game) covering() bool {
	now := g.now()
	return g.desk.drag || g.ov.menu.open || g.set.open || g.debug ||
		g.chat.visible(now) || g.chat.focused || g.amb.board.shown ||
		g.ui.message(now, g.ld) != ""
}

// quiet reports whether the canvas shows nothing but the character: no
// glow, ghost log, whiteboard, bubble, message, menu, panel or drag.
func (g *Game) quiet() bool { return !g.covering() && !g.amb.live(g.now()) }

// canvasFit is the rectangle of the monitor (mon, in screen pixels) the
// canvas window should cover now; the whole monitor is
// image.Rectangle{Max: mon}.
func (g *Game) canvasFit(mon image.Point) image.Rectangle {
	whole := image.Rectangle{Max: mon}
	if g.covering() {
		return whole
	}
	cr := g.charRect()
	now := g.now()
	if !g.amb.live(now) {
		return cr
	}
	top := cr.Min.Y
	if g.amb.glow.active() && !g.amb.glowAway {
		top = min(top, mon.Y-g.amb.glow.bandHeight(g.ui.s, mon.Y))
	}
	if g.amb.ghost.visible(now) {
		top = min(top, mon.Y-g.amb.ghost.height(g.ui.s))
	}
	if top <= 0 {
		return whole
	}
	return image.Rect(0, top, mon.X, mon.Y)
}

// fitDesktop moves and sizes the canvas window to canvasFit's rectangle
// when it changes.
func (g *Game) fitDesktop() {
	_, mon := g.view()
	want := g.canvasFit(mon)
	if want == (image.Rectangle{Max: mon}) {
		want = image.Rectangle{}
	}
	if want == g.desk.win && g.desk.fitted {
		return
	}
	g.desk.prev, g.desk.win, g.desk.fitted = g.desk.win, want, true
	g.desk.small = !want.Empty()
	g.desk.version++
	r := want
	if r.Empty() {
		r = image.Rectangle{Max: mon}
	}
	at, size := g.dip(r.Min), g.dip(r.Size())
	ebiten.SetWindowSize(size.X, size.Y)
	ebiten.SetWindowPosition(at.X, at.Y)
}

// bandHeight is the glow band's height in screen pixels on a screen h
// pixels high, s screen pixels per device-independent pixel.
func (gl *glow) bandHeight(s float64, h int) int { return min(int(glowBandDIP*s), h) }

// height is how far above the screen's bottom edge the ghost log's top
// line starts, s screen pixels per device-independent pixel.
func (l *ghostLog) height(s float64) int {
	return int(math.Ceil(18*s + math.Ceil(ghostFontSize*s*1.35)*ghostLines))
}
