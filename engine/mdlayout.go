package engine

import (
	"image/color"
	"math"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"
)

// mdLook is how a Markdown document is set: sizes in screen pixels and
// colours. The whiteboard, the speech bubble and the chat history each
// have one.
type mdLook struct {
	size                          float64 // body text
	scale                         float64 // screen pixels per device-independent pixel, for spacing
	headings                      bool    // headings larger than the body (the board); else bold at body size
	gap                           float64 // between blocks, device-independent pixels
	ink, soft, link, codeBg, rule color.RGBA
}

// boxKind is what an mdBox draws.
type boxKind uint8

const (
	boxText  boxKind = iota // a run of text in one face and colour
	boxFill                 // a filled rectangle: code backgrounds, rules, underlines
	boxImage                // a picture scaled to w×h
)

// mdBox is one laid-out piece of a document, at content pixels (x, y)
// from its top-left corner.
type mdBox struct {
	kind       boxKind
	x, y, w, h float64
	text       string
	face       *text.GoTextFace
	ink        color.RGBA
	img        *ebiten.Image
	link       int    // 1-based index into mdDoc.links; 0 for none
	sep        string // what stands between the text box before and this one, when copied
}

// mdDoc is a laid-out Markdown document: what to draw, in reading order,
// and the links its boxes point to.
type mdDoc struct {
	boxes         []mdBox
	links         []string
	width, height float64 // the widest line's right edge, and the bottom
}

// mdPictures gives the layout the picture at a path: the image, or nil
// and a few words to show in its place.
type mdPictures func(src string) (*ebiten.Image, string)

// headingSizes are the heading font sizes by level, device-independent
// pixels.
var headingSizes = [...]float64{24, 20, 17, 15, 15, 15}

// layoutMarkdown lays out blocks in a column width pixels wide.
func layoutMarkdown(blocks []mdBlock, width float64, look *mdLook, faces *mdFaces, pics mdPictures) *mdDoc {
	l := mdLayout{doc: &mdDoc{}, look: look, faces: faces, pics: pics, w: max(width, 1)}
	for i := range blocks {
		switch {
		case i > 0 && blocks[i].kind == mdItem && blocks[i-1].kind == mdItem:
			l.y += look.gap * look.scale * 0.3 // a list's items sit close
		case i > 0:
			l.y += look.gap * look.scale
		}
		l.nextSep = "\n"
		if i == 0 {
			l.nextSep = ""
		}
		l.block(&blocks[i])
	}
	l.doc.height = math.Ceil(l.y)
	return l.doc
}

// mdLayout is the state of laying out one document.
type mdLayout struct {
	doc     *mdDoc
	look    *mdLook
	faces   *mdFaces
	pics    mdPictures
	w       float64 // column width
	y       float64 // top of the next line
	line    []mdBox // the line being filled, text boxes only
	lineX   float64
	x0      float64 // the current block's left edge
	size    float64 // the current block's text size, for its line height
	spaced  bool    // a space comes before the next word
	nextSep string  // the separator of the next text box starting a line
}

func (l *mdLayout) block(b *mdBlock) {
	s, lk := l.look.scale, l.look
	switch b.kind {
	case mdHeading:
		size := lk.size
		if lk.headings {
			size = headingSizes[min(max(b.level, 1), 6)-1] * s
			l.y += 4 * s
		}
		l.flow(b.spans, 0, size, mdBold, lk.ink)
	case mdItem:
		indent := float64(b.level)*18*s + lk.size*1.5
		l.x0, l.lineX = indent-lk.size*1.2, indent-lk.size*1.2
		l.place(b.mark+" ", l.faces.get(0, lk.size), lk.soft, 0, 0)
		l.lineX = indent
		l.flow(b.spans, indent, lk.size, 0, lk.ink)
	case mdCode:
		l.code(b.lines)
	case mdTable:
		l.table(b.cells)
	case mdQuote:
		top := l.y
		l.flow(b.spans, 14*s, lk.size, 0, lk.soft)
		l.fill(0, top, 3*s, l.y-top, lk.rule)
	case mdRule:
		l.fill(0, l.y+4*s, l.w, s, lk.rule)
		l.y += 9 * s
	case mdImage:
		l.image(b)
	default:
		l.flow(b.spans, 0, lk.size, 0, lk.ink)
	}
}

// flow sets spans as wrapped lines from x0 to the right edge.
func (l *mdLayout) flow(spans []mdSpan, x0, size float64, base mdStyle, ink color.RGBA) {
	if len(l.line) == 0 {
		l.x0, l.lineX = x0, x0
	}
	l.x0, l.size = x0, size
	for _, sp := range spans {
		st := sp.style | base
		c := ink
		link := 0
		if sp.href != "" {
			c, link = l.look.link, l.linkIndex(sp.href)
		}
		f := l.faces.get(st, size)
		for s := sp.text; s != ""; {
			if t := strings.TrimLeft(s, " \t"); len(t) < len(s) {
				l.spaced, s = true, t
				continue
			}
			end := strings.IndexAny(s, " \t")
			if end < 0 {
				end = len(s)
			}
			l.place(s[:end], f, c, link, st&mdMono)
			s = s[end:]
		}
	}
	l.endLine()
}

// place puts a word on the line, wrapping first when it does not fit and
// breaking it between runes when it is wider than the column.
func (l *mdLayout) place(word string, f *text.GoTextFace, c color.RGBA, link int, mono mdStyle) {
	w, _ := text.Measure(word, f, 0)
	gap := 0.0
	if l.spaced && len(l.line) > 0 {
		gap, _ = text.Measure(" ", f, 0)
	}
	if len(l.line) > 0 && l.lineX+gap+w > l.w {
		l.wrapLine()
		gap = 0
	}
	if w > l.w-l.x0 && len([]rune(word)) > 1 {
		l.breakWord(word, f, c, link, mono, gap)
		return
	}
	if k := len(l.line) - 1; k >= 0 && l.line[k].face == f && l.line[k].ink == c && l.line[k].link == link {
		last := &l.line[k]
		if gap > 0 {
			last.text += " "
		}
		last.text += word
		last.w = l.lineX + gap + w - last.x
	} else {
		sep := ""
		switch {
		case len(l.line) == 0:
			sep = l.nextSep
		case gap > 0:
			sep = " "
		}
		l.line = append(l.line, mdBox{kind: boxText, x: l.lineX + gap, w: w, text: word, face: f, ink: c, link: link, sep: sep})
		if mono != 0 {
			l.line[len(l.line)-1].h = -1 // marked for a code background in endLine
		}
	}
	l.lineX += gap + w
	l.spaced = false
}

// breakWord places a word wider than the column in pieces that fit.
func (l *mdLayout) breakWord(word string, f *text.GoTextFace, c color.RGBA, link int, mono mdStyle, gap float64) {
	piece := ""
	for _, r := range word {
		if w, _ := text.Measure(piece+string(r), f, 0); w > l.w-l.lineX-gap && piece != "" {
			l.place(piece, f, c, link, mono)
			l.wrapLine()
			l.nextSep, piece, gap = "", "", 0
		}
		piece += string(r)
	}
	l.place(piece, f, c, link, mono)
}

// wrapLine ends the line and starts the next one at the block's edge.
func (l *mdLayout) wrapLine() {
	l.endLine()
	l.lineX, l.nextSep = l.x0, " "
}

// endLine moves the line's boxes to the document, baselines aligned, with
// code backgrounds and link underlines, and advances y by its height.
func (l *mdLayout) endLine() {
	if len(l.line) == 0 {
		return
	}
	size := l.size
	asc, desc := 0.0, 0.0
	for _, b := range l.line {
		m := b.face.Metrics()
		asc, desc = max(asc, m.HAscent), max(desc, m.HDescent)
	}
	lh := max(size*1.4, asc+desc)
	base := l.y + (lh-asc-desc)/2 + asc
	s := l.look.scale
	for _, b := range l.line {
		m := b.face.Metrics()
		code := b.h < 0
		b.y, b.h = base-m.HAscent, m.HAscent+m.HDescent
		if code {
			l.fill(b.x-2*s, b.y, b.w+4*s, b.h, l.look.codeBg)
		}
		l.doc.boxes = append(l.doc.boxes, b)
		if b.link != 0 {
			l.fill(b.x, base+1.5*s, b.w, max(1, math.Round(s)), b.ink)
		}
		l.doc.width = max(l.doc.width, b.x+b.w)
	}
	l.line = l.line[:0]
	l.y += lh
	l.nextSep, l.spaced = "\n", false
}

// code sets a code block on a tinted background, long lines wrapped.
func (l *mdLayout) code(lines []string) {
	s := l.look.scale
	f := l.faces.get(mdMono, l.look.size)
	lh, pad := f.Size*1.35, 8*s
	bg := len(l.doc.boxes)
	l.fill(0, l.y, l.w, 0, l.look.codeBg)
	top := l.y
	l.y += pad
	saved := l.w
	l.w -= pad
	l.size = lh / 1.4
	for _, ln := range lines {
		ln = strings.ReplaceAll(ln, "\t", "    ")
		l.x0, l.lineX = pad, pad
		if strings.TrimSpace(ln) == "" {
			l.y += lh
			l.nextSep = "\n"
			continue
		}
		indent := len(ln) - len(strings.TrimLeft(ln, " "))
		sp, _ := text.Measure(" ", f, 0)
		l.lineX += float64(indent) * sp
		l.x0 = l.lineX
		l.place(ln[indent:], f, l.look.ink, 0, 0)
		if b := &l.line[0]; b.text == ln[indent:] { // copied with its indentation
			b.text, b.x, b.w = ln, b.x-float64(indent)*sp, b.w+float64(indent)*sp
		}
		l.endLine()
	}
	l.w = saved
	l.y += pad
	l.doc.boxes[bg].h = l.y - top
	l.doc.width = l.w
}

// fill adds a filled rectangle.
func (l *mdLayout) fill(x, y, w, h float64, c color.RGBA) {
	l.doc.boxes = append(l.doc.boxes, mdBox{kind: boxFill, x: x, y: y, w: w, h: h, ink: c})
}

// linkIndex is href's 1-based index in the document's links.
func (l *mdLayout) linkIndex(href string) int {
	for i, h := range l.doc.links {
		if h == href {
			return i + 1
		}
	}
	l.doc.links = append(l.doc.links, href)
	return len(l.doc.links)
}

// image places a picture scaled down to the column's width, or its
// description and why it is not shown.
func (l *mdLayout) image(b *mdBlock) {
	var img *ebiten.Image
	note := "no pictures here"
	if l.pics != nil {
		img, note = l.pics(b.src)
	}
	if img == nil {
		alt := b.text
		if alt == "" {
			alt = b.src
		}
		l.flow([]mdSpan{{text: "[" + alt + ": " + note + "]", style: mdItalic}}, 0, l.look.size, 0, l.look.soft)
		return
	}
	sz := img.Bounds().Size()
	k := min(1, l.w/float64(sz.X))
	w, h := math.Round(float64(sz.X)*k), math.Round(float64(sz.Y)*k)
	l.doc.boxes = append(l.doc.boxes, mdBox{kind: boxImage, y: l.y, w: w, h: h, img: img, text: b.text})
	l.doc.width = max(l.doc.width, w)
	l.y += h
}
