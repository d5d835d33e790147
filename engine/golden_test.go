package engine

import (
	"flag"
	"fmt"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden images in testdata/")

// Golden-image tolerance: a pixel differs when any channel is off by more
// than pixelTolerance; an image fails when more than badFraction of its
// pixels differ.
const (
	pixelTolerance = 24
	badFraction    = 0.005
)

// shot renders a prepared model at the given size after frames frames,
// on the GPU, and on the CPU too: the two pictures must agree as a golden
// image and its render must.
func shot(t *testing.T, l *Loaded, w, h, frames int, portrait, overlay bool) *image.RGBA {
	t.Helper()
	o := ShotOptions{Width: w, Height: h, Frames: frames, Portrait: portrait, Overlay: overlay}
	amb := stepShot(l, o)
	img := drawShot(newTestRenderer(t, false), l, o, amb)
	checkSoftware(t, img, drawShot(newTestRenderer(t, true), l, o, amb))
	return img
}

// newTestRenderer is a renderer drawing on the GPU or on the CPU.
func newTestRenderer(t testing.TB, software bool) *Renderer {
	t.Helper()
	r, err := NewRenderer()
	if err != nil {
		t.Fatal(err)
	}
	if software {
		r.Backend = BackendCPU
	}
	return r
}

// checkSoftware compares the CPU renderer's picture with the GPU's at the
// golden images' tolerance.
func checkSoftware(t *testing.T, gpu, cpu *image.RGBA) {
	t.Helper()
	name := strings.ReplaceAll(t.Name(), "/", "-")
	if dir := os.Getenv("KIN_SHOTS"); dir != "" {
		if err := writePNG(filepath.Join(dir, name+"-cpu.png"), cpu); err != nil {
			t.Fatal(err)
		}
	}
	if bad, frac := diff(cpu, gpu); frac > badFraction {
		t.Errorf("%s: the CPU renderer's picture differs from the GPU's in %d pixels (%.2f%%)", name, bad, frac*100)
	}
}

// checkGolden compares img with testdata/name.png, or writes it with
// -update. The rendered image is also written to $KIN_SHOTS, when set, for
// people to look at.
func checkGolden(t *testing.T, name string, img *image.RGBA) {
	t.Helper()
	if dir := os.Getenv("KIN_SHOTS"); dir != "" {
		if err := writePNG(filepath.Join(dir, name+".png"), img); err != nil {
			t.Fatal(err)
		}
	}
	path := filepath.Join("testdata", name+".png")
	if *update {
		if err := writePNG(path, img); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := readPNG(path)
	if err != nil {
		t.Fatalf("%v (run with -update to create it)", err)
	}
	if bad, frac := diff(img, want); frac > badFraction {
		t.Errorf("%s: %d pixels (%.2f%%) differ from the golden image", name, bad, frac*100)
	}
}

// diff counts the pixels of a that differ from b beyond pixelTolerance.
func diff(a *image.RGBA, b image.Image) (int, float64) {
	if a.Bounds() != b.Bounds() {
		return a.Bounds().Dx() * a.Bounds().Dy(), 1
	}
	bad := 0
	for y := a.Rect.Min.Y; y < a.Rect.Max.Y; y++ {
		for x := a.Rect.Min.X; x < a.Rect.Max.X; x++ {
			r0, g0, b0, a0 := a.At(x, y).RGBA()
			r1, g1, b1, a1 := b.At(x, y).RGBA()
			if far(r0, r1) || far(g0, g1) || far(b0, b1) || far(a0, a1) {
				bad++
			}
		}
	}
	return bad, float64(bad) / float64(a.Rect.Dx()*a.Rect.Dy())
}

func far(a, b uint32) bool {
	d := int(a>>8) - int(b>>8)
	return d > pixelTolerance || d < -pixelTolerance
}

func writePNG(path string, img image.Image) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	if err := png.Encode(f, img); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

func readPNG(path string) (image.Image, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return img, nil
}

func TestGoldenBoxTextured(t *testing.T) {
	l := loadLoaded(t, "BoxTextured.glb")
	l.Scene.Orbit = Orbit{Yaw: 0.6, Pitch: 0.45, Zoom: 1.3}
	checkGolden(t, "boxtextured", shot(t, l, 256, 256, 1, false, false))
}

func TestGoldenCesiumMan(t *testing.T) {
	for _, frames := range []int{1, 31, 61} {
		t.Run(fmt.Sprint(frames), func(t *testing.T) {
			l := loadLoaded(t, "CesiumMan.glb")
			checkGolden(t, fmt.Sprintf("cesiumman-f%d", frames), shot(t, l, 256, 320, frames, false, false))
		})
	}
}

func TestGoldenMorphCube(t *testing.T) {
	for _, frames := range []int{1, 61} {
		t.Run(fmt.Sprint(frames), func(t *testing.T) {
			l := loadLoaded(t, "AnimatedMorphCube.glb")
			l.Scene.Orbit = Orbit{Yaw: 0.5, Pitch: 0.35, Zoom: 1.4}
			checkGolden(t, fmt.Sprintf("morphcube-f%d", frames), shot(t, l, 256, 256, frames, false, false))
		})
	}
}

func TestGoldenVisagePortrait(t *testing.T) {
	l := loadLoaded(t, "rpm-visage-male.glb")
	checkGolden(t, "visage-portrait", shot(t, l, 360, 480, 1, true, false))
}

// TestGoldenVisageMouth looks into the open mouth from close up: teeth
// and tongue must sit inside it, the eyes behind the eyelids.
func TestGoldenVisageMouth(t *testing.T) {
	l := loadLoaded(t, "rpm-visage-male.glb")
	l.Scene.SetExpression("mouthOpen", 1)
	l.Scene.SetExpression("jawOpen", 0.5)
	l.Scene.Orbit = Orbit{Yaw: 0.35, Pitch: -0.1, Zoom: 0.4}
	checkGolden(t, "visage-mouth", shot(t, l, 400, 400, 1, true, false))
}

// TestOverlayAlpha checks the overlay's premultiplied output: transparent
// corners, an opaque character, no colour brighter than its alpha.
func TestOverlayAlpha(t *testing.T) {
	l := loadLoaded(t, "rpm-visage-male.glb")
	img := shot(t, l, 240, 360, 1, false, true)
	b := img.Bounds()
	for _, p := range []image.Point{{0, 0}, {b.Dx() - 1, 0}, {0, b.Dy() - 1}, {b.Dx() - 1, b.Dy() - 1}} {
		if a := img.RGBAAt(p.X, p.Y).A; a != 0 {
			t.Errorf("corner %v: alpha %d, want 0", p, a)
		}
	}
	if c := img.RGBAAt(b.Dx()/2, b.Dy()/3); c.A != 255 {
		t.Errorf("chest pixel: alpha %d, want 255", c.A)
	}
	for i := 0; i < len(img.Pix); i += 4 {
		a := img.Pix[i+3]
		if img.Pix[i] > a || img.Pix[i+1] > a || img.Pix[i+2] > a {
			t.Fatalf("pixel %d: colour %v exceeds alpha: not premultiplied", i/4, img.Pix[i:i+4])
		}
	}
}
