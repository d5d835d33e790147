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
//   - the character's rectangle, while nothing else shows, with the speech
//     bubble beside its head when kin speaks;
//   - a strip along the bottom of the monitor, its whole width, from the
//     character's top (or the glow's or the ghost log's, if higher) down,
//     while only the glow and the ghost log show besides the character:
//     both are drawn from the screen's bottom-left corner, which is then
//     the monitor's;
//   - the whole monitor for anything else (whiteboard, chat panel,
//     message, menu, settings panel, a drag).

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
// whiteboard, the chat panel, a question, message, menu, settings panel
// or drag shows.
func (g *Game) covering() bool {
	now := g.now()
	return g.desk.drag || g.ov.menu.open || g.set.open || g.debug ||
		g.chat.focused || g.chat.pending != nil || g.amb.board.shown ||
		g.ui.message(now, g.ld) != ""
}

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
	shows := cr
	if g.chat.bubbleShows(now) {
		shows = shows.Union(g.bubbleRect(cr, mon))
	}
	if !g.amb.live(now) {
		return shows
	}
	top := shows.Min.Y
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

// bubbleRect is where the speech bubble is on the monitor (mon, screen
// pixels) beside the character standing at cr.
func (g *Game) bubbleRect(cr image.Rectangle, mon image.Point) image.Rectangle {
	cam := g.scene.Camera(float32(cr.Dx()) / float32(max(cr.Dy(), 1)))
	_, b := g.deskBubble(cr, &cam, mon, g.now())
	r := b.rect().Inset(-1)
	// In steps, so that a streaming reply resizes the window now and then,
	// not at every word.
	r.Max.X = min(r.Min.X+(r.Dx()+bubbleStep-1)/bubbleStep*bubbleStep, mon.X)
	r.Max.Y = min(r.Min.Y+(r.Dy()+bubbleStep-1)/bubbleStep*bubbleStep, mon.Y)
	return r
}

// bubbleStep is the step, in screen pixels, the canvas window grows by
// for the bubble.
const bubbleStep = 128

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
