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
	naps   int           // how many times Draw slept (for tests and stats)
	wake   time.Time     // when the next round may begin (see planPause); zero: now
	pauses int           // how many times Update paused for it
	slept  time.Duration // time spent in naps and pauses, in all
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
	return g.pace != nil && g.r.Resting() && g.tick-g.nap.at > g.scaled(calmTicks) && !g.covering() &&
		!g.amb.glow.held && !g.amb.live(now) && !g.chat.visible(now) && !g.ov.dragging
}

// napIfCalm sleeps napTime when kin is calm, and tells the renderer
// whether it is (see calmInterval).
func (g *Game) napIfCalm() {
	g.r.Calm = g.pace != nil && g.tick-g.nap.at > g.scaled(calmTicks)
	if g.calm() {
		g.nap.naps++
		g.sleep(napTime)
	}
}

// Pacing the loop to the frame rate. Ebitengine presents the screen again
// in the rounds after one that drew, until three in a row drew nothing,
// and on a software renderer a present costs as much as a third of a
// frame. Where the frame rate is below the tick rate (the overlay's 30 a
// second, an unfocused window's 20), a round that drew a frame is followed
// by a pause until the next frame is due, taken in the next round's first
// Update, once the frame is on the screen: every round then draws one
// frame and presents it once. Ebitengine calls Update as many times as the
// pause took ticks, so the clock keeps time.

// planPause notes, after a round that drew a frame, when the next round
// should begin.
func (g *Game) planPause() {
	fps := g.frameRate()
	if g.pace == nil || fps <= 0 || fps >= g.rate() || g.calm() {
		return
	}
	g.nap.wake = g.nextFrame.Add(-pauseMargin)
}

// sleep sleeps for d and counts the time slept.
func (g *Game) sleep(d time.Duration) {
	t := time.Now()
	time.Sleep(d)
	g.nap.slept += time.Since(t)
}

// pauseMargin begins the next round a little before its frame is due (see
// dueSlack), so that the round draws it.
const pauseMargin = time.Millisecond

// pause sleeps until the round planned by planPause, once.
func (g *Game) pause() {
	if g.nap.wake.IsZero() {
		return
	}
	if d := time.Until(g.nap.wake); d > 0 {
		g.nap.pauses++
		g.sleep(d)
	}
	g.nap.wake = time.Time{}
}
