package engine

import (
	"math"
	"strings"
	"unicode/utf8"

	"github.com/hajimehoshi/ebiten/v2/text/v2"
)

// mdCaret is a place in a laid-out document's text: a box and a byte
// offset into its text.
type mdCaret struct{ box, off int }

func (c mdCaret) before(o mdCaret) bool { return c.box < o.box || c.box == o.box && c.off < o.off }

// caretAt is the place in d's text nearest content point (x, y): in the
// text under it; on its line (a box spanning y), at the start or end of
// the nearest piece left or right of it; else at the start of the first
// text below, or the end of the document. Lines are found by position, not
// by order, because a table's cells each wrap on their own.
func (d *mdDoc) caretAt(x, y float64) mdCaret {
	near, dist, last := -1, math.Inf(1), -1
	for i := range d.boxes {
		b := &d.boxes[i]
		if b.kind != boxText {
			continue
		}
		last = i
		if y < b.y || y >= b.y+b.h {
			continue
		}
		if x >= b.x && x < b.x+b.w {
			return mdCaret{i, offsetIn(b, x-b.x)}
		}
		if dx := max(b.x-x, x-b.x-b.w); dx < dist {
			near, dist = i, dx
		}
	}
	if near >= 0 {
		if b := &d.boxes[near]; x >= b.x+b.w {
			return mdCaret{near, len(b.text)}
		}
		return mdCaret{near, 0}
	}
	for i := range d.boxes {
		if b := &d.boxes[i]; b.kind == boxText && b.y > y {
			return mdCaret{i, 0}
		}
	}
	if last < 0 {
		return mdCaret{}
	}
	return mdCaret{last, len(d.boxes[last].text)}
}

// offsetIn is the rune boundary in b's text nearest dx pixels from its left.
func offsetIn(b *mdBox, dx float64) int {
	prev := 0.0
	for i, r := range b.text {
		w, _ := text.Measure(b.text[:i+utf8.RuneLen(r)], b.face, 0)
		if dx < (prev+w)/2 {
			return i
		}
		prev = w
	}
	return len(b.text)
}

// selected is the text between carets a and b, in either order, with the
// spaces, tabs and line breaks that separate its boxes.
func (d *mdDoc) selected(a, b mdCaret) string {
	if b.before(a) {
		a, b = b, a
	}
	var out strings.Builder
	for i := a.box; i <= b.box && i < len(d.boxes); i++ {
		bx := &d.boxes[i]
		if bx.kind != boxText {
			continue
		}
		from, to := 0, len(bx.text)
		if i == a.box {
			from = min(a.off, to)
		} else {
			out.WriteString(bx.sep)
		}
		if i == b.box {
			to = min(b.off, to)
		}
		out.WriteString(bx.text[from:to])
	}
	return out.String()
}

// all is the whole document's text, as [mdDoc.selected] copies it.
func (d *mdDoc) all() string {
	if len(d.boxes) == 0 {
		return ""
	}
	return d.selected(mdCaret{}, mdCaret{len(d.boxes) - 1, len(d.boxes[len(d.boxes)-1].text)})
}

// highlight calls mark with the rectangle of each selected piece of text
// between carets a and b.
func (d *mdDoc) highlight(a, b mdCaret, mark func(x, y, w, h float64)) {
	if b.before(a) {
		a, b = b, a
	}
	for i := a.box; i <= b.box && i < len(d.boxes); i++ {
		bx := &d.boxes[i]
		if bx.kind != boxText {
			continue
		}
		x0, x1 := bx.x, bx.x+bx.w
		if i == a.box {
			w, _ := text.Measure(bx.text[:min(a.off, len(bx.text))], bx.face, 0)
			x0 = bx.x + w
		}
		if i == b.box {
			w, _ := text.Measure(bx.text[:min(b.off, len(bx.text))], bx.face, 0)
			x1 = bx.x + w
		} else if next := d.nextText(i); next != nil && next.x > x1 && math.Abs(next.y+next.h-bx.y-bx.h) < bx.h/2 {
			x1 = next.x // the space up to the next piece on the line
		}
		if x1 > x0 {
			mark(x0, bx.y, x1-x0, bx.h)
		}
	}
}

// nextText is the text box after box i, or nil.
func (d *mdDoc) nextText(i int) *mdBox {
	for j := i + 1; j < len(d.boxes); j++ {
		if d.boxes[j].kind == boxText {
			return &d.boxes[j]
		}
	}
	return nil
}
