package engine

import (
	"fmt"
	"runtime"
	"runtime/debug"
	"time"

	"github.com/hajimehoshi/ebiten/v2"
)

// The game's upkeep: memory handed back after loading, the first-run tip,
// the stats line and the pacing of the scene.

// trimDelay is how long after a model is adopted kin collects the garbage
// of loading it and hands the memory back to the OS: long enough for the
// loader's buffers to be unreachable and the first frames' texture levels
// to be built, after which the decoded texture sources go too. A
// steady-state tick allocates nothing, so without this the heap would stay
// at its load-time peak until something else ran the collector.
const trimDelay = 2 * TickRate

// trimEvery is how often kin drops texture sources decoded again since
// (when the camera came closer) once their levels are built.
const trimEvery = 10 * TickRate

// trim drops texture sources and, when that or loading freed memory, runs
// the collection off the game loop so the frame does not wait for it.
func (g *Game) trim() {
	due := g.trimAt != 0 && g.tick >= g.trimAt
	if !due && g.tick%g.scaled(trimEvery) != 0 {
		return
	}
	if due {
		g.trimAt = 0
	}
	if g.mesh.DropSources() || due {
		go debug.FreeOSMemory()
	}
}

// firstTip is shown once, the first time kin opens on a machine: the keys
// a new user cannot guess.
func firstTip(overlay, talk bool) string {
	if overlay {
		return "Tip: click me, then press Enter to talk. Drag me anywhere; right-click for the menu."
	}
	tip := "Tip: press Enter to talk"
	if talk {
		tip += ", hold Space to speak"
	}
	return tip + ". Drag to turn me, scroll to zoom; P for a portrait, O to put me on your desktop, F1 to see how I feel, Ctrl+, for settings."
}

// printStats writes the frame rate, updates a second, render scale, still
// frames, scene clock, Go heap and the objects allocated per update since
// the last report (the frame loop's own work allocates none; what shows
// is Ebitengine's, the agent's and the chat's).
func (g *Game) printStats() {
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	ticks := float64(max(g.tick-g.statTick, 1))
	perTick := float64(ms.Mallocs-g.statMallocs) / ticks
	drawn := float64(g.r.Drawn-g.statDrawn) * g.rate() / ticks
	g.statMallocs, g.statTick, g.statDrawn = ms.Mallocs, g.tick, g.r.Drawn
	fmt.Fprintf(g.opts.Stats, "kin: %.1f frames drawn a second (%d still ones skipped in all), %.1f updates a second, render scale %.1f, "+
		"renderer %s, scene clock %.1f s, Go heap %d MB in use, %d MB from the OS, %.1f allocations an update\n",
		drawn, g.r.Skipped, ebiten.ActualTPS(), g.r.scale(), g.r.BackendInUse(), g.scene.Time,
		ms.HeapInuse>>20, (ms.HeapSys-ms.HeapReleased)>>20, perTick)
}

// sceneSteps is how many fixed steps the scene takes this Update: one, or
// with a pacer as many as keep it on wall-clock time.
func (g *Game) sceneSteps() int {
	if g.pace == nil {
		return 1
	}
	return g.pace.next(time.Now())
}
