package engine

import (
	"bytes"
	"sync"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/gobolditalic"
	"golang.org/x/image/font/gofont/goitalic"
	"golang.org/x/image/font/gofont/gomono"
	"golang.org/x/image/font/gofont/goregular"
)

// mdFonts are the fonts Markdown is set in: Go regular, bold, italic,
// bold italic and mono, parsed once.
var mdFonts = sync.OnceValue(func() [5]*text.GoTextFaceSource {
	var out [5]*text.GoTextFaceSource
	for i, ttf := range [][]byte{goregular.TTF, gobold.TTF, goitalic.TTF, gobolditalic.TTF, gomono.TTF} {
		src, err := text.NewGoTextFaceSource(bytes.NewReader(ttf))
		if err != nil {
			panic(err) // embedded fonts: a bug in kin
		}
		out[i] = src
	}
	return out
})

// monoScale is code's size beside body text.
const monoScale = 0.87

// mdFaces hands out faces by style and size, each made once, so that
// laid-out boxes can share them.
type mdFaces struct {
	m map[mdFaceKey]*text.GoTextFace
}

type mdFaceKey struct {
	font int
	size float64
}

// get is the face for style at size (code is set a little smaller).
func (f *mdFaces) get(style mdStyle, size float64) *text.GoTextFace {
	font := 0
	switch {
	case style&mdMono != 0:
		font, size = 4, size*monoScale
	case style&(mdBold|mdItalic) == mdBold|mdItalic:
		font = 3
	case style&mdItalic != 0:
		font = 2
	case style&mdBold != 0:
		font = 1
	}
	k := mdFaceKey{font, size}
	if face, ok := f.m[k]; ok {
		return face
	}
	if f.m == nil {
		f.m = map[mdFaceKey]*text.GoTextFace{}
	}
	face := &text.GoTextFace{Source: mdFonts()[font], Size: size}
	f.m[k] = face
	return face
}

// mdPainter draws laid-out documents, reusing its options so that a frame
// allocates nothing of its own.
type mdPainter struct {
	top text.DrawOptions
	img ebiten.DrawImageOptions
}

// paint draws d onto dst with its top-left corner at (x, y), leaving out
// the boxes above content line from (for a bubble showing the last lines
// of a long reply).
func (p *mdPainter) paint(dst *ebiten.Image, d *mdDoc, x, y, from float64) {
	for i := range d.boxes {
		b := &d.boxes[i]
		if b.y < from {
			continue
		}
		bx, by := x+b.x, y+b.y-from
		switch b.kind {
		case boxFill:
			vector.FillRect(dst, float32(bx), float32(by), float32(b.w), float32(b.h), b.ink, false)
		case boxImage:
			sz := b.img.Bounds().Size()
			p.img.GeoM.Reset()
			p.img.GeoM.Scale(b.w/float64(sz.X), b.h/float64(sz.Y))
			p.img.GeoM.Translate(bx, by)
			p.img.Filter = ebiten.FilterLinear
			dst.DrawImage(b.img, &p.img)
		default:
			p.top.GeoM.Reset()
			p.top.GeoM.Translate(bx, by)
			p.top.ColorScale.Reset()
			p.top.ColorScale.ScaleWithColor(b.ink)
			text.Draw(dst, b.text, b.face, &p.top)
		}
	}
}

// linkAt is the link under content point (x, y), or "".
func (d *mdDoc) linkAt(x, y float64) string {
	for i := range d.boxes {
		b := &d.boxes[i]
		if b.link != 0 && b.kind == boxText && x >= b.x && x < b.x+b.w && y >= b.y && y < b.y+b.h {
			return d.links[b.link-1]
		}
	}
	return ""
}
