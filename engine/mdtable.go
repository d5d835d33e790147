package engine

import (
	"strings"

	"github.com/hajimehoshi/ebiten/v2/text/v2"
)

// table sets a grid with a bold header row on a tint. Each cell's inline
// Markdown is set as a paragraph's is — bold, italic, code, links — and
// wrapped within its column (see tableColumns). Copied, a row's cells are
// separated by tabs and its rows by line breaks.
func (l *mdLayout) table(rows [][][]mdSpan) {
	widths := l.tableColumns(rows)
	total := 0.0
	for _, w := range widths {
		total += w
	}
	sep, saved := l.nextSep, l.w
	for ri, row := range rows {
		top, bg := l.y, -1
		if ri == 0 {
			bg = len(l.doc.boxes)
			l.fill(0, top, total, 0, l.look.codeBg) // its height once the row's is known
		}
		l.tableRow(row, widths, ri == 0, sep)
		if bg >= 0 {
			l.doc.boxes[bg].h = l.y - top
		}
		l.fill(0, l.y-l.look.scale, total, l.look.scale, l.look.rule)
		sep = "\n"
	}
	l.w = saved
	l.doc.width = max(l.doc.width, total)
	l.nextSep = "\n"
}

// tableRow sets one row's cells side by side in columns widths wide (bold
// in the header), the first after sep, and moves below the tallest.
func (l *mdLayout) tableRow(row [][]mdSpan, widths []float64, header bool, sep string) {
	pad, vpad := 6*l.look.scale, l.look.size*0.1
	base := mdStyle(0)
	if header {
		base = mdBold
	}
	top := l.y
	bottom, x := top, 0.0
	for i, w := range widths {
		var spans []mdSpan
		if i < len(row) {
			spans = row[i]
		}
		l.nextSep = "\t"
		if i == 0 {
			l.nextSep = sep
		}
		l.y, l.w = top+vpad, x+w-pad
		l.cell(spans, x+pad, base)
		bottom, x = max(bottom, l.y+vpad), x+w
	}
	l.y = bottom
}

// cell sets one cell's text from x0 to the column's right edge (l.w); an
// empty cell still gets an empty text box, so that copying keeps its tab.
func (l *mdLayout) cell(spans []mdSpan, x0 float64, base mdStyle) {
	for _, sp := range spans {
		if strings.TrimSpace(sp.text) != "" {
			l.flow(spans, x0, l.look.size, base, l.look.ink)
			return
		}
	}
	f := l.faces.get(base, l.look.size)
	m := f.Metrics()
	l.doc.boxes = append(l.doc.boxes, mdBox{kind: boxText, x: x0, y: l.y, h: m.HAscent + m.HDescent,
		face: f, ink: l.look.ink, sep: l.nextSep})
	l.y += l.look.size * 1.4
}

// tableColumns is each column's width: what its widest cell needs on one
// line. When that is wider than the column, the narrow columns (up to an
// equal share) keep their width and the wide ones share the rest in
// proportion to what they want, their cells wrapping.
func (l *mdLayout) tableColumns(rows [][][]mdSpan) []float64 {
	pad := 6 * l.look.scale
	cols := 0
	for _, row := range rows {
		cols = max(cols, len(row))
	}
	want := make([]float64, cols)
	total := 0.0
	for i := range want {
		for _, row := range rows {
			if i < len(row) {
				want[i] = max(want[i], l.spansWidth(row[i])+2*pad+1)
			}
		}
		total += want[i]
	}
	if total <= l.w || cols == 0 {
		return want
	}
	fair := l.w / float64(cols)
	rest, wide := l.w, 0.0
	for _, w := range want {
		if w <= fair {
			rest -= w
		} else {
			wide += w
		}
	}
	for i, w := range want {
		if w > fair {
			want[i] = w * rest / wide
		}
	}
	return want
}

// spansWidth is how wide spans are on one line, measured bold (the
// header's face, and a little wider than the body's).
func (l *mdLayout) spansWidth(spans []mdSpan) float64 {
	w := 0.0
	for _, sp := range spans {
		sw, _ := text.Measure(sp.text, l.faces.get(sp.style|mdBold, l.look.size), 0)
		w += sw
	}
	return w
}
