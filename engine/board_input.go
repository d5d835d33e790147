package engine

import (
	"image"
	"time"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/inpututil"
)

// clickSlop is how far the mouse may move between press and release, in
// device-independent pixels, for a click on a link.
const clickSlop = 4

// update handles the mouse over the board: the wheel scrolls, a press on
// the × closes, on Copy copies, on the title bar starts moving the panel,
// in the text starts a selection (or, released in place on a link,
// follows it); Ctrl+C copies the selection. It reports whether the board
// took the mouse, so that nothing under it reacts (the camera, the
// character). While covered (the settings panel is open over it) the board
// takes no input: a click or the wheel there is the panel's.
func (b *board) update(screen image.Point, s float64, covered bool) bool {
	if b.pics.poll() {
		b.r.stale = true
		b.version++
	}
	if !b.acts.copied.IsZero() && time.Now().After(b.acts.copied) {
		b.acts.copied = time.Time{}
		b.version++
	}
	if !b.shown {
		return false
	}
	if covered {
		b.drag, b.sel.dragging = nil, false
		b.setCursor(false)
		return false
	}
	cx, cy := ebiten.CursorPosition()
	cur := image.Pt(cx, cy)
	r := b.rect(screen, s)
	if b.copyKey() {
		b.copyText(b.selection())
	}
	switch {
	case b.drag != nil:
		b.moving(cur)
		return true
	case b.sel.dragging:
		b.selecting(cur, r, s)
		return true
	case !cur.In(r):
		b.setCursor(false)
		return false
	}
	body := bodyRect(r, s)
	if _, wy := ebiten.Wheel(); wy != 0 {
		b.scrollBy(-wy*boardScrollDIP*s, body.Dy())
	}
	b.setCursor(cur.In(body) && b.linkUnder(cur, body) != "")
	if inpututil.IsMouseButtonJustPressed(ebiten.MouseButtonLeft) {
		b.press(cur, r, s)
	}
	return true
}

// press starts what a left press at cur does.
func (b *board) press(cur image.Point, r image.Rectangle, s float64) {
	body := bodyRect(r, s)
	switch {
	case cur.In(closeRect(r, s)):
		b.close()
	case cur.In(copyRect(r, s)):
		text := b.selection()
		if text == "" {
			text = b.source
		}
		b.copyText(text)
	case cur.Y < r.Min.Y+int(boardBar*s):
		grab := cur.Sub(r.Min)
		b.at, b.drag = r.Min, &grab
	case b.r.doc != nil:
		c := b.caretAt(cur, body)
		b.sel = boardSelection{a: c, b: c, dragging: true, press: cur, pressLink: b.linkUnder(cur, body)}
		b.version++
	}
}

// moving moves the panel with the mouse until the button is released.
func (b *board) moving(cur image.Point) {
	if !ebiten.IsMouseButtonPressed(ebiten.MouseButtonLeft) {
		b.drag = nil
		return
	}
	if to := cur.Sub(*b.drag); to != b.at {
		b.at = to
		b.version++
	}
}

// selecting extends the selection to the mouse, scrolling when it is
// above or below the text, until the button is released; a release where
// the press was, on a link, follows it.
func (b *board) selecting(cur image.Point, r image.Rectangle, s float64) {
	body := bodyRect(r, s)
	if !ebiten.IsMouseButtonPressed(ebiten.MouseButtonLeft) {
		b.sel.dragging = false
		d := cur.Sub(b.sel.press)
		if slop := int(clickSlop * s); d.X*d.X+d.Y*d.Y <= slop*slop && b.sel.pressLink != "" {
			b.sel.b = b.sel.a
			b.openLink(b.sel.pressLink)
		}
		return
	}
	switch {
	case cur.Y < body.Min.Y:
		b.scrollBy(-float64(body.Min.Y-cur.Y)/4, body.Dy())
	case cur.Y >= body.Max.Y:
		b.scrollBy(float64(cur.Y-body.Max.Y+1)/4, body.Dy())
	}
	if c := b.caretAt(cur, body); c != b.sel.b {
		b.sel.b = c
		b.version++
	}
}

// caretAt is the place in the text under screen point p.
func (b *board) caretAt(p image.Point, body image.Rectangle) mdCaret {
	return b.r.doc.caretAt(float64(p.X-body.Min.X), float64(p.Y-body.Min.Y)+b.scroll)
}

// linkUnder is the link under screen point p, or "".
func (b *board) linkUnder(p image.Point, body image.Rectangle) string {
	if b.r.doc == nil {
		return ""
	}
	return b.r.doc.linkAt(float64(p.X-body.Min.X), float64(p.Y-body.Min.Y)+b.scroll)
}

// copyKey reports whether Ctrl+C was just pressed.
func (b *board) copyKey() bool {
	return inpututil.IsKeyJustPressed(ebiten.KeyC) && (ctrlHeld() || metaHeld())
}

// ctrlHeld reports whether Ctrl is down, or went up in this tick: in a
// quick chord (Ctrl+C, Ctrl+comma) the letter and Ctrl's release often
// reach the same frame, more so when frames are slow, and the chord counts.
func ctrlHeld() bool {
	return ebiten.IsKeyPressed(ebiten.KeyControl) ||
		inpututil.IsKeyJustReleased(ebiten.KeyControlLeft) || inpututil.IsKeyJustReleased(ebiten.KeyControlRight)
}

// metaHeld is [ctrlHeld] for the Meta (Super, Command) key.
func metaHeld() bool {
	return ebiten.IsKeyPressed(ebiten.KeyMeta) ||
		inpututil.IsKeyJustReleased(ebiten.KeyMetaLeft) || inpututil.IsKeyJustReleased(ebiten.KeyMetaRight)
}

// setCursor shows the hand over a link and the arrow elsewhere, telling
// the window only when it changes.
func (b *board) setCursor(hand bool) {
	if hand == b.r.hand {
		return
	}
	b.r.hand = hand
	shape := ebiten.CursorShapeDefault
	if hand {
		shape = ebiten.CursorShapePointer
	}
	ebiten.SetCursorShape(shape)
}
