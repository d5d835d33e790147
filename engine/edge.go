package engine

import (
	"log"

	"github.com/hajimehoshi/ebiten/v2"
)

// edgeGlow keeps the desktop canvas's glow in its own window (see
// edgeWindow) while it shows, at ambientRate frames a second, so that the
// canvas window itself can stay the character's size. Where that window
// cannot be made (no X11, no 32-bit visual) the glow is drawn in the
// canvas as in the window and the overlay, and the canvas widens to a
// strip along the monitor's bottom while it shows.
type edgeGlow struct {
	win   *edgeWindow
	tried bool // openEdgeWindow was called (it is not called again after failing)
	shown bool // the window shows the glow
	at    int64
}

// glowAway reports whether the glow is drawn in its own window, not the
// canvas.
func (g *Game) glowAway() bool { return g.desktop() && g.edge.win != nil }

// updateEdge shows, repaints or hides the glow's window; called every
// tick.
func (g *Game) updateEdge() {
	e := &g.edge
	on := g.desktop() && g.amb.glow.active()
	if !on {
		if e.shown {
			e.win.hide()
			e.shown = false
		}
		return
	}
	if !e.tried {
		e.tried = true
		w, err := openEdgeWindow()
		if err != nil {
			log.Printf("kin: the glow is drawn in the canvas window: %v", err)
			return
		}
		e.win = w
	}
	if e.win == nil || e.shown && g.tick-e.at < TickRate/ambientRate && g.tick >= e.at {
		return
	}
	name := ""
	if m := ebiten.Monitor(); m != nil {
		name = m.Name()
	}
	_, mon := g.view()
	if err := e.win.show(&g.amb.glow, name, g.amb.glow.bandHeight(g.ui.s, mon.Y), g.now()); err != nil {
		log.Printf("kin: the glow's window failed, drawing it in the canvas: %v", err)
		e.win.close()
		e.win, e.shown = nil, false
		return
	}
	e.shown, e.at = true, g.tick
}

// closeEdge lets go of the glow's window.
func (g *Game) closeEdge() {
	if g.edge.win != nil {
		g.edge.win.close()
		g.edge.win = nil
	}
}
