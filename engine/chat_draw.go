package engine

import (
	"image"
	"image/color"
	"math"

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
	if c.bubbleShows(now) {
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
// shows its last lines. It returns the rectangle of dst the bubble covers.
func (g *Game) drawBubble(dst *ebiten.Image, v *View) image.Rectangle {
	w, h := dst.Bounds().Dx(), dst.Bounds().Dy()
	var org image.Point
	if g.desktop() { // laid out on the monitor, drawn in the window's part of it
		org, _ = g.view()
		_, mon := g.view()
		w, h = mon.X, mon.Y
	}
	b := g.bubble(v, w, h)
	b.at.X, b.at.Y = b.at.X-float64(org.X), b.at.Y-float64(org.Y)
	return g.paintBubble(dst, &b)
}

// paintBubble paints the bubble laid out as b (its place in dst's pixels)
// and returns the rectangle of dst it covers.
func (g *Game) paintBubble(dst *ebiten.Image, b *bubbleBox) image.Rectangle {
	x, y := b.at.X, b.at.Y
	vector.FillRect(dst, float32(x), float32(y), float32(b.w), float32(b.h), bubbleFill, true)
	g.chat.md.paint.paint(dst, b.doc, x+g.ui.px(10), y+g.ui.px(7), b.from)
	return b.rect()
}

// rect is the rectangle the bubble covers, with the pixel its smoothed
// edges reach beyond it.
func (b *bubbleBox) rect() image.Rectangle {
	return image.Rect(int(math.Floor(b.at.X))-1, int(math.Floor(b.at.Y))-1, int(math.Ceil(b.at.X+b.w))+1, int(math.Ceil(b.at.Y+b.h))+1)
}

// bubbleBox is the speech bubble laid out: its top-left and size in
// pixels of the space it was laid out in, its Markdown and the height
// its shown part starts at.
type bubbleBox struct {
	at   struct{ X, Y float64 }
	w, h float64
	doc  *mdDoc
	from float64
}

// bubble lays out the bubble in a w×h space (the screen; on the desktop
// canvas, the monitor, where the character's image stands at
// desk.bubbleAt): beside the head, level with its top, on its right (on
// its left where the right is too narrow and the left clearly wider),
// narrowed to the room beside the head when that is less than its width;
// where neither side has room for a bubble, above the head; kept inside.
// Swaying a pixel or two does not move it to the other side. Beside means clear of the face
// and the hair however the head is turned (see headSpan).
func (g *Game) bubble(v *View, w, h int) bubbleBox {
	px := g.ui.px
	fw, fh := float64(w), float64(h)
	x, y, size := g.headScreen(v, fw, fh)
	left, right := x-0.8*size, x+0.8*size
	if l, r, ok := g.scene.headSpan(v); ok {
		m := max(px(6), 0.15*size)
		left, right = l-m, r+m
	}
	at := g.desk.bubbleAt // the character's place on the desktop canvas
	x, y, left, right = x+float64(at.X), y+float64(at.Y), left+float64(at.X), right+float64(at.X)
	maxW := max(px(150), fw*0.45)
	room, roomL := fw-px(8)-right, left-px(8)
	if room < maxW && roomL > room+px(bubbleStepDIP) { // the left has clearly more room
		room = roomL
	}
	if room >= px(minBubbleDIP) {
		maxW = g.narrowTo(room, maxW, fw)
	}
	b := g.bubbleText(maxW)
	bx, by := right, y-0.1*size
	switch {
	case bx+b.w <= fw-px(8):
	case left-b.w >= px(8): // no room on the right: on the left of the head
		bx = left - b.w
	case y-0.1*size-b.h-px(6) >= px(8): // no room beside it: above
		bx, by = x-b.w/2, y-0.1*size-b.h-px(6)
	}
	top := max(px(8), g.chat.floor) // below a notice at the top of the screen
	b.at.X, b.at.Y = g.hold(min(max(px(8), bx), fw-b.w-px(8)), min(max(top, by), fh-b.h-px(8)), b.w, fw)
	return b
}

// narrowTo is the width of a bubble narrowed to room pixels beside the
// head, at most maxW, in a space fw wide: in steps, so that the text is
// laid out again only now and then as the head moves; the last width
// while it still fits (into the margin by a few pixels at most) and the
// room has not grown by a step, so that a head swaying across a step's
// edge does not rewrap the text back and forth.
func (g *Game) narrowTo(room, maxW, fw float64) float64 {
	step := g.ui.px(bubbleStepDIP)
	w := min(maxW, math.Floor(room/step)*step)
	if last := g.chat.narrowed; last.space == fw && last.w <= min(room+g.ui.px(4), maxW) && last.w >= w-step {
		w = last.w
	}
	g.chat.narrowed.w, g.chat.narrowed.space = w, fw
	return w
}

// hold is where a bubble w wide laid out at (x, y) in a space fw wide
// goes: where it was, while that is a few pixels from here and it is as
// wide, so that a head swaying by a pixel does not move it and a still
// bubble is not painted again. The margin beside the head is wider than
// the few pixels.
func (g *Game) hold(x, y, w, fw float64) (float64, float64) {
	near := g.ui.px(4)
	if p := g.chat.placed; p.space == fw && p.w == w && math.Abs(p.x-x) < near && math.Abs(p.y-y) < near {
		x, y = p.x, p.y
	}
	g.chat.placed.x, g.chat.placed.y, g.chat.placed.w, g.chat.placed.space = x, y, w, fw
	return x, y
}

// The bubble's narrowest width beside the head and the steps it narrows
// by, in device-independent pixels.
const (
	minBubbleDIP  = 120
	bubbleStepDIP = 24
)

// bubbleText lays out the bubble's text (the reply, or the status) at
// most maxW pixels wide, and sizes the bubble to it.
func (g *Game) bubbleText(maxW float64) bubbleBox {
	c, face, px := g.chat, g.ui.face, g.ui.px
	msg, ink := c.bubble, inkBubble
	if msg == "" {
		msg, ink = c.status, inkStatus
	}
	d := c.md.doc(msg, ink, maxW-px(20), face.Size, g.ui.s)
	from := 0.0
	if limit := face.Size * 1.4 * bubbleLines; d.height > limit {
		from = d.cutAt(d.height - limit) // while streaming, the newest words
	}
	return bubbleBox{w: d.width + px(20), h: d.height - from + px(14), doc: d, from: from}
}

// bubbleShows reports whether the bubble is drawn at time now.
func (c *chat) bubbleShows(now float64) bool {
	return c.bubble != "" && now < c.bubbleUntil || c.status != ""
}

// headSpan returns the columns, in pixels, between which the screen shows
// the head seen through v, from its vertices; false when the model has no
// head bone with vertices or the head is behind the camera.
func (s *Scene) headSpan(v *View) (left, right float64, ok bool) {
	left, right = math.Inf(1), math.Inf(-1)
	for _, r := range s.head {
		x, _, z := v.Project(s.Pose.Instances[r.Inst].Prims[r.Prim].Positions[r.V])
		if z <= 0 {
			return 0, 0, false
		}
		left, right = min(left, float64(x)), max(right, float64(x))
	}
	return left, right, left <= right
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

// noticeFloor is where a bubble may start on screen below the notice msg
// shows at the top of it (while the chat is open; see drawMessage), or 0
// when none shows there.
func (g *Game) noticeFloor(screen *ebiten.Image, msg string) float64 {
	if msg == "" || g.set.open || !g.noticeOnTop() {
		return 0
	}
	b := screen.Bounds()
	_, y0, boxH := g.ui.messageBox(msg, float64(b.Dx()), float64(b.Dy()), true)
	return y0 + boxH + g.ui.px(6)
}

// noticeOnTop reports whether the notice goes at the top of the screen:
// while the chat is open, to keep clear of its panel.
func (g *Game) noticeOnTop() bool { return g.chat.focused || g.chat.pending != nil }

// drawNotice draws the notice msg in its box, unless the settings panel is
// open: it is translucent, and the notice would show through it.
func (g *Game) drawNotice(screen *ebiten.Image, msg string) {
	if !g.set.open {
		g.ui.drawMessage(screen, msg, g.noticeOnTop())
	}
}
