//go:build linux

package engine

import (
	"image"
	"image/png"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/jezek/xgb"
	"github.com/jezek/xgb/xproto"
)

// windowShot writes what the X screen shows of the game's window to path
// as a PNG (alpha 255: the screen's pixels); on the game loop.
func windowShot(path string) {
	x, y := ebiten.WindowPosition()
	w, h := ebiten.WindowSize()
	c, err := xgb.NewConn()
	if err != nil {
		return
	}
	defer c.Close()
	root := xproto.Setup(c).DefaultScreen(c).Root
	img, err := xproto.GetImage(c, xproto.ImageFormatZPixmap, xproto.Drawable(root), int16(x), int16(y), uint16(w), uint16(h), ^uint32(0)).Reply()
	if err != nil {
		return
	}
	out := image.NewRGBA(image.Rect(0, 0, w, h))
	for i := 0; i+3 < len(img.Data) && i < len(out.Pix); i += 4 {
		out.Pix[i], out.Pix[i+1], out.Pix[i+2], out.Pix[i+3] = img.Data[i+2], img.Data[i+1], img.Data[i], 255
	}
	f, err := os.Create(path)
	if err != nil {
		return
	}
	defer f.Close()
	png.Encode(f, out)
}

// TestSpeakingOverlayOnScreen: the overlay, while kin speaks, as the X
// screen shows it: the character, the bubble and the edge glow along the
// window's bottom, all put onto the window by DrawFinalScreen.
func TestSpeakingOverlayOnScreen(t *testing.T) {
	shot := filepath.Join(t.TempDir(), "overlay.png")
	opts := BenchOptions{Width: 320, Height: 480, Warmup: 1500 * time.Millisecond, Duration: 500 * time.Millisecond, Overlay: true, Speak: true}
	runBenchChild(t, benchSpec{ModelPath: filepath.Join(sharedAssets(t), "rpm-visage-male.glb"), Options: opts, ShotPath: shot})
	f, err := os.Open(shot)
	if err != nil {
		t.Fatalf("no picture of the window: %v", err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatal(err)
	}
	b := img.Bounds()
	count := func(r image.Rectangle, ok func(r, g, b uint32) bool) int {
		n := 0
		for y := r.Min.Y; y < r.Max.Y; y++ {
			for x := r.Min.X; x < r.Max.X; x++ {
				cr, cg, cb, _ := img.At(x, y).RGBA()
				if ok(cr>>8, cg>>8, cb>>8) {
					n++
				}
			}
		}
		return n
	}
	// The glow: blue light along the bottom edge, beside the feet too.
	bottom := image.Rect(b.Min.X, b.Max.Y-6, b.Max.X, b.Max.Y)
	if n := count(bottom, func(r, g, b uint32) bool { return b > 90 && b > r+30 }); n < bottom.Dx()/3 {
		t.Errorf("the glow lights %d of %d pixels along the window's bottom edge", n, bottom.Dx()*bottom.Dy())
	}
	// The bubble: a patch of its light fill in the upper half.
	if n := count(image.Rect(b.Min.X, b.Min.Y, b.Max.X, b.Min.Y+b.Dy()/2), func(r, g, b uint32) bool { return r > 225 && g > 225 && b > 225 }); n < 2000 {
		t.Errorf("the bubble shows %d light pixels", n)
	}
	// The character: lit pixels in the middle of the window.
	mid := image.Rect(b.Min.X+b.Dx()/4, b.Min.Y+b.Dy()/2, b.Max.X-b.Dx()/4, b.Max.Y-b.Dy()/4)
	if n := count(mid, func(r, g, b uint32) bool { return r+g+b > 150 }); n < mid.Dx()*mid.Dy()/8 {
		t.Errorf("the character shows %d lit pixels of %d in the window's middle", n, mid.Dx()*mid.Dy())
	}
}
