package engine

import (
	"image"
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"
)

// maxBoardContent caps the content image's height in pixels; a longer
// board is cut there.
const maxBoardContent = 8192

// Whiteboard colours.
var (
	boardPaper = color.RGBA{250, 249, 244, 255}
	boardBarC  = color.RGBA{60, 64, 78, 255}
	boardInk   = color.RGBA{34, 36, 42, 255}
	boardSoft  = color.RGBA{110, 112, 120, 255}
	boardCodeC = color.RGBA{236, 234, 226, 255}
	boardLine  = color.RGBA{200, 198, 190, 255}
	boardLight = color.RGBA{240, 240, 245, 255}
	boardLinkC = color.RGBA{28, 92, 196, 255}
	boardSelC  = color.RGBA{12, 40, 84, 84} // premultiplied: a light blue wash
)

// boardRender is the board drawn. The content is laid out once into an
// image as tall as it needs; the panel (bar, buttons, the visible part of
// the content, the selection, the scrollbar) is composed into an image of
// its own whenever any of it changes. A frame with nothing changed draws
// that one image and allocates nothing.
type boardRender struct {
	stale   bool
	width   int // the content width laid out for
	scale   float64
	height  int // the content's height in pixels
	doc     *mdDoc
	content *ebiten.Image
	panel   *ebiten.Image
	painted [3]int // board version, width and height the panel shows
	faces   mdFaces
	look    mdLook
	paint   mdPainter
	op      ebiten.DrawImageOptions
	hand    bool // the cursor shows the hand (over a link)
}

func (r *boardRender) dispose() {
	for _, img := range []*ebiten.Image{r.content, r.panel} {
		if img != nil {
			img.Deallocate()
		}
	}
	r.content, r.panel, r.doc, r.stale = nil, nil, nil, true
}

// draw draws the board over dst with s screen pixels per
// device-independent pixel.
func (b *board) draw(dst *ebiten.Image, s float64) {
	if !b.shown {
		return
	}
	r := b.rect(dst.Bounds().Size(), s)
	body := bodyRect(r, s)
	if b.r.stale || b.r.width != body.Dx() || b.r.scale != s {
		b.layout(body.Dx(), s)
	}
	if key := [3]int{b.version, r.Dx(), r.Dy()}; b.r.panel == nil || key != b.r.painted {
		b.compose(r, s)
		b.r.painted = key
	}
	b.r.op.GeoM.Reset()
	b.r.op.GeoM.Translate(float64(r.Min.X), float64(r.Min.Y))
	dst.DrawImage(b.r.panel, &b.r.op)
}

// layout sets the Markdown in a column cw pixels wide and paints it into
// the content image.
func (b *board) layout(cw int, s float64) {
	r := &b.r
	r.width, r.scale, r.stale = cw, s, false
	r.look = mdLook{size: 15 * s, scale: s, headings: true, gap: 8, ink: boardInk, soft: boardSoft,
		link: boardLinkC, codeBg: boardCodeC, rule: boardLine}
	r.doc = layoutMarkdown(b.blocks, float64(max(cw, 1)), &r.look, &r.faces, b.pics.get)
	h := min(max(int(r.doc.height), 1), maxBoardContent)
	if r.content != nil {
		r.content.Deallocate()
	}
	r.content, r.height = ebiten.NewImage(max(cw, 1), h), h
	r.paint.paint(r.content, r.doc, 0, 0, 0)
	b.sel = boardSelection{}
	b.version++
}

// compose draws the whole panel, at r's size, into the panel image.
func (b *board) compose(r image.Rectangle, s float64) {
	rr := &b.r
	if rr.panel == nil || rr.panel.Bounds().Size() != r.Size() {
		if rr.panel != nil {
			rr.panel.Deallocate()
		}
		rr.panel = ebiten.NewImage(r.Dx(), r.Dy())
	}
	p := rr.panel
	local := image.Rectangle{Max: r.Size()}
	fill(p, local, boardPaper)
	b.drawBar(p, local, s)
	body := bodyRect(local, s)
	b.showContent(p, body)
	if b.sel.a != b.sel.b && rr.doc != nil {
		rr.doc.highlight(b.sel.a, b.sel.b, func(x, y, w, h float64) {
			y += float64(body.Min.Y) - b.scroll
			top, bottom := max(y, float64(body.Min.Y)), min(y+h, float64(body.Max.Y))
			if bottom > top {
				vector.FillRect(p, float32(float64(body.Min.X)+x), float32(top), float32(w), float32(bottom-top), boardSelC, false)
			}
		})
	}
	b.drawScrollbar(p, local, body, s)
}

// drawBar draws the title bar: the title, Copy and ×.
func (b *board) drawBar(p *ebiten.Image, r image.Rectangle, s float64) {
	pad, bar := int(boardPad*s), int(boardBar*s)
	fill(p, image.Rect(r.Min.X, r.Min.Y, r.Max.X, r.Min.Y+bar), boardBarC)
	bold := b.r.faces.get(mdBold, 15*s)
	cr := copyRect(r, s)
	title := fit(b.title, bold, float64(cr.Min.X-r.Min.X-pad))
	drawText(p, bold, title, float64(r.Min.X+pad), float64(r.Min.Y)+(float64(bar)-bold.Size*1.2)/2, boardLight)
	label := "Copy"
	if !b.acts.copied.IsZero() {
		label = "Copied"
	}
	small := b.r.faces.get(0, 13*s)
	drawText(p, small, label, float64(cr.Min.X), float64(cr.Min.Y)+(float64(bar)-small.Size*1.2)/2, boardLight)
	c := closeRect(r, s)
	m := float32(c.Dx()) * 0.32
	for _, d := range [2][4]float32{{m, m, float32(c.Dx()) - m, float32(c.Dy()) - m}, {m, float32(c.Dy()) - m, float32(c.Dx()) - m, m}} {
		vector.StrokeLine(p, float32(c.Min.X)+d[0], float32(c.Min.Y)+d[1], float32(c.Min.X)+d[2], float32(c.Min.Y)+d[3], float32(2*s), boardLight, true)
	}
}

// showContent draws the content scrolled by the board's scroll into body.
func (b *board) showContent(dst *ebiten.Image, body image.Rectangle) {
	r := &b.r
	if r.content == nil || body.Empty() {
		return
	}
	y := int(math.Round(b.scroll))
	want := image.Rect(0, y, body.Dx(), min(y+body.Dy(), r.height))
	if want.Empty() {
		return
	}
	r.op.GeoM.Reset()
	r.op.GeoM.Translate(float64(body.Min.X), float64(body.Min.Y))
	dst.DrawImage(r.content.SubImage(want).(*ebiten.Image), &r.op)
}

// drawScrollbar draws a thin thumb at the right edge when the content is
// taller than the body.
func (b *board) drawScrollbar(dst *ebiten.Image, r, body image.Rectangle, s float64) {
	h := b.r.height
	if h <= body.Dy() {
		return
	}
	th := max(float64(body.Dy())*float64(body.Dy())/float64(h), 20*s)
	ty := float64(body.Min.Y) + (float64(body.Dy())-th)*b.scroll/float64(h-body.Dy())
	vector.FillRect(dst, float32(r.Max.X)-float32(6*s), float32(ty), float32(3*s), float32(th), boardSoft, false)
}

// fill paints rectangle r of dst.
func fill(dst *ebiten.Image, r image.Rectangle, c color.RGBA) {
	vector.FillRect(dst, float32(r.Min.X), float32(r.Min.Y), float32(r.Dx()), float32(r.Dy()), c, false)
}
