package engine

import (
	"image"
	"testing"

	"github.com/kin-companion/kin/avatar"
)

// TestDragSwingsHair drags the overlay window of a character with a
// spring-bone ponytail: the ponytail, settled, swings out as the window
// moves a few centimetres' worth, and settles again.
func TestDragSwingsHair(t *testing.T) {
	m, err := avatar.Load(ponytailVRM(t))
	if err != nil {
		t.Fatal(err)
	}
	g, err := NewGame(Options{Model: m, Overlay: true})
	if err != nil {
		t.Fatal(err)
	}
	g.Layout(300, 450)
	tick := func(n int) float32 {
		for range n {
			g.scene.Tick(1.0 / TickRate)
		}
		_, off := g.scene.Char.SpringStats()
		return off
	}
	g.placeSprings(image.Pt(400, 300)) // the first placement: at rest
	settled := tick(180)
	for i := 1; i <= 5; i++ { // 150 pixels to the right over 5 ticks
		g.placeSprings(image.Pt(400+30*i, 300))
		tick(1)
	}
	swung := tick(1)
	again := tick(240)
	if swung < settled+0.01 {
		t.Errorf("ponytail %.4f m from rest after the drag, %.4f m before: it did not swing", swung, settled)
	}
	if again > settled+0.005 {
		t.Errorf("ponytail %.4f m from rest 4 s after the drag, %.4f m before: it did not settle", again, settled)
	}
}
