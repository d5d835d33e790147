package engine

import (
	"testing"

	"github.com/kin-companion/kin/agent/protocol"
)

// TestUpdateDoesNotAllocate: a steady-state tick (bus drained, gaze,
// Empathy Layer, no frame due) allocates nothing.
func TestUpdateDoesNotAllocate(t *testing.T) {
	g, err := NewGame(Options{Model: loadModel(t, "rpm-visage-male.glb"), Bus: protocol.New("t"), FPS: 1})
	if err != nil {
		t.Fatal(err)
	}
	g.Layout(480, 720)
	for i := 0; i < 120; i++ { // let loading, blinks and the first frame settle
		g.Update()
	}
	g.frameAcc = -1e9 // no frame falls due during the measurement
	// AllocsPerRun warms up with one call, which polls the window (ebiten's
	// focus queries allocate, so they run twice a second); the next 29
	// ticks are measured.
	g.tick = 10*windowPollTicks - 1
	if n := testing.AllocsPerRun(windowPollTicks-1, func() { g.Update() }); n != 0 {
		t.Errorf("Update allocates %v times per tick", n)
	}
}
