package engine

import (
	"github.com/hajimehoshi/ebiten/v2"
	"github.com/kin-companion/kin/agent/protocol"
)

// ambient holds the visuals drawn over the character in window and overlay
// modes alike: the edge glow, the ghost log and the whiteboard. The game
// (and RenderShot) hand it events, step it every tick and draw it after
// the character.
type ambient struct {
	glow  glow
	ghost ghostLog
	board board
	// glowAway is set while the glow shows in its own window (the
	// desktop canvas's edgeWindow): draw leaves it out and live ignores it.
	glowAway bool
}

// handle takes an event at time now (seconds) and reports whether it was
// for the ambient visuals alone (the user's audio level, which must not
// move the character's lips).
func (a *ambient) handle(e protocol.Event, now float64) bool {
	switch p := e.Payload.(type) {
	case protocol.AudioLevelPayload:
		a.glow.hear(p)
		return p.Source == "user"
	case protocol.PresencePayload:
		a.glow.state = p.State
	case protocol.BoardPayload:
		a.board.show(p)
		return true
	}
	if s := ghostText(e); s != "" {
		a.ghost.add(s, now)
	}
	return false
}

// step advances the ambient visuals by dt seconds.
func (a *ambient) step(dt float64) { a.glow.step(dt) }

// live reports whether the ambient visuals change from frame to frame at
// time now, so that every frame must be drawn.
func (a *ambient) live(now float64) bool {
	return a.glow.active() && !a.glowAway || a.ghost.visible(now)
}

// draw draws the ambient visuals over dst at time now, s screen pixels per
// device-independent pixel.
func (a *ambient) draw(dst *ebiten.Image, s, now float64) {
	if !a.glowAway {
		a.glow.draw(dst, s, now)
	}
	a.ghost.draw(dst, s, now)
	a.board.draw(dst, s)
}
