package engine

import (
	"image/color"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"
	"github.com/kin-companion/kin/avatar"
)

var (
	bubbleFill = color.RGBA{235, 235, 235, 235} // premultiplied: white at 92%
	bubbleInk  = color.RGBA{30, 30, 38, 255}
	panelFill  = color.RGBA{16, 16, 22, 215}
	userInk    = color.RGBA{150, 200, 255, 255}
	kinInk     = color.RGBA{235, 235, 240, 255}
	faintInk   = color.RGBA{170, 170, 185, 255}
)

// drawChat draws the bubble beside the head, and while typing the history
// and the input line; a pending question replaces the input line.
func (g *Game) drawChat(dst *ebiten.Image, v *View) {
	c := g.chat
	now := g.now()
	if c.bubble != "" && now < c.bubbleUntil || c.status != "" {
		g.drawBubble(dst, v)
	}
	switch {
	case c.pending != nil && c.pending.free:
		g.drawPanel(dst, []chatLine{{text: c.pending.keys()}}, "› "+string(c.input)+"_", userInk)
	case c.pending != nil:
		g.drawPanel(dst, nil, c.pending.keys(), userInk)
	case c.focused:
		g.drawPanel(dst, c.history, "› "+string(c.input)+"_", kinInk)
	}
}

// drawBubble draws the reply (or the status) as Markdown in a bubble
// placed beside the character's head, kept inside the screen; a long reply
// shows its last lines.
func (g *Game) drawBubble(dst *ebiten.Image, v *View) {
	c, face, px := g.chat, g.ui.face, g.ui.px
	msg, ink := c.bubble, inkBubble
	if msg == "" {
		msg, ink = c.status, inkStatus
	}
	w, h := float64(dst.Bounds().Dx()), float64(dst.Bounds().Dy())
	maxW := max(px(150), w*0.45)
	d := c.md.doc(msg, ink, maxW-px(20), face.Size, g.ui.s)
	from := 0.0
	if limit := face.Size * 1.4 * bubbleLines; d.height > limit {
		from = d.cutAt(d.height - limit) // while streaming, the newest words
	}
	bw, bh := d.width+px(20), d.height-from+px(14)
	// Beside the head, level with its top, toward the screen's right, kept
	// on screen.
	x, y, size := g.headScreen(v, w, h)
	x, y = x+float64(g.desk.bubbleAt.X), y+float64(g.desk.bubbleAt.Y) // the character's place on the desktop canvas
	x, y = min(max(px(8), x+0.8*size), w-bw-px(8)), min(max(px(8), y-0.1*size), h-bh-px(8))
	vector.FillRect(dst, float32(x), float32(y), float32(bw), float32(bh), bubbleFill, true)
	c.md.paint.paint(dst, d, x+px(10), y+px(7), from)
}

// headScreen returns the top of the head in pixels and the head's height
// on screen (the model's top and a tenth of the screen for non-humanoids).
func (g *Game) headScreen(v *View, w, h float64) (x, y, size float64) {
	p := g.scene.Pose
	top := p.Max
	top[0], top[2] = (p.Min[0]+p.Max[0])/2, (p.Min[2]+p.Max[2])/2
	base := top
	if n := g.scene.Model.Humanoid.Node(avatar.BoneHead); n >= 0 {
		base = p.World[n].Col(3).Vec3()
		top[0], top[2] = base[0], base[2]
	}
	tx, ty, tz := v.Project(top)
	_, by, bz := v.Project(base)
	if tz <= 0 || bz <= 0 {
		return w / 2, h / 4, h / 10
	}
	return float64(tx), float64(ty), max(h/20, float64(by-ty))
}

// drawPanel draws the history as Markdown (newest at the bottom,
// scrolled, at most historyShown lines high) above one input line at the
// bottom of the screen.
func (g *Game) drawPanel(dst *ebiten.Image, history []chatLine, input string, inputInk color.Color) {
	c, face, px := g.chat, g.ui.face, g.ui.px
	w, h := float64(dst.Bounds().Dx()), float64(dst.Bounds().Dy())
	lh, gap := face.Size*1.4, px(4)
	doc := func(l chatLine) *mdDoc {
		ink := inkKin
		if l.user {
			ink = inkUser
		}
		return c.md.doc(l.text, ink, w-px(44), face.Size, g.ui.s)
	}
	end := max(0, len(history)-c.scroll)
	shown, first := 0.0, end
	for first > 0 && shown < historyShown*lh {
		first--
		shown += doc(history[first]).height + gap
	}
	shown = min(shown, historyShown*lh)
	inputLines := g.ui.wrap(input, w-px(44))
	if len(inputLines) > 3 {
		inputLines = inputLines[len(inputLines)-3:]
	}
	panelH := shown + lh*float64(len(inputLines)) + px(20)
	y0 := h - panelH - px(10)
	vector.FillRect(dst, float32(px(10)), float32(y0), float32(w-px(20)), float32(panelH), panelFill, true)
	top, y := y0+px(8), y0+px(8)+shown
	for i := end - 1; i >= first; i-- {
		d := doc(history[i])
		y -= d.height + gap
		from := 0.0
		if y < top {
			from = d.cutAt(top - y)
		}
		c.md.paint.paint(dst, d, px(22), y+from, from)
	}
	y = y0 + px(8) + shown
	for _, l := range inputLines {
		drawText(dst, face, l, px(22), y+px(4), inputInk)
		y += lh
	}
}

func drawText(dst *ebiten.Image, face *text.GoTextFace, s string, x, y float64, c color.Color) {
	op := &text.DrawOptions{}
	op.GeoM.Translate(x, y)
	op.ColorScale.ScaleWithColor(c)
	text.Draw(dst, s, face, op)
}
