package engine

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"runtime"
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/kin-companion/kin/agent/protocol"
)

// ambientChildEnv makes the test binary an ambientChild (see TestMain).
const ambientChildEnv = "KIN_TEST_AMBIENT"

// ambientCount is what an ambientChild measured over its counted frames.
type ambientCount struct {
	Frames  int
	Mallocs uint64
	CPU     time.Duration // stepping and queueing the glow and ghost log
}

// ambientGame draws the glow and a full ghost log in a real game loop,
// counting the heap allocations and time of that part of each frame. It
// needs a loop of its own: only the end of a real frame resets
// Ebitengine's command buffers, which otherwise grow and allocate.
type ambientGame struct {
	a     *ambient
	now   float64
	frame int
	count ambientCount
}

// ambientWarmup frames compile the shader and fill the glyph cache before
// counting starts; ambientFrames are counted.
const ambientWarmup, ambientFrames = 30, 120

func (g *ambientGame) Update() error {
	if g.frame >= ambientWarmup+ambientFrames {
		return ebiten.Termination
	}
	return nil
}

func (g *ambientGame) Draw(screen *ebiten.Image) {
	g.frame++
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	t0 := time.Now()
	g.a.glow.hear(protocol.AudioLevelPayload{RMS: 0.2})
	g.a.step(1.0 / TickRate)
	g.a.draw(screen, 1, g.now)
	d := time.Since(t0)
	runtime.ReadMemStats(&after)
	if g.frame > ambientWarmup {
		g.count.Frames++
		g.count.Mallocs += after.Mallocs - before.Mallocs
		g.count.CPU += d
	}
}

func (g *ambientGame) Layout(int, int) (int, int) { return 1280, 720 }

// ambientChild runs an ambientGame and prints its count as JSON.
func ambientChild() int {
	a, now := ghostScene()
	g := &ambientGame{a: a, now: now}
	ebiten.SetWindowSize(640, 360)
	ebiten.SetRunnableOnUnfocused(true)
	ebiten.SetVsyncEnabled(false)
	if err := ebiten.RunGame(g); err != nil && err != ebiten.Termination {
		os.Stderr.WriteString(err.Error() + "\n")
		return 1
	}
	if err := json.NewEncoder(os.Stdout).Encode(g.count); err != nil {
		return 1
	}
	return 0
}

// TestAmbientFrameCost: in a real game loop, a frame's glow and full ghost
// log allocate nothing of kin's own; their CPU time is logged (about
// 0.04–0.1 ms; BenchmarkAmbientDraw measures it). Ebitengine
// 2.9 itself allocates one small slice for each draw command it queues
// (commandqueue.go, dstRegions), and the two layers make two or three
// commands (the ten line images share an atlas and merge), with now and
// then a buffer grown: measured 2.1–3.1 a frame. Up to ebitenAllocs a
// frame are taken as Ebitengine's; a boxed colour or a string built per
// line would add ten or twenty.
func TestAmbientFrameCost(t *testing.T) {
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), ambientChildEnv+"=1")
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	if err := cmd.Run(); err != nil {
		t.Fatalf("ambient child: %v\n%s", err, errb.String())
	}
	var c ambientCount
	if err := json.Unmarshal(out.Bytes(), &c); err != nil || c.Frames == 0 {
		t.Fatalf("ambient child printed %q (%v)\n%s", out.String(), err, errb.String())
	}
	per := c.CPU / time.Duration(c.Frames)
	t.Logf("%d frames: %v CPU and %.2f allocations a frame", c.Frames, per, float64(c.Mallocs)/float64(c.Frames))
	const ebitenAllocs = 5
	if raceEnabled {
		return // the race detector adds allocations and time of its own (sync.Pool drops items at random)
	}
	if c.Mallocs > ebitenAllocs*uint64(c.Frames) {
		t.Errorf("%d allocations in %d frames, want at most %d a frame (Ebitengine's own)", c.Mallocs, c.Frames, ebitenAllocs)
	}
	// The time is reported, not asserted: speed is measured by
	// BenchmarkAmbientDraw, and CPU time on a shared machine varies.
	_ = per
}
