package engine

import (
	"image"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/inpututil"
	"github.com/kin-companion/kin/agent/protocol"
)

// Whiteboard sizes in device-independent pixels.
const (
	boardW, boardH = 640, 520 // the default panel
	boardBar       = 30       // the title bar
	boardPad       = 16       // around the content
	boardScrollDIP = 40       // one wheel notch scrolls this far
)

// board is the whiteboard (create_board): a panel of Markdown over the
// scene that the user can scroll with the wheel, move by its title bar and
// close with the × in its corner. One board shows at a time; a new one
// replaces it.
type board struct {
	shown   bool
	id      string
	title   string
	blocks  []mdBlock
	w, h    int         // the asked size, device-independent pixels
	at      image.Point // top-left corner on screen, screen pixels; set when first drawn
	placed  bool
	scroll  float64 // content pixels scrolled
	drag    *image.Point
	version int // counts changes, so the game knows to repaint
	r       boardRender
}

// show takes a board event: a new board, a replacement or a close.
func (b *board) show(p protocol.BoardPayload) {
	id := p.ID
	if id == "" {
		id = "board"
	}
	b.version++
	if p.Close {
		if id == b.id {
			b.close()
		}
		return
	}
	if !b.shown || id != b.id {
		b.placed = false
	}
	b.shown, b.id, b.title, b.scroll = true, id, p.Title, 0
	b.blocks = parseMarkdown(p.Markdown)
	b.w, b.h = p.Width, p.Height
	if b.w <= 0 {
		b.w = boardW
	}
	if b.h <= 0 {
		b.h = boardH
	}
	b.r.stale = true
}

// close takes the board away.
func (b *board) close() {
	b.shown, b.drag, b.blocks = false, nil, nil
	b.version++
	b.r.dispose()
}

// rect is the panel's area on a screen of the given size at scale s,
// kept inside the screen.
func (b *board) rect(screen image.Point, s float64) image.Rectangle {
	w := min(int(float64(b.w)*s), screen.X)
	h := min(int(float64(b.h)*s), screen.Y)
	if !b.placed {
		b.at = image.Pt((screen.X-w)/2, max(0, (screen.Y-h)/3))
		b.placed = true
	}
	x := max(0, min(b.at.X, screen.X-w))
	y := max(0, min(b.at.Y, screen.Y-h))
	return image.Rect(x, y, x+w, y+h)
}

// closeRect is the × button's area in the title bar of panel r.
func closeRect(r image.Rectangle, s float64) image.Rectangle {
	bar := int(boardBar * s)
	return image.Rect(r.Max.X-bar, r.Min.Y, r.Max.X, r.Min.Y+bar)
}

// hit reports whether p is on the shown board.
func (b *board) hit(p, screen image.Point, s float64) bool {
	return b.shown && p.In(b.rect(screen, s))
}

// update handles the mouse over the board: the wheel scrolls, a press on
// the × closes, a press on the title bar starts moving the panel. It
// reports whether the board took the mouse, so that nothing under it
// reacts (the camera, the character).
func (b *board) update(screen image.Point, s float64) bool {
	if !b.shown {
		return false
	}
	cx, cy := ebiten.CursorPosition()
	cur := image.Pt(cx, cy)
	r := b.rect(screen, s)
	if b.drag != nil {
		if !ebiten.IsMouseButtonPressed(ebiten.MouseButtonLeft) {
			b.drag = nil
			return true
		}
		if to := cur.Sub(*b.drag); to != b.at {
			b.at = to
			b.version++
		}
		return true
	}
	if !cur.In(r) {
		return false
	}
	if _, wy := ebiten.Wheel(); wy != 0 {
		b.scrollBy(-wy*boardScrollDIP*s, r.Dy()-int((boardBar+boardPad)*s))
	}
	if inpututil.IsMouseButtonJustPressed(ebiten.MouseButtonLeft) {
		switch {
		case cur.In(closeRect(r, s)):
			b.close()
		case cur.Y < r.Min.Y+int(boardBar*s):
			grab := cur.Sub(r.Min)
			b.at, b.drag = r.Min, &grab
		}
	}
	return true
}

// scrollBy scrolls the content by d pixels, within what a body of height
// view shows of it.
func (b *board) scrollBy(d float64, view int) {
	limit := max(0, float64(b.r.height-view))
	next := max(0, min(limit, b.scroll+d))
	if next != b.scroll {
		b.scroll = next
		b.version++
	}
}
