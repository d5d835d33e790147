package perceive

import (
	"bytes"
	"fmt"
	"image"
	"image/jpeg"
	"image/png"
)

// Thumb is a tiny greyscale picture of the screen, kept only to tell
// whether the screen changed.
type Thumb struct {
	W, H int
	Pix  []byte // W*H luma values, row by row
}

// thumbSize is the long side of a [Thumb]: small enough that noise and a
// ticking clock barely register, large enough that a new paragraph does.
const thumbSize = 64

// changeStep is how far, out of 255, a thumbnail pixel's brightness must
// move to count as changed.
const changeStep = 24

// decodeThumb turns an encoded screenshot into a [Thumb].
func decodeThumb(mediaType string, data []byte) (Thumb, error) {
	var img image.Image
	var err error
	switch mediaType {
	case "image/jpeg":
		img, err = jpeg.Decode(bytes.NewReader(data))
	case "image/png":
		img, err = png.Decode(bytes.NewReader(data))
	default:
		return Thumb{}, fmt.Errorf("the screenshot came as %q, which the watcher cannot read", mediaType)
	}
	if err != nil {
		return Thumb{}, fmt.Errorf("could not read the screenshot: %w", err)
	}
	return grey(img), nil
}

// grey converts img to luma values.
func grey(img image.Image) Thumb {
	b := img.Bounds()
	t := Thumb{W: b.Dx(), H: b.Dy(), Pix: make([]byte, b.Dx()*b.Dy())}
	for y := range t.H {
		for x := range t.W {
			r, g, bl, _ := img.At(b.Min.X+x, b.Min.Y+y).RGBA()
			t.Pix[y*t.W+x] = byte((299*r + 587*g + 114*bl) / 1000 >> 8)
		}
	}
	return t
}

// Changed is the fraction, 0 to 1, of pixels whose brightness moved by
// more than a small step between a and b; 1 when their sizes differ (a
// new screen size is a change).
func Changed(a, b Thumb) float64 {
	if a.W != b.W || a.H != b.H || len(a.Pix) != len(b.Pix) || len(a.Pix) == 0 {
		return 1
	}
	n := 0
	for i, p := range a.Pix {
		d := int(p) - int(b.Pix[i])
		if d > changeStep || d < -changeStep {
			n++
		}
	}
	return float64(n) / float64(len(a.Pix))
}
