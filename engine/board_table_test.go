package engine

import (
	"image"
	"testing"
)

// textBox is the text box whose text is s, else the first that starts
// with s.
func textBox(t *testing.T, d *mdDoc, s string) *mdBox {
	t.Helper()
	for i, b := range d.boxes {
		if b.kind == boxText && b.text == s {
			return &d.boxes[i]
		}
	}
	return &d.boxes[boxCaret(t, d, s, 0).box]
}

// TestBoardTableCells: a table's cells are set as paragraphs are — bold,
// italic, code and a link that a click opens through the host — and a
// long cell wraps in its column; selecting across cells copies their text
// without Markdown, cells separated by tabs and rows by line breaks.
func TestBoardTableCells(t *testing.T) {
	b, host := richBoard(t, false)
	opened := make(chan string, 1)
	host.Open = func(s string) error { opened <- s; return nil }
	screen := image.Pt(700, 740)
	r := b.rect(screen, 1)
	body := bodyRect(r, 1)
	b.layout(body.Dx(), 1)
	d, f := b.r.doc, &b.r.faces
	for _, c := range []struct {
		prefix string
		style  mdStyle
	}{{"Day", mdBold}, {"Mon", mdBold}, {"sun", mdItalic}, {"9", mdMono}, {"bus", mdBold}, {"rain", 0}} {
		if got := textBox(t, d, c.prefix).face; got != f.get(c.style, b.r.look.size) {
			t.Errorf("cell text %q is set in %+v, want style %b", c.prefix, got, c.style)
		}
	}
	link, rain, town := textBox(t, d, "the forecast"), textBox(t, d, "rain all"), textBox(t, d, "town")
	if link.ink != boardLinkC || d.linkAt(link.x+link.w/2, link.y+link.h/2) != "https://wx.example/mon" {
		t.Errorf("the link in a cell: %+v", *link)
	}
	if town.y <= rain.y || town.x != rain.x {
		t.Errorf("the long cell did not wrap in its column: %q at %v,%v, %q at %v,%v", rain.text, rain.x, rain.y, town.text, town.x, town.y)
	}
	mon := textBox(t, d, "Mon")
	b.sel.a, b.sel.b = d.caretAt(mon.x-2, mon.y+mon.h/2), d.caretAt(float64(body.Dx())-1, link.y+link.h/2)
	if got, want := b.selection(), "Mon\t12\tsun, see the forecast"; got != want {
		t.Errorf("a row selected: %q, want %q", got, want)
	}
	day := textBox(t, d, "Day")
	b.sel.a, b.sel.b = d.caretAt(day.x, day.y+1), d.caretAt(float64(body.Dx())-1, town.y+town.h+30)
	want := "Day\tkm\tWeather\nMon\t12\tsun, see the forecast\n" +
		"Tue\t9\train all afternoon, so we took the bus back along the coast road to the old town\n\t21\t"
	if got := b.selection(); got != want {
		t.Errorf("the table selected: %q, want %q", got, want)
	}
	b.sel = boardSelection{}
	at := body.Min.Add(image.Pt(int(link.x+link.w/2), int(link.y+link.h/2)))
	b.press(at, r, 1)
	b.selecting(at, r, 1) // the button is up: a click
	if got := <-opened; got != "https://wx.example/mon" {
		t.Errorf("a click on the cell's link opened %q", got)
	}
}
