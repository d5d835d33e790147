package engine

import (
	"log"
	"sync/atomic"
	"time"

	"github.com/hajimehoshi/ebiten/v2"
)

// edgeGlow keeps the desktop canvas's glow in its own window (see
// edgeWindow) while it shows, at ambientRate frames a second, so that the
// canvas window itself can stay the character's size. The window belongs
// to a goroutine: the game loop hands it the glow's state without waiting
// or allocating, and the painting and the X requests run beside the loop.
// Where that window cannot be made (no X11, no 32-bit visual) the glow is
// drawn in the canvas as in the window and the overlay, and the canvas
// widens to a strip along the monitor's bottom while it shows.
type edgeGlow struct {
	state   atomic.Int32   // edgeNone, edgeOpen or edgeFailed
	frames  chan edgeFrame // the newest frame for the goroutine; nil until it starts
	done    chan struct{}  // closed when the goroutine has let go of the window
	shown   bool           // the last frame sent showed the glow
	at      int64          // the tick it was sent at
	monitor string         // the monitor's name, asked at monAt
	monAt   int64
}

// The edge window's states.
const (
	edgeNone   = iota // not asked for yet, or opening
	edgeOpen          // showing the glow when asked
	edgeFailed        // could not be made: the canvas draws the glow
)

// edgeFrame is what the goroutine shows next.
type edgeFrame struct {
	energy  float64
	tint    [3]float32
	monitor string // Ebitengine's monitor name (RandR's output name)
	height  int    // the band's height in screen pixels
	now     float64
	hide    bool // take the glow away
	quit    bool // close the window and end
}

// glowAway reports whether the glow is drawn in its own window, not the
// canvas.
func (g *Game) glowAway() bool { return g.desktop() && g.edge.state.Load() != edgeFailed }

// updateEdge hands the glow's state to its window's goroutine, starting
// it the first time; called every tick.
func (g *Game) updateEdge() {
	e := &g.edge
	on := g.desktop() && g.amb.glow.active()
	if e.state.Load() == edgeFailed || !on && !e.shown {
		return
	}
	if e.frames == nil {
		e.frames, e.done = make(chan edgeFrame, 1), make(chan struct{})
		go runEdge(&e.state, e.frames, e.done)
	}
	if on && e.shown && g.tick-e.at < g.scaled(TickRate/ambientRate) && g.tick >= e.at {
		return
	}
	f := edgeFrame{hide: !on}
	if on {
		if !e.shown || g.tick-e.monAt > g.scaled(5*TickRate) { // asking Ebitengine allocates: now and then
			e.monitor, e.monAt = "", g.tick
			if m := ebiten.Monitor(); m != nil {
				e.monitor = m.Name()
			}
		}
		_, mon := g.view()
		f = edgeFrame{energy: g.amb.glow.energy, tint: g.amb.glow.tint, monitor: e.monitor,
			height: g.amb.glow.bandHeight(g.ui.s, mon.Y), now: g.now()}
	}
	select {
	case e.frames <- f:
		e.shown, e.at = on, g.tick
	default: // the goroutine is still showing the last one: this one waits a tick
	}
}

// runEdge owns the glow's window: it opens it, shows the frames sent
// until told to quit, and records in state whether it could.
func runEdge(state *atomic.Int32, frames <-chan edgeFrame, done chan<- struct{}) {
	defer close(done)
	w, err := openEdgeWindow()
	if err != nil {
		log.Printf("kin: the glow is drawn in the canvas window: %v", err)
		state.Store(edgeFailed)
		for f := range frames { // drain until told to quit
			if f.quit {
				return
			}
		}
		return
	}
	defer w.close()
	state.Store(edgeOpen)
	var gl glow
	for f := range frames {
		switch {
		case f.quit:
			return
		case f.hide:
			w.hide()
		default:
			gl.energy, gl.tint = f.energy, f.tint
			if err := w.show(&gl, f.monitor, f.height, f.now); err != nil {
				log.Printf("kin: the glow's window failed, drawing it in the canvas: %v", err)
				state.Store(edgeFailed)
				return
			}
		}
	}
}

// closeEdge closes the glow's window, waiting a second at most.
func (g *Game) closeEdge() {
	e := &g.edge
	if e.frames == nil {
		return
	}
	select {
	case <-e.done:
		return
	default:
	}
	select { // the goroutine takes one frame at a time: the quit waits its turn
	case e.frames <- edgeFrame{quit: true}:
		select {
		case <-e.done:
		case <-time.After(time.Second):
		}
	case <-e.done:
	case <-time.After(time.Second):
	}
}
