package engine

import (
	"runtime/metrics"
	"time"

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

// TestLoadGarbageIsReturned: trimDelay ticks after a model is adopted the
// game drops the decoded texture sources (the files bring them back) and
// runs one forced collection that hands the load's garbage back to the OS;
// a steady-state tick never allocates, so nothing else would.
func TestLoadGarbageIsReturned(t *testing.T) {
	g, err := NewGame(Options{Model: loadModel(t, "rpm-visage-male.glb"), FPS: 1})
	if err != nil {
		t.Fatal(err)
	}
	g.Layout(480, 720)
	before := forcedGCs()
	for i := 0; i < trimDelay-1; i++ {
		g.Update()
	}
	if g.trimAt == 0 {
		t.Fatal("the trim ran before trimDelay")
	}
	g.Update()
	if g.trimAt != 0 {
		t.Fatal("no trim at trimDelay")
	}
	for i, tex := range g.mesh.textures {
		if tex != nil && tex.src != nil {
			t.Errorf("texture %d kept its decoded source after the trim", i)
		}
	}
	deadline := time.Now().Add(10 * time.Second)
	for forcedGCs() == before {
		if time.Now().After(deadline) {
			t.Fatal("no forced collection within 10 s of the trim")
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// forcedGCs counts the collections the program asked for.
func forcedGCs() uint64 {
	s := []metrics.Sample{{Name: "/gc/cycles/forced:gc-cycles"}}
	metrics.Read(s)
	return s[0].Value.Uint64()
}
