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
	"github.com/kin-companion/kin/internal/xshot"
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
	xshot.Save(c, image.Rect(x, y, x+w, y+h), path) // a missing picture fails the test that asked for it
}

// TestSpeakingOnScreen: the overlay and a window, while kin speaks, as
// the X screen shows them: the character, the bubble and the edge glow
// along the window's bottom, all put onto the window by DrawFinalScreen,
// and a window's background whole and smooth down its sides.
func TestSpeakingOnScreen(t *testing.T) {
	for _, overlay := range []bool{true, false} {
		name := map[bool]string{true: "overlay", false: "window"}[overlay]
		t.Run(name, func(t *testing.T) {
			// The glow follows a voice level that rises and falls: a shot
			// that catches it low, as a loaded machine's timing can, is
			// taken again.
			img := speakingShot(t, overlay)
			for try := 1; try < 3; try++ {
				if lit, want := glowLit(img); lit >= want {
					break
				}
				img = speakingShot(t, overlay)
			}
			checkSpeaking(t, img)
			if !overlay {
				checkBackground(t, img)
			}
		})
	}
}

// speakingShot is what the X screen shows of kin speaking, in the
// overlay or a window.
func speakingShot(t *testing.T, overlay bool) image.Image {
	t.Helper()
	shot := filepath.Join(t.TempDir(), "shot.png")
	opts := BenchOptions{Width: 320, Height: 480, Warmup: 1500 * time.Millisecond, Duration: 500 * time.Millisecond, Overlay: overlay, Speak: true}
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
	return img
}

// countPixels is how many pixels of img within r are ok.
func countPixels(img image.Image, r image.Rectangle, ok func(r, g, b uint32) bool) int {
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

// glowLit is how many pixels along img's bottom edge the glow lights (blue
// light, beside the feet too), and how many it should at least.
func glowLit(img image.Image) (lit, want int) {
	b := img.Bounds()
	bottom := image.Rect(b.Min.X, b.Max.Y-6, b.Max.X, b.Max.Y)
	return countPixels(img, bottom, func(r, g, b uint32) bool { return b > 90 && b > r+30 }), bottom.Dx() / 3
}

// checkSpeaking checks that img shows the glow, the bubble and the
// character.
func checkSpeaking(t *testing.T, img image.Image) {
	t.Helper()
	b := img.Bounds()
	if lit, want := glowLit(img); lit < want {
		t.Errorf("the glow lights %d pixels along the window's bottom edge, want %d or more", lit, want)
	}
	// The bubble: a patch of its light fill in the upper half.
	if n := countPixels(img, image.Rect(b.Min.X, b.Min.Y, b.Max.X, b.Min.Y+b.Dy()/2), func(r, g, b uint32) bool { return r > 225 && g > 225 && b > 225 }); n < 2000 {
		t.Errorf("the bubble shows %d light pixels", n)
	}
	// The character: lit pixels in the middle of the window.
	mid := image.Rect(b.Min.X+b.Dx()/4, b.Min.Y+b.Dy()/2, b.Max.X-b.Dx()/4, b.Max.Y-b.Dy()/4)
	if n := countPixels(img, mid, func(r, g, b uint32) bool { return r+g+b > 150 }); n < mid.Dx()*mid.Dy()/8 {
		t.Errorf("the character shows %d lit pixels of %d in the window's middle", n, mid.Dx()*mid.Dy())
	}
}

// checkBackground checks a window's background down both sides of img,
// above the glow: never black (the window as Ebitengine clears it), and
// changing by a level or two from row to row, with no seam where the
// character's rectangle begins or ends.
func checkBackground(t *testing.T, img image.Image) {
	t.Helper()
	b := img.Bounds()
	for _, x := range []int{b.Min.X + 1, b.Max.X - 2} {
		var last [3]int
		for y := b.Min.Y; y < b.Max.Y-glowRows; y++ {
			cr, cg, cb, _ := img.At(x, y).RGBA()
			c := [3]int{int(cr >> 8), int(cg >> 8), int(cb >> 8)}
			if c[0]+c[1]+c[2] < 30 {
				t.Fatalf("the background at (%d, %d) is %v: not drawn", x, y, c)
			}
			for i := range c {
				if d := c[i] - last[i]; y > b.Min.Y && (d > 2 || d < -2) {
					t.Fatalf("the background steps from %v to %v at (%d, %d)", last, c, x, y)
				}
			}
			last = c
		}
	}
}

// glowRows is more rows than the edge glow lights at the bottom of a
// 480-pixel window.
const glowRows = 160
