package engine

import (
	"image"
	"testing"
)

// TestHiDPIScale: on a screen with two pixels per device-independent pixel
// text, spacing and the menu double, and cursor positions convert back to
// the device-independent pixels windows are placed in.
func TestHiDPIScale(t *testing.T) {
	g, err := NewGame(Options{Model: loadModel(t, "BoxTextured.glb")})
	if err != nil {
		t.Fatal(err)
	}
	g.ui.setScale(2)
	if g.ui.face.Size != 2*fontSize || g.ui.px(10) != 20 {
		t.Errorf("font %v, 10 px → %v; want %v and 20", g.ui.face.Size, g.ui.px(10), 2*fontSize)
	}
	g.ov.menu.open, g.ov.menu.at = true, image.Pt(100, 100)
	if r := g.ov.menu.rect(g.ui.s); r.Dx() != 2*menuW || r.Dy() != 2*menuItemH*len(g.ov.menu.items) {
		t.Errorf("menu %v at scale 2", r)
	}
	if i := g.ov.menu.itemAt(image.Pt(110, 100+2*menuItemH+3), g.ui.s); i != 1 {
		t.Errorf("item under the second row: %d, want 1", i)
	}
	if p := g.dip(image.Pt(301, 99)); p != image.Pt(151, 50) {
		t.Errorf("dip(301, 99) = %v, want (151, 50)", p)
	}
	g.size = [2]int{640, 960}
	if o := g.menuOrigin(image.Pt(600, 900)); o.X+2*menuW > 640 || o.Y+2*menuItemH*len(g.ov.menu.items) > 960 {
		t.Errorf("menu at %v leaves the 640x960 screen", o)
	}
}

// TestLayoutDoesNotAllocate: Layout runs every frame.
func TestLayoutDoesNotAllocate(t *testing.T) {
	g, err := NewGame(Options{Model: loadModel(t, "BoxTextured.glb")})
	if err != nil {
		t.Fatal(err)
	}
	if n := testing.AllocsPerRun(100, func() { g.Layout(480, 720) }); n != 0 {
		t.Errorf("Layout allocates %v times", n)
	}
}
