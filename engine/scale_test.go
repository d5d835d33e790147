package engine

import (
	"image"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
)

// shotScaled renders like shot, at render scale s.
func shotScaled(t *testing.T, l *Loaded, w, h int, portrait, overlay bool, s float64) *image.RGBA {
	t.Helper()
	r, err := NewRenderer()
	if err != nil {
		t.Fatal(err)
	}
	return RenderShot(r, l, ShotOptions{Width: w, Height: h, Frames: 1, Portrait: portrait, Overlay: overlay, Scale: s})
}

// TestGoldenVisageHalfScale: the portrait rendered at half resolution and
// filtered up.
// The CPU renderer draws it the same.
func TestGoldenVisageHalfScale(t *testing.T) {
	l := loadLoaded(t, "rpm-visage-male.glb")
	o := ShotOptions{Width: 300, Height: 400, Frames: 1, Portrait: true, Scale: 0.5}
	amb := stepShot(l, o)
	img := drawShot(newTestRenderer(t, false), l, o, amb)
	checkSoftware(t, img, drawShot(newTestRenderer(t, true), l, o, amb))
	checkGolden(t, "visage-portrait-half", img)
}

// TestRenderScaleKeepsThePicture: at 0.7 the picture is the full-scale
// one, softer: on average every channel within a few levels, and few
// pixels far off (edges move by a fraction of a pixel).
func TestRenderScaleKeepsThePicture(t *testing.T) {
	l := loadLoaded(t, "rpm-visage-male.glb")
	full := shotScaled(t, l, 300, 400, true, false, 1)
	soft := shotScaled(t, loadLoaded(t, "rpm-visage-male.glb"), 300, 400, true, false, 0.7)
	sum, far := 0, 0
	for i := range full.Pix {
		d := int(full.Pix[i]) - int(soft.Pix[i])
		if d < 0 {
			d = -d
		}
		sum += d
		if d > 64 {
			far++
		}
	}
	mean := float64(sum) / float64(len(full.Pix))
	if mean > 4 {
		t.Errorf("mean difference %.2f levels a channel, want ≤ 4", mean)
	}
	if mean < 0.05 {
		t.Errorf("mean difference %.3f levels a channel: the scale was not applied", mean)
	}
	t.Logf("mean difference %.2f levels a channel, %d channels far off", mean, far)
	if frac := float64(far) / float64(len(full.Pix)); frac > 0.02 {
		t.Errorf("%.1f%% of channels differ by more than 64 levels", frac*100)
	}
}

// TestRenderScaleOverlay: filtered up, the overlay stays premultiplied
// with transparent corners and an opaque character, and the hit test
// answers in output pixels.
func TestRenderScaleOverlay(t *testing.T) {
	l := loadLoaded(t, "rpm-visage-male.glb")
	r, err := NewRenderer()
	if err != nil {
		t.Fatal(err)
	}
	r.Transparent, r.Scale = true, 0.5
	l.Scene.Step(0)
	mesh := r.Adopt(l)
	defer mesh.Dispose()
	const w, h = 240, 360
	dst := ebiten.NewImageWithOptions(image.Rect(0, 0, w, h), &ebiten.NewImageOptions{Unmanaged: true})
	defer dst.Deallocate()
	cam := l.Scene.Camera(float32(w) / h)
	r.Draw(dst, mesh, l.Scene.Pose, &cam)
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	dst.ReadPixels(img.Pix)
	for _, p := range []image.Point{{0, 0}, {w - 1, 0}, {0, h - 1}, {w - 1, h - 1}} {
		if a := img.RGBAAt(p.X, p.Y).A; a != 0 {
			t.Errorf("corner %v: alpha %d, want 0", p, a)
		}
		if r.Hit(mesh, p.X, p.Y) {
			t.Errorf("corner %v hits the character", p)
		}
	}
	if c := img.RGBAAt(w/2, h/3); c.A != 255 {
		t.Errorf("chest pixel: alpha %d, want 255", c.A)
	}
	if !r.Hit(mesh, w/2, h/3) {
		t.Error("the chest does not hit the character")
	}
	for i := 0; i < len(img.Pix); i += 4 {
		a := img.Pix[i+3]
		if img.Pix[i] > a || img.Pix[i+1] > a || img.Pix[i+2] > a {
			t.Fatalf("pixel %d: colour %v exceeds alpha: not premultiplied", i/4, img.Pix[i:i+4])
		}
	}
}
