package engine

import "github.com/hajimehoshi/ebiten/v2/text/v2"

// table sets a grid with a bold header row; columns share the width in
// proportion to their widest cell, and cells too wide are cut.
func (l *mdLayout) table(rows [][]string) {
	s, lk := l.look.scale, l.look
	body, bold := l.faces.get(0, lk.size), l.faces.get(mdBold, lk.size)
	cols := 0
	for _, row := range rows {
		cols = max(cols, len(row))
	}
	pad := 6 * s
	want := make([]float64, cols)
	for _, row := range rows {
		for i, c := range row {
			w, _ := text.Measure(c, bold, 0)
			want[i] = max(want[i], w+2*pad)
		}
	}
	total := 0.0
	for _, w := range want {
		total += w
	}
	k := min(1, l.w/max(total, 1))
	lh := lk.size * 1.6
	for ri, row := range rows {
		f := body
		if ri == 0 {
			f = bold
			l.fill(0, l.y, total*k, lh, lk.codeBg)
		}
		x := 0.0
		for i := range cols {
			cell := ""
			if i < len(row) {
				cell = row[i]
			}
			sep := "\t"
			if i == 0 && (ri > 0 || l.nextSep != "") {
				sep = "\n"
			}
			cell = fit(cell, f, want[i]*k-2*pad)
			m := f.Metrics()
			w, _ := text.Measure(cell, f, 0)
			l.doc.boxes = append(l.doc.boxes, mdBox{kind: boxText, x: x + pad, y: l.y + (lh-m.HAscent-m.HDescent)/2,
				w: w, h: m.HAscent + m.HDescent, text: cell, face: f, ink: lk.ink, sep: sep})
			x += want[i] * k
		}
		l.y += lh
		l.fill(0, l.y-s, total*k, s, lk.rule)
	}
	l.doc.width = max(l.doc.width, total*k)
	l.nextSep = "\n"
}
