package engine

import "testing"

// TestAmbientRate: while only the glow changes it is repainted
// ambientRate times a second, the first time at once, and not at all once
// it is dark.
func TestAmbientRate(t *testing.T) {
	g := &Game{}
	g.amb.glow.energy = 0.5
	due := 0
	first := false
	for g.tick = 1; g.tick <= TickRate; g.tick++ {
		if g.tick%2 == 1 { // a frame every other tick: 30 a second
			ok := g.ambientDue()
			if g.tick == 1 {
				first = ok
			}
			if ok {
				due++
			}
		}
	}
	if !first {
		t.Error("the glow was not painted the frame it lit")
	}
	if due != ambientRate {
		t.Errorf("repainted %d times in a second, want %d", due, ambientRate)
	}
	g.amb.glow.energy = 0
	if g.ambientDue() {
		t.Error("a dark glow is due for repainting")
	}
	g.amb.glow.energy = 0.5
	if !g.ambientDue() {
		t.Error("a glow lit again was not painted at once")
	}
}
