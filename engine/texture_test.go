package engine

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"
)

// checker is a 64² PNG of one-texel black and white squares: sharp at
// level 0, mid grey at every coarser level.
func checker(t *testing.T) (image.Image, []byte) {
	t.Helper()
	img := image.NewNRGBA(image.Rect(0, 0, 64, 64))
	for y := 0; y < 64; y++ {
		for x := 0; x < 64; x++ {
			if (x+y)%2 == 0 {
				img.Set(x, y, color.NRGBA{255, 255, 255, 255})
			} else {
				img.Set(x, y, color.NRGBA{0, 0, 0, 255})
			}
		}
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		t.Fatal(err)
	}
	return img, buf.Bytes()
}

// texel reads one texel of a level.
func texel(l *ebiten.Image, x, y int) color.RGBA {
	return l.At(x, y).(color.RGBA)
}

// TestTextureDecodesAgainAfterDrop: once the source is dropped, a finer
// level is decoded from the file off the game loop; meanwhile the nearest
// coarser level is drawn, and the finer level, when it comes, is exact.
func TestTextureDecodesAgainAfterDrop(t *testing.T) {
	img, file := checker(t)
	tex := newTexture(img, file)
	defer tex.dispose()
	coarse := tex.level(2)
	if w := coarse.Bounds().Dx(); w != 16 {
		t.Fatalf("level 2 is %d wide, want 16", w)
	}
	if !tex.drop() || tex.src != nil {
		t.Fatal("drop kept the source although the file can bring it back")
	}
	if got := tex.level(0); got != coarse {
		t.Fatal("while decoding, level 0 should be drawn with the built level 2")
	}
	l0 := awaitLevel(t, func() *ebiten.Image { return tex.level(0) }, coarse)
	if w := l0.Bounds().Dx(); w != 64 {
		t.Fatalf("level 0 is %d wide, want 64", w)
	}
	if a, b := texel(l0, 0, 0), texel(l0, 1, 0); a != (color.RGBA{255, 255, 255, 255}) || b != (color.RGBA{0, 0, 0, 255}) {
		t.Errorf("level 0 texels %v %v, want white then black", a, b)
	}
	if tex.src != nil {
		t.Error("the source outlived level 0")
	}
}

// TestTextureDecodesAtOnceWithNothingCoarser: with no level built, a draw
// cannot wait, so the file is decoded on the spot.
func TestTextureDecodesAtOnceWithNothingCoarser(t *testing.T) {
	img, file := checker(t)
	tex := newTexture(img, file)
	defer tex.dispose()
	tex.drop()
	l1 := tex.level(1)
	if w := l1.Bounds().Dx(); w != 32 {
		t.Fatalf("level 1 is %d wide, want 32", w)
	}
	if c := texel(l1, 3, 5); c.R < 126 || c.R > 129 || c.A != 255 {
		t.Errorf("level 1 texel %v, want the checker's mid grey", c)
	}
}

// TestTextureWithoutFileKeepsSource: a texture with no file (an image kin
// was handed decoded) cannot drop its source.
func TestTextureWithoutFileKeepsSource(t *testing.T) {
	img, _ := checker(t)
	tex := newTexture(img, nil)
	defer tex.dispose()
	tex.level(3)
	if tex.drop() || tex.src == nil {
		t.Fatal("dropped a source that nothing can bring back")
	}
}

// TestTextureFileThatNoLongerDecodes: if decoding fails after a drop the
// draw still gets an image and the texture stops trying.
func TestTextureFileThatNoLongerDecodes(t *testing.T) {
	img, _ := checker(t)
	tex := newTexture(img, []byte("not an image"))
	defer tex.dispose()
	tex.drop()
	if tex.level(0) == nil {
		t.Fatal("no image to draw with")
	}
	if tex.file != nil {
		t.Error("kept a file that does not decode")
	}
}

// awaitLevel asks get for a texture level until it gives another than
// meanwhile (drawn while the level decodes), and returns that.
func awaitLevel[L comparable](t *testing.T, get func() L, meanwhile L) L {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for {
		if l := get(); l != meanwhile {
			return l
		}
		if time.Now().After(deadline) {
			t.Fatal("level 0 never arrived")
		}
		time.Sleep(5 * time.Millisecond)
	}
}
