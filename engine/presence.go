package engine

import (
	"image"
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/inpututil"
	"github.com/hajimehoshi/ebiten/v2/text/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"
)

// presenceSeconds is how long a status change stays on screen; "offline"
// and "asleep" stay while they last.
const presenceSeconds = 4

// presence is the voice status kin shows: connecting, listening, thinking,
// speaking, offline, asleep.
type presence struct {
	state string
	since float64
}

var presenceColors = map[string]color.RGBA{
	"connecting": {240, 190, 80, 255}, "listening": {110, 210, 120, 255}, "thinking": {150, 170, 240, 255},
	"working": {150, 170, 240, 255}, "speaking": {120, 200, 240, 255}, "offline": {230, 100, 90, 255},
	"asleep": {140, 140, 150, 255}, "idle": {140, 140, 150, 255},
}

func (p *presence) set(state string, now float64) {
	if state != p.state {
		p.state, p.since = state, now
	}
}

// presenceVisible reports whether the status shows this frame.
func (g *Game) presenceVisible() bool {
	p := g.presence
	return p.state != "" && (p.state == "offline" || p.state == "asleep" || g.now()-p.since < presenceSeconds)
}

// drawPresence draws a dot and the status word in the top-left corner, and
// the "watching" mark in the top-right one while kin looks at the screen,
// and returns the rectangle of dst they cover.
func (g *Game) drawPresence(dst *ebiten.Image) image.Rectangle {
	var drawn image.Rectangle
	px, w := g.ui.px, float64(dst.Bounds().Dx())
	bottom := px(9) + g.ui.face.Size*1.5 // the text's line, below the dot
	if g.watching {
		vector.StrokeCircle(dst, float32(w-px(18)), float32(px(18)), float32(px(6)), float32(px(2)), color.RGBA{240, 180, 60, 230}, true)
		drawText(dst, g.ui.face, "watching", w-px(96), px(9), color.RGBA{240, 200, 120, 220})
		drawn = image.Rect(int(w-px(100)), 0, int(w), int(math.Ceil(bottom)))
	}
	if !g.presenceVisible() {
		return drawn
	}
	c, ok := presenceColors[g.presence.state]
	if !ok {
		c = presenceColors["idle"]
	}
	vector.FillCircle(dst, float32(px(18)), float32(px(18)), float32(px(6)), c, true)
	drawText(dst, g.ui.face, g.presence.state, px(30), px(9), color.RGBA{230, 230, 235, 220})
	right := px(34) + text.Advance(g.presence.state, g.ui.face)
	return drawn.Union(image.Rect(0, 0, int(math.Ceil(right)), int(math.Ceil(bottom))))
}

// handleTalkKey: Space held is push-to-talk, when a voice path uses it.
func (g *Game) handleTalkKey() {
	if g.opts.PushToTalk == nil {
		return
	}
	switch {
	case inpututil.IsKeyJustPressed(ebiten.KeySpace):
		g.talk(true)
	case inpututil.IsKeyJustReleased(ebiten.KeySpace):
		g.talk(false)
	}
}
