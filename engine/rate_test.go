package engine

import (
	"math"
	"slices"
	"testing"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/hajimehoshi/ebiten/v2"
)

// TestTickRateFollowsFPS: a frame-rate cap above TickRate ticks the game
// as often, each tick drawing a frame and moving the scene on by its share
// of a second; lowering the cap goes back to TickRate without the clock
// jumping.
func TestTickRateFollowsFPS(t *testing.T) {
	g, err := NewGame(Options{Model: loadModel(t, "BoxTextured.glb"), Overlay: true, FPS: 144})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ebiten.SetTPS(TickRate) })
	t0 := g.scene.Time
	frames := 0
	for range 144 {
		if err := g.Update(); err != nil {
			t.Fatal(err)
		}
		if g.dirty {
			frames, g.dirty = frames+1, false
		}
	}
	if g.rate() != 144 || ebiten.TPS() != 144 {
		t.Fatalf("ticking %v a second (Ebitengine: %d), want 144", g.rate(), ebiten.TPS())
	}
	if d := g.scene.Time - t0; math.Abs(d-1) > 1e-6 {
		t.Errorf("144 ticks moved the scene on %.4f s, want 1", d)
	}
	if math.Abs(g.now()-1) > 1e-9 {
		t.Errorf("the clock says %.4f s after 144 ticks, want 1", g.now())
	}
	if frames != 144 {
		t.Errorf("%d frames in 144 ticks, want one every tick", frames)
	}

	g.opts.FPS = 30 // the settings panel lowers the cap
	before := g.now()
	if err := g.Update(); err != nil {
		t.Fatal(err)
	}
	if g.rate() != TickRate || ebiten.TPS() != TickRate {
		t.Errorf("ticking %v a second (Ebitengine: %d) at a cap of 30, want %d", g.rate(), ebiten.TPS(), TickRate)
	}
	if d := g.now() - before; math.Abs(d-1.0/TickRate) > 1e-9 {
		t.Errorf("the clock moved %.4f s in the tick the rate changed, want %.4f", d, 1.0/TickRate)
	}
}

// TestScaledTicks: durations counted in ticks last as long at any rate.
func TestScaledTicks(t *testing.T) {
	cases := []struct {
		rate float64
		n    int64
		want int64
	}{
		{0, calmTicks, calmTicks},
		{TickRate, windowPollTicks, windowPollTicks},
		{144, calmTicks, 72},
		{240, 5 * TickRate, 1200},
		{144, 1, 2},
		{75, 1, 1},
	}
	for _, c := range cases {
		g := &Game{clock: tickClock{rate: c.rate}}
		if got := g.scaled(c.n); got != c.want {
			t.Errorf("%d ticks at %d a second are %d at %v, want %d", c.n, TickRate, got, c.rate, c.want)
		}
	}
}

// TestPosedWhenDrawn: the ticks before a frame move the scene on, and the
// vertices are posed once, when the frame is drawn, from the latest state.
func TestPosedWhenDrawn(t *testing.T) {
	g, err := NewGame(Options{Model: loadModel(t, "rpm-visage-male.glb"), Overlay: true, FPS: 144})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ebiten.SetTPS(TickRate) })
	w, h := g.Layout(320, 480)
	screen := newTestScreen(t, w, h)
	positions := func() []mgl32.Vec3 {
		var out []mgl32.Vec3
		for _, in := range g.scene.Pose.Instances {
			for _, p := range in.Prims {
				out = append(out, p.Positions...)
			}
		}
		return out
	}
	g.r.Forget() // the next frames must be drawn, not taken for a resting character
	for range 30 {
		if err := g.Update(); err != nil {
			t.Fatal(err)
		}
	}
	if !g.unposed {
		t.Fatal("the ticks did not leave a pose for the frame")
	}
	before := positions()
	g.Draw(screen)
	drawn := positions()
	g.scene.Pose.Update()
	if slices.Equal(drawn, before) {
		t.Fatal("the frame drew the vertices posed before the ticks")
	}
	if !slices.Equal(drawn, positions()) {
		t.Error("the frame drew vertices other than the latest state's")
	}
	if g.unposed {
		t.Error("the pose is still due after the frame")
	}
}
