package engine

import (
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"
)

// TestCalm: kin naps only in the real loop, while the character rests,
// nothing else shows and the user has left it alone for calmTicks.
func TestCalm(t *testing.T) {
	g, err := NewGame(Options{Model: loadModel(t, "rpm-visage-male.glb"), Overlay: true})
	if err != nil {
		t.Fatal(err)
	}
	now := time.Unix(1000, 0)
	g.r.now = func() time.Time { return now }
	rest := func(g *Game) {
		g.pace = &pacer{}
		g.tick, g.nap.at = 1000, 1000-calmTicks-1
		g.r.slow, g.r.slowAt, g.r.stale = true, now, false
	}
	tests := []struct {
		name string
		set  func(g *Game)
		want bool
	}{
		{"resting, left alone", func(*Game) {}, true},
		{"a test calling Draw", func(g *Game) { g.pace = nil }, false},
		{"input a moment ago", func(g *Game) { g.nap.at = g.tick - 2 }, false},
		{"moving", func(g *Game) { g.r.slow = false }, false},
		{"glow lit", func(g *Game) { g.amb.glow.energy = 0.5 }, false},
		{"talk key held", func(g *Game) { g.amb.glow.held = true }, false},
		{"menu open", func(g *Game) { g.ov.menu.open = true }, false},
		{"dragged", func(g *Game) { g.ov.dragging = true }, false},
		{"speaking", func(g *Game) { g.chat.say("hello") }, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			g.amb.glow.energy, g.amb.glow.held, g.ov.menu.open, g.ov.dragging = 0, false, false, false
			g.chat.bubble = ""
			rest(g)
			tc.set(g)
			if got := g.calm(); got != tc.want {
				t.Errorf("calm = %v, want %v", got, tc.want)
			}
		})
	}
}

// TestCalmInterval: while calm, slow motion waits calmInterval, not
// slowInterval; fast motion is drawn at once either way.
func TestCalmInterval(t *testing.T) {
	now := time.Unix(1000, 0)
	r := &Renderer{Calm: true, now: func() time.Time { return now }}
	f := &Frame{Verts: []ebiten.Vertex{{DstX: 10, DstY: 20}}}
	r.remember(f, now)
	f.Verts[0].DstY += 0.8
	if r.due(f, 1, now.Add(slowInterval)) {
		t.Error("calm: slow motion drawn after slowInterval")
	}
	if !r.due(f, 1, now.Add(calmInterval)) {
		t.Error("calm: slow motion not drawn after calmInterval")
	}
	f.Verts[0].DstY += 1
	if !r.due(f, 1, now.Add(10*time.Millisecond)) {
		t.Error("calm: fast motion not drawn at once")
	}
}

// TestPausePlanned: after a frame, the overlay (30 a second) and an
// unfocused window (20) plan the next round for just before the next
// frame falls due by the clock; a focused window (60), a test calling
// Draw and a calm kin (which naps instead) plan none. The pause itself is
// taken once.
func TestPausePlanned(t *testing.T) {
	tests := []struct {
		name string
		set  func(g *Game)
		want time.Duration // the frame period; 0 for no pause
	}{
		{"overlay", func(g *Game) { g.overlay = true }, time.Second / 30},
		{"unfocused window", func(g *Game) { g.win.focused = false }, time.Second / 20},
		{"focused window", func(g *Game) {}, 0},
		{"a test calling Draw", func(g *Game) { g.overlay, g.pace = true, nil }, 0},
		{"calm", func(g *Game) {
			now := time.Unix(1000, 0)
			g.r.now = func() time.Time { return now }
			g.overlay, g.tick, g.nap.at = true, 1000, 0
			g.r.slow, g.r.slowAt, g.r.stale = true, now, false
		}, 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			g, err := NewGame(Options{Model: loadModel(t, "rpm-visage-male.glb")})
			if err != nil {
				t.Fatal(err)
			}
			g.pace, g.win.focused = &pacer{}, true
			tc.set(g)
			before := time.Now()
			due := g.frameDue()
			if !due { // counting ticks, two make a frame at 30 a second
				due = g.frameDue()
			}
			if !due {
				t.Fatal("the first frame is not due")
			}
			after := time.Now()
			g.planPause()
			if tc.want == 0 {
				if !g.nap.wake.IsZero() {
					t.Fatalf("planned a round at %v; want none", g.nap.wake.Sub(before))
				}
				return
			}
			if g.nap.wake != g.nextFrame.Add(-pauseMargin) || g.nextFrame.Before(before.Add(tc.want)) || g.nextFrame.After(after.Add(tc.want)) {
				t.Fatalf("next frame %v after, next round at %v; want the frame %v after and the round %v before it",
					g.nextFrame.Sub(before), g.nap.wake.Sub(before), tc.want, pauseMargin)
			}
			if g.frameDue() {
				t.Error("a second frame fell due at once")
			}
			g.pause()
			g.pause()
			if g.nap.pauses != 1 || !g.nap.wake.IsZero() {
				t.Errorf("paused %d times, wake %v; want once and cleared", g.nap.pauses, g.nap.wake)
			}
			if !g.frameDue() {
				t.Error("after the pause the next frame is not due")
			}
		})
	}
}
