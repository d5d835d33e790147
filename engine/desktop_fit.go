package engine

import (
	"image"

	"github.com/hajimehoshi/ebiten/v2"
)

// view is where the window's top-left is on the monitor and the monitor's
// size, both in screen pixels. The window covers the monitor (origin zero)
// unless it is shrunk to the character: then the screen is the shrunk
// rectangle's size. While it covers the monitor, its size is the
// monitor's and is remembered for the shrunk state.
func (g *Game) view() (origin, monitor image.Point) {
	size := image.Pt(g.size[0], g.size[1])
	if g.desk.win.Empty() || size != g.desk.win.Size() || g.desk.mon == (image.Point{}) {
		g.desk.mon = size
		return image.Point{}, size
	}
	return g.desk.win.Min, g.desk.mon
}

// quiet reports whether the canvas shows nothing but the character: no
// glow, ghost log, whiteboard, bubble, message, menu, panel or drag.
func (g *Game) quiet() bool {
	now := g.now()
	return !g.desk.drag && !g.ov.menu.open && !g.set.open && !g.debug &&
		!g.chat.visible(now) && !g.chat.focused && !g.amb.live(now) && !g.amb.board.shown &&
		g.ui.message(now, g.ld) == ""
}

// fitDesktop shrinks the canvas window to the character's rectangle while
// nothing else shows and grows it back over the monitor when something
// does. The user sees the same: the rest of the canvas is transparent and
// click-through. But on a software renderer (llvmpipe) presenting a
// monitor-sized window costs more than drawing the character, so the
// shrunk canvas costs about what the character overlay does.
func (g *Game) fitDesktop() {
	quiet := g.quiet()
	if quiet == g.desk.small {
		return
	}
	_, mon := g.view()
	g.desk.small = quiet
	g.desk.version++
	if !quiet {
		m := g.dip(mon)
		ebiten.SetWindowSize(m.X, m.Y)
		ebiten.SetWindowPosition(0, 0)
		return
	}
	cr := g.charRect()
	g.desk.win = cr
	at, size := g.dip(cr.Min), g.dip(cr.Size())
	ebiten.SetWindowSize(size.X, size.Y)
	ebiten.SetWindowPosition(at.X, at.Y)
}
