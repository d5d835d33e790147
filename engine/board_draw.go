package engine

import (
	"bytes"
	"image"
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/gomono"
	"golang.org/x/image/font/gofont/goregular"
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
)

// boardRender is the board drawn: the content laid out once into an image
// as tall as it needs, shown through the panel's body at the scroll
// offset.
type boardRender struct {
	stale   bool
	width   int // the content width drawn for
	scale   float64
	height  int // the content's height in pixels
	content *ebiten.Image
	view    *ebiten.Image // content's sub-image shown, for viewAt
	viewAt  image.Rectangle
	faces   boardFaces
	op      ebiten.DrawImageOptions
}

// boardFaces are the whiteboard's fonts.
type boardFaces struct {
	body, bold, mono *text.GoTextFace
}

func (r *boardRender) dispose() {
	if r.content != nil {
		r.content.Deallocate()
	}
	r.content, r.view, r.stale = nil, nil, true
}

// loadFaces loads the fonts once and sizes them for scale s.
func (r *boardRender) loadFaces(s float64) {
	if r.faces.body == nil {
		load := func(ttf []byte) *text.GoTextFace {
			src, err := text.NewGoTextFaceSource(bytes.NewReader(ttf))
			if err != nil {
				panic(err) // embedded fonts: a bug in kin
			}
			return &text.GoTextFace{Source: src}
		}
		r.faces = boardFaces{load(goregular.TTF), load(gobold.TTF), load(gomono.TTF)}
	}
	r.faces.body.Size, r.faces.mono.Size = 15*s, 13*s
}

// draw draws the board over dst with s screen pixels per
// device-independent pixel.
func (b *board) draw(dst *ebiten.Image, s float64) {
	if !b.shown {
		return
	}
	r := b.rect(dst.Bounds().Size(), s)
	pad, bar := int(boardPad*s), int(boardBar*s)
	cw := r.Dx() - 2*pad
	if b.r.stale || b.r.width != cw || b.r.scale != s {
		b.r.layout(b.blocks, cw, s)
	}
	fill(dst, r, boardPaper)
	fill(dst, image.Rect(r.Min.X, r.Min.Y, r.Max.X, r.Min.Y+bar), boardBarC)
	rf := &b.r.faces
	rf.bold.Size = 15 * s
	title := fit(b.title, rf.bold, float64(r.Dx()-bar-2*pad))
	drawText(dst, rf.bold, title, float64(r.Min.X+pad), float64(r.Min.Y)+(float64(bar)-rf.bold.Size*1.2)/2, boardLight)
	c := closeRect(r, s)
	m := float32(c.Dx()) * 0.32
	for _, d := range [2][4]float32{{m, m, float32(c.Dx()) - m, float32(c.Dy()) - m}, {m, float32(c.Dy()) - m, float32(c.Dx()) - m, m}} {
		vector.StrokeLine(dst, float32(c.Min.X)+d[0], float32(c.Min.Y)+d[1], float32(c.Min.X)+d[2], float32(c.Min.Y)+d[3], float32(2*s), boardLight, true)
	}
	body := image.Rect(r.Min.X+pad, r.Min.Y+bar+pad/2, r.Max.X-pad, r.Max.Y-pad/2)
	b.r.show(dst, body, b.scroll)
	b.drawScrollbar(dst, r, body, s)
}

// show draws the content scrolled by scroll into body.
func (r *boardRender) show(dst *ebiten.Image, body image.Rectangle, scroll float64) {
	if r.content == nil || body.Empty() {
		return
	}
	y := int(math.Round(scroll))
	want := image.Rect(0, y, body.Dx(), min(y+body.Dy(), r.height))
	if want.Empty() {
		return
	}
	if r.view == nil || r.viewAt != want {
		r.view, r.viewAt = r.content.SubImage(want).(*ebiten.Image), want
	}
	r.op.GeoM.Reset()
	r.op.GeoM.Translate(float64(body.Min.X), float64(body.Min.Y))
	dst.DrawImage(r.view, &r.op)
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
