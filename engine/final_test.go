package engine

import (
	"image"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
)

// clearOutside reports the first pixel of img outside r that is not fully
// transparent, if any.
func clearOutside(img *image.RGBA, r image.Rectangle) (image.Point, bool) {
	b := img.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			if !image.Pt(x, y).In(r) && img.RGBAAt(x, y).A != 0 {
				return image.Pt(x, y), false
			}
		}
	}
	return image.Point{}, true
}

// TestFinalRect: in the overlay the window gets only the character's
// rectangle copied, and every pixel of the frame outside it is clear —
// as the character turns, at a lower render scale, and after text went
// away; text on the frame, a window with its background and a scaled
// placement get the whole frame.
func TestFinalRect(t *testing.T) {
	g, err := NewGame(Options{Model: loadModel(t, "rpm-visage-male.glb"), Overlay: true})
	if err != nil {
		t.Fatal(err)
	}
	w, h := g.Layout(320, 480)
	screen := newTestScreen(t, w, h)
	var id ebiten.GeoM
	check := func(what string) {
		t.Helper()
		g.dirty = true
		g.Draw(screen)
		r, ok := g.finalRect(screen.Bounds(), id)
		if !ok {
			t.Fatalf("%s: the whole frame is copied, want the character's rectangle", what)
		}
		if r.Empty() || r.Dx()*r.Dy() > w*h*3/4 {
			t.Fatalf("%s: copies %v of a %dx%d frame", what, r, w, h)
		}
		img := readBack(screen)
		if p, ok := clearOutside(img, r); !ok {
			t.Fatalf("%s: pixel %v outside %v is not clear: %v", what, p, r, img.RGBAAt(p.X, p.Y))
		}
		c := r.Min.Add(r.Max).Div(2)
		if a := img.RGBAAt(c.X, c.Y).A; a == 0 {
			t.Errorf("%s: the middle of %v is clear", what, r)
		}
	}
	check("first frame")
	g.scene.Orbit.Yaw = 1.2
	check("turned")
	g.scene.Orbit.Yaw, g.scene.Orbit.Zoom = -0.4, 0.7
	check("turned back and closer")
	g.r.Scale = 0.5
	check("at render scale 0.5")
	g.r.Scale = 1

	g.ui.notify("a notice over the frame")
	g.ui.advance(g.now())
	g.dirty = true
	g.Draw(screen)
	if _, ok := g.finalRect(screen.Bounds(), id); ok {
		t.Error("a frame with text on it copies only the character's rectangle")
	}
	g.ui.errMsg = "" // the notice goes
	check("after the notice")

	var scaled ebiten.GeoM
	scaled.Scale(2, 2)
	if _, ok := g.finalRect(screen.Bounds(), scaled); ok {
		t.Error("a scaled placement copies only the character's rectangle")
	}

	win, err := NewGame(Options{Model: loadModel(t, "rpm-visage-male.glb")})
	if err != nil {
		t.Fatal(err)
	}
	win.Layout(320, 480)
	win.dirty = true
	win.Draw(screen)
	if _, ok := win.finalRect(screen.Bounds(), id); ok {
		t.Error("a window with its background copies only the character's rectangle")
	}
}
