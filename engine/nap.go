package engine

import (
	"image"
	"time"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/inpututil"
)

// Napping. Ebitengine goes round its loop sixty times a second whether or
// not anything is drawn: it polls the window system, hands work between
// its threads and calls Update and Draw, which for a character that only
// breathes costs most of what kin spends at rest. While the character
// rests (see Renderer.Resting), nothing but the character shows and the
// user has not touched the mouse or keyboard for calmTicks, Draw sleeps
// napTime, so the loop goes round about twenty times a second; Ebitengine
// then calls Update two or three times a round, which keeps the clock.
// The first movement of the cursor or a key ends the nap within one
// round (at most napTime late).
const (
	napTime   = 30 * time.Millisecond
	calmTicks = TickRate / 2
)

// napState is what napping watches.
type napState struct {
	cursor image.Point
	at     int64 // tick of the last input seen
	keys   [8]ebiten.Key
	naps   int // how many times Draw slept (for tests and stats)
}

// noteInput records input this tick: a moved cursor, a key or mouse
// button down, the wheel turned.
func (g *Game) noteInput() {
	cx, cy := ebiten.CursorPosition()
	p := image.Pt(cx, cy)
	wx, wy := ebiten.Wheel()
	touched := p != g.nap.cursor || wx != 0 || wy != 0 || len(inpututil.AppendPressedKeys(g.nap.keys[:0])) > 0 ||
		ebiten.IsMouseButtonPressed(ebiten.MouseButtonLeft) || ebiten.IsMouseButtonPressed(ebiten.MouseButtonRight) ||
		ebiten.IsMouseButtonPressed(ebiten.MouseButtonMiddle)
	if touched {
		g.nap.cursor, g.nap.at = p, g.tick
	}
}

// calm reports whether kin can nap: the real game loop runs (not a test
// calling Draw), the character rests, nothing else shows and no input
// came for calmTicks.
func (g *Game) calm() bool {
	now := g.now()
	return g.pace != nil && g.r.Resting() && g.tick-g.nap.at > calmTicks && !g.covering() &&
		!g.amb.glow.held && !g.amb.live(now) && !g.chat.visible(now) && !g.ov.dragging
}

// napIfCalm sleeps napTime when kin is calm, and tells the renderer
// whether it is (see calmInterval).
func (g *Game) napIfCalm() {
	g.r.Calm = g.pace != nil && g.tick-g.nap.at > calmTicks
	if g.calm() {
		g.nap.naps++
		time.Sleep(napTime)
	}
}
