package raster

import (
	"encoding/binary"
	"image"
	"math"
)

// Target is what a frame is drawn into: a rectangle of render pixels with
// a colour buffer (premultiplied sRGB RGBA, packed rows, the layout
// ebiten.Image.WritePixels takes), a depth buffer, and for each pixel
// the draw whose opaque fragment shows there (see drawID), which settles
// a tie in depth for the one listed later, whichever was drawn first.
type Target struct {
	// Rect is the rectangle of render pixels the buffers cover.
	Rect image.Rectangle
	// Pix holds 4·Dx·Dy bytes, row by row from Rect.Min.
	Pix []byte
	z   []float32
	id  []uint16 // 0: none yet
}

// maxDrawID is the highest number a pixel's draw is marked with: a frame
// of more draws is drawn in the order listed (see opaqueOrder).
const maxDrawID = 1<<16 - 1

// farDepth is the depth buffer's clear value: behind everything.
var farDepth = float32(math.Inf(1))

// Reset makes t cover r, transparent and empty of depth. The buffers grow
// when r is larger than any before and are reused otherwise.
func (t *Target) Reset(r image.Rectangle) {
	n := r.Dx() * r.Dy()
	if r.Empty() {
		n = 0
	}
	if cap(t.z) < n {
		t.Pix, t.z, t.id = make([]byte, 4*n), make([]float32, n), make([]uint16, n)
	}
	t.Rect, t.Pix, t.z, t.id = r, t.Pix[:4*n], t.z[:n], t.id[:n]
	clear(t.Pix)
	clear(t.id)
	// The depth from one value, copied in doubling runs: copy moves a
	// run many bytes an instruction, a loop one value.
	if n > 0 {
		t.z[0] = farDepth
		for k := 1; k < n; k *= 2 {
			copy(t.z[k:], t.z[:k])
		}
	}
}

// RGBA returns the colour buffer as an image (sharing its pixels), for
// tests and screenshots.
func (t *Target) RGBA() *image.RGBA {
	return &image.RGBA{Pix: t.Pix, Stride: 4 * t.Rect.Dx(), Rect: t.Rect}
}

// shows reports whether an opaque fragment of depth z, of the draw
// numbered id, shows over what pixel i holds: nearer, or as near and of a
// draw listed later (NaN fails, as on a GPU).
func (t *Target) shows(i int, z float32, id uint16) bool {
	zi := t.z[i]
	return z < zi || z == zi && id > t.id[i]
}

// put writes packed pixel c (as Image.Pix packs texels) at pixel i.
func (t *Target) put(i int, c uint32) { binary.LittleEndian.PutUint32(t.Pix[4*i:4*i+4], c) }
