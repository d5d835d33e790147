package engine

import (
	"image"
	"testing"

	"github.com/go-gl/mathgl/mgl32"
)

// TestContactShadow: in the overlay the floor between and under the
// character's feet is translucent black, the corners stay clear, and NoShadow leaves the
// floor clear too.
func TestContactShadow(t *testing.T) {
	floorAlpha := func(noShadow bool) (uint8, *image.RGBA) {
		l := loadLoaded(t, "rpm-visage-male.glb")
		r, err := NewRenderer()
		if err != nil {
			t.Fatal(err)
		}
		img := RenderShot(r, l, ShotOptions{Width: 240, Height: 360, Frames: 1, Overlay: true, NoShadow: noShadow})
		// The darkest see-through pixel of the middle column's bottom
		// quarter: between and below the feet.
		b := img.Bounds()
		var most uint8
		for y := b.Dy() * 3 / 4; y < b.Dy(); y++ {
			if a := img.RGBAAt(b.Dx()/2, y).A; a < 255 {
				most = max(most, a)
			}
		}
		return most, img
	}
	a, img := floorAlpha(false)
	if a < 20 || a > 200 {
		t.Errorf("floor under the feet: alpha %d, want a soft shadow (20–200)", a)
	}
	if c := img.RGBAAt(0, img.Bounds().Dy()-1); c.A != 0 {
		t.Errorf("bottom-left corner alpha %d, want 0", c.A)
	}
	if a, _ := floorAlpha(true); a != 0 {
		t.Errorf("with NoShadow the floor has alpha %d, want 0", a)
	}
}

// TestScreenShadowLopsided: seen from close above, the floor ellipse's
// box is taken from its projected rim, so a shadow far below the view
// does not reach up into it; behind the camera there is none.
func TestScreenShadowLopsided(t *testing.T) {
	v := View{Eye: mgl32.Vec3{0, 1.6, 0.5}, Forward: mgl32.Vec3{0, 0, -1}, Right: mgl32.Vec3{1, 0, 0}, Up: mgl32.Vec3{0, 1, 0},
		Focal: 400, CenterX: 200, CenterY: 200}
	c, a, _, ok := screenShadow(&v, mgl32.Vec3{0, 0, 0}, 0.3, 0.3)
	if !ok {
		t.Fatal("no shadow for a floor point in front of the camera")
	}
	if top := c[1] - a[1]; top < 400 {
		t.Errorf("the shadow's top is at y=%.0f, inside the 400-pixel view", top)
	}
	if _, _, _, ok := screenShadow(&v, mgl32.Vec3{0, 0, 1}, 0.3, 0.3); ok {
		t.Error("a shadow behind the camera")
	}
}
