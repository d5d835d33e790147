package engine

import (
	"image"

	"github.com/kin-companion/kin/agent/protocol"
)

// Whiteboard sizes in device-independent pixels.
const (
	boardW, boardH = 640, 520 // the default panel
	boardBar       = 30       // the title bar
	boardPad       = 16       // around the content
	boardScrollDIP = 40       // one wheel notch scrolls this far
	boardCopyW     = 62       // the title bar's copy button
)

// board is the whiteboard (create_board): a panel of Markdown over the
// scene that the user can scroll with the wheel, move by its title bar,
// close with the × in its corner, select text in with the mouse and copy
// (Ctrl+C or the Copy button), and follow links in by clicking them. One
// board shows at a time; a new one replaces it.
type board struct {
	shown   bool
	id      string
	title   string
	source  string // the Markdown, copied whole when nothing is selected
	blocks  []mdBlock
	w, h    int         // the asked size, device-independent pixels
	at      image.Point // top-left corner on screen, screen pixels; set when first drawn
	placed  bool
	scroll  float64 // content pixels scrolled
	drag    *image.Point
	version int // counts changes, so the game knows to repaint
	r       boardRender
	sel     boardSelection
	host    *BoardHost
	pics    boardPics
	acts    boardActs
}

// boardSelection is the text selected with the mouse.
type boardSelection struct {
	a, b      mdCaret // anchor and head; equal when nothing is selected
	dragging  bool
	press     image.Point // where the button went down
	pressLink string      // the link under it, followed on a click
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
	b.shown, b.id, b.title, b.scroll, b.source = true, id, p.Title, 0, p.Markdown
	b.blocks = parseMarkdown(p.Markdown)
	b.sel = boardSelection{}
	b.pics.reset(b.host)
	for i := range b.blocks {
		if b.blocks[i].kind == mdImage {
			b.pics.request(b.blocks[i].src)
		}
	}
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
	b.pics.reset(b.host)
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

// body is the content's area in panel r.
func bodyRect(r image.Rectangle, s float64) image.Rectangle {
	pad, bar := int(boardPad*s), int(boardBar*s)
	return image.Rect(r.Min.X+pad, r.Min.Y+bar+pad/2, r.Max.X-pad, r.Max.Y-pad/2)
}

// closeRect is the × button's area in the title bar of panel r.
func closeRect(r image.Rectangle, s float64) image.Rectangle {
	bar := int(boardBar * s)
	return image.Rect(r.Max.X-bar, r.Min.Y, r.Max.X, r.Min.Y+bar)
}

// copyRect is the Copy button's area, left of the ×.
func copyRect(r image.Rectangle, s float64) image.Rectangle {
	c := closeRect(r, s)
	return image.Rect(c.Min.X-int(boardCopyW*s), c.Min.Y, c.Min.X, c.Max.Y)
}

// hit reports whether p is on the shown board.
func (b *board) hit(p, screen image.Point, s float64) bool {
	return b.shown && p.In(b.rect(screen, s))
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

// selection is the selected text, "" when none.
func (b *board) selection() string {
	if b.r.doc == nil || b.sel.a == b.sel.b {
		return ""
	}
	return b.r.doc.selected(b.sel.a, b.sel.b)
}
