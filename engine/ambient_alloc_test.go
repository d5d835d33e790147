package engine

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
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
	// KinSites are the places in kin's own code (function and line) that
	// allocated during the counted frames; the rest is Ebitengine's.
	KinSites []string
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
	sites map[[32]uintptr]int64 // allocations by stack when counting began
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
	if g.frame == ambientWarmup+1 {
		g.sites = allocProfile()
	}
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
	if g.frame == ambientWarmup+ambientFrames {
		g.count.KinSites = kinSites(g.sites, allocProfile())
	}
}

// allocProfile is the heap profile's allocation count by stack, as of a
// garbage collection run now.
func allocProfile() map[[32]uintptr]int64 {
	runtime.GC()
	n, _ := runtime.MemProfile(nil, true)
	recs := make([]runtime.MemProfileRecord, n+64)
	n, _ = runtime.MemProfile(recs, true)
	out := make(map[[32]uintptr]int64, n)
	for _, r := range recs[:n] {
		out[r.Stack0] = r.AllocObjects
	}
	return out
}

// kinSites lists the allocations made between two profiles whose
// innermost caller outside the Go runtime is kin's code.
func kinSites(before, after map[[32]uintptr]int64) []string {
	var out []string
	for stack, n := range after {
		if n <= before[stack] {
			continue
		}
		frames := runtime.CallersFrames(stack[:])
		for {
			f, more := frames.Next()
			if !strings.HasPrefix(f.Function, "runtime.") && !strings.HasPrefix(f.Function, "internal/") {
				own := strings.HasSuffix(f.Function, ".allocProfile") || strings.HasSuffix(f.Function, ".kinSites")
				if strings.HasPrefix(f.Function, "github.com/kin-companion/kin/") && !own {
					out = append(out, fmt.Sprintf("%s (%s:%d): %d", f.Function, filepath.Base(f.File), f.Line, n-before[stack]))
				}
				break
			}
			if !more {
				break
			}
		}
	}
	return out
}

func (g *ambientGame) Layout(int, int) (int, int) { return 1280, 720 }

// ambientChild runs an ambientGame and prints its count as JSON.
func ambientChild() int {
	runtime.MemProfileRate = 1 // every allocation, for kinSites
	a, now := ghostScene()
	a.handle(ev(boardSample), now) // a board on screen, unchanged from frame to frame
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

// TestAmbientFrameCost: in a real game loop, a frame's glow, full ghost
// log and unchanged whiteboard allocate nothing in kin's code: with every
// allocation profiled, none of the counted frames' allocations has kin's
// code as its innermost caller outside the Go runtime (a deliberately
// added allocation in ghostLog.draw is reported with its line). Ebitengine
// 2.9 itself allocates one small slice for each draw command it queues
// (commandqueue.go, dstRegions), with now and then a buffer grown:
// measured 2.1–3.1 a frame; more than ebitenAllocs a frame fails too. The
// CPU time is logged only (profiling every allocation adds to it);
// BenchmarkAmbientDraw measures it.
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
	t.Logf("%d frames: %v CPU and %.2f allocations a frame, all Ebitengine's but %d", c.Frames, per, float64(c.Mallocs)/float64(c.Frames), len(c.KinSites))
	const ebitenAllocs = 5
	if raceEnabled {
		return // the race detector adds allocations and time of its own (sync.Pool drops items at random)
	}
	if len(c.KinSites) > 0 {
		t.Errorf("kin's code allocated in the frame loop:\n%s", strings.Join(c.KinSites, "\n"))
	}
	if c.Mallocs > ebitenAllocs*uint64(c.Frames) {
		t.Errorf("%d allocations in %d frames, want at most %d a frame (Ebitengine's own)", c.Mallocs, c.Frames, ebitenAllocs)
	}
	// The time is reported, not asserted: speed is measured by
	// BenchmarkAmbientDraw, and CPU time on a shared machine varies.
	_ = per
}
