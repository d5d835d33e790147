package engine

import (
	"errors"
	"fmt"
	"github.com/kin-companion/kin/agent/protocol"
	"math"
	"os"
	"time"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/kin-companion/kin/avatar"
)

// BenchOptions configures [BenchFrame].
type BenchOptions struct {
	// Model is the character; nil measures an empty Ebitengine window of
	// the same size instead, the yardstick for the rest.
	Model         *avatar.Model
	Width, Height int           // window size in device-independent pixels
	Warmup        time.Duration // run but not measured (shaders compile, the heap settles)
	Duration      time.Duration // measured
	// RenderScale pins the render scale; 0 lets it adapt as kin does.
	RenderScale float64
	// Renderer is the backend, as --renderer sets it (BackendAuto by
	// default in benchframe, as in kin).
	Renderer Backend
	// FPS is the frame-rate cap, as --fps sets it (0: kin's default, 60 in
	// a window and 30 as overlay).
	FPS int
	// NoRasterAhead keeps every frame rastered in the game loop, as
	// --raster-ahead=false does (see Options.RasterAhead).
	NoRasterAhead bool
	// Overlay runs as the desktop overlay (30 frames a second).
	Overlay bool
	// Desktop runs as the desktop canvas (--overlay=desktop): a
	// transparent window over the whole monitor with the character on it.
	Desktop bool
	// Orbit is how fast the camera turns, radians a second.
	Orbit float64
	// Still leaves the camera alone: the character only breathes and
	// blinks. Otherwise the camera orbits, as a user dragging it would.
	Still bool
	// Glow keeps the edge glow lit, as while kin speaks (a steady voice
	// level every tick).
	Glow bool
	// Speak keeps kin speaking: a reply in the bubble, the glow lit and
	// the lips moving with a voice level that rises and falls five times a
	// second (the camera still).
	Speak bool
	// Begin and End, when set, are called as the measured time begins and
	// ends (say, to profile just that time).
	Begin, End func() `json:"-"`
}

// BenchResult is what [BenchFrame] measured.
type BenchResult struct {
	Frames      int           // frames drawn (the character rendered)
	Shown       int           // frames painted on the screen (rendered, or repainted over the last)
	Wall        time.Duration // measured time
	CPU         time.Duration // process CPU time, Mesa's threads included
	MinorFaults int64         // minor page faults
	RSS         int64         // resident memory at the end, bytes
	Screen      [2]int        // the screen's size in pixels
	// Update and Draw are the wall time spent in kin's Update and Draw
	// (the pauses that pace the loop apart), Slept the time paused; the
	// rest of the measured time is Ebitengine's (presenting the frame,
	// running the GPU's commands).
	Update, Draw, Slept time.Duration
}

// FPS is frames drawn a second.
func (r BenchResult) FPS() float64 { return float64(r.Frames) / r.Wall.Seconds() }

// CPUPerFrame is the process's CPU time per frame drawn.
func (r BenchResult) CPUPerFrame() time.Duration { return r.CPU / time.Duration(max(r.Frames, 1)) }

// FaultsPerFrame is minor page faults per frame drawn.
func (r BenchResult) FaultsPerFrame() float64 {
	return float64(r.MinorFaults) / float64(max(r.Frames, 1))
}

// CPUPercent is the process's CPU time as a percentage of one core.
func (r BenchResult) CPUPercent() float64 { return 100 * r.CPU.Seconds() / r.Wall.Seconds() }

// String is one line of figures.
func (r BenchResult) String() string {
	n := time.Duration(max(r.Frames, 1))
	ms := func(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }
	return fmt.Sprintf("%dx%d: %.1f FPS drawn, %.1f ms CPU a frame (%.0f%% of a core), %.1f page faults a frame, RSS %d MB, %.1f frames shown a second; wall a frame: Update %.1f ms, Draw %.1f ms, paused %.1f ms, the rest %.1f ms",
		r.Screen[0], r.Screen[1], r.FPS(), ms(r.CPUPerFrame()), r.CPUPercent(),
		r.FaultsPerFrame(), r.RSS>>20, float64(r.Shown)/r.Wall.Seconds(),
		ms(r.Update/n), ms(r.Draw/n), ms(r.Slept/n), ms((r.Wall-r.Update-r.Draw-r.Slept)/n))
}

// DefaultOrbit is how fast the benchmark's camera turns by default,
// radians a second: a brisk drag (a turn in two seconds), so that the
// character moves more than a pixel from one frame to the next at any
// frame rate the machine reaches and every frame is drawn (slower motion
// is drawn less often, see Renderer.due, which would measure that rule
// instead of the renderer).
const DefaultOrbit = 3.0

// BenchFrame opens kin's window (or an empty one) and measures it for a
// while: frames drawn, CPU time and page faults. It runs the game loop,
// so it is called once a process, on the main goroutine, with a display.
func BenchFrame(o BenchOptions) (BenchResult, error) {
	b := &benchGame{o: o}
	if o.Model != nil {
		g, err := NewGame(Options{Model: o.Model, Overlay: o.Overlay || o.Desktop, Desktop: o.Desktop, RenderScale: o.RenderScale, Renderer: o.Renderer, FPS: o.FPS, RasterAhead: !o.NoRasterAhead})
		if err != nil {
			return BenchResult{}, err
		}
		g.pace = &pacer{}
		if os.Getenv("KIN_STATS") != "" {
			g.opts.Stats = os.Stderr
		}
		g.ov.warned = true // Xvfb has no compositor; the warning would be measured, not the frames
		b.g = g
		ebiten.SetScreenClearedEveryFrame(false)
		g.applyMode()
	}
	if os.Getenv("KIN_VSYNC") == "0" { // to measure: Ebitengine then hands frames to its render thread without waiting
		ebiten.SetVsyncEnabled(false)
	}
	ebiten.SetWindowTitle("kin bench-frame")
	ebiten.SetRunnableOnUnfocused(true)
	if !o.Desktop { // the canvas covers the monitor
		ebiten.SetWindowSize(o.Width, o.Height)
	}
	err := ebiten.RunGameWithOptions(b, &ebiten.RunGameOptions{ScreenTransparent: o.Model != nil, X11ClassName: "kin", SingleThread: o.Model != nil && singleThread})
	if err != nil && !errors.Is(err, ebiten.Termination) {
		return BenchResult{}, fmt.Errorf("engine: bench-frame: %w", err)
	}
	return b.res, b.err
}

// benchGame runs kin's game (or nothing) and takes the measurements.
type benchGame struct {
	o      BenchOptions
	g      *Game // nil: the empty window
	begin  time.Time
	t0     time.Time // start of the measured time; zero while warming up
	stat0  procStat
	drawn0 int
	shown0 int
	draws  int // Draw calls, the empty window's frames
	viseme int // the last mouth shape's tick (-speak)
	screen [2]int
	res    BenchResult
	err    error
}

// shown is how many frames were painted on the screen so far.
func (b *benchGame) shown() int {
	if b.g == nil {
		return b.draws
	}
	return b.g.painted
}

// frames is how many frames were drawn so far.
func (b *benchGame) frames() int {
	if b.g == nil {
		return b.draws
	}
	return b.g.r.Drawn
}

func (b *benchGame) Update() error {
	now := time.Now()
	if b.begin.IsZero() {
		b.begin = now
	}
	switch {
	case b.t0.IsZero() && now.Sub(b.begin) >= b.o.Warmup:
		b.t0, b.drawn0, b.shown0 = now, b.frames(), b.shown()
		b.stat0, b.err = readProcStat()
		if b.o.Begin != nil {
			b.o.Begin()
		}
	case !b.t0.IsZero() && now.Sub(b.t0) >= b.o.Duration:
		return b.finish(now)
	}
	if b.g == nil {
		return nil
	}
	if b.o.Glow {
		b.g.amb.glow.hear(protocol.AudioLevelPayload{RMS: 0.2})
	}
	if b.o.Speak {
		t := now.Sub(b.begin).Seconds()
		b.g.handleEvent(audioLevelEvent(protocol.AudioLevelPayload{
			RMS: 0.05 + 0.25*math.Abs(math.Sin(t*math.Pi*5)), Source: "kin"}))
		if tick := int(t * 10); tick != b.viseme { // a mouth shape every tenth of a second
			b.viseme = tick
			b.g.handleEvent(visemeEvent(protocol.VisemePayload{Name: benchVisemes[tick%len(benchVisemes)], Weight: 0.8}))
		}
		if b.g.chat.bubble == "" {
			b.g.chat.say("Here is what I found: the **meeting** moved to Thursday at ten, and the notes are in `notes.md`.")
		}
	}
	if !b.o.Still {
		b.g.scene.Orbit.Yaw = float32(now.Sub(b.begin).Seconds() * b.o.Orbit)
		b.g.nap.at = b.g.tick // as a user dragging the camera: kin is not left alone
	}
	slept := b.g.nap.slept
	err := b.g.Update()
	if !b.t0.IsZero() {
		b.res.Update += time.Since(now) - (b.g.nap.slept - slept)
		b.res.Slept += b.g.nap.slept - slept
	}
	return err
}

// finish records the measurement and ends the game.
func (b *benchGame) finish(now time.Time) error {
	st, err := readProcStat()
	if b.o.End != nil {
		b.o.End()
	}
	if b.err == nil {
		b.err = err
	}
	b.res = BenchResult{
		Update: b.res.Update, Draw: b.res.Draw, Slept: b.res.Slept,
		Frames: b.frames() - b.drawn0, Shown: b.shown() - b.shown0, Wall: now.Sub(b.t0), CPU: st.cpu - b.stat0.cpu,
		MinorFaults: st.minFaults - b.stat0.minFaults, RSS: st.rss, Screen: b.screen,
	}
	return ebiten.Termination
}

func (b *benchGame) Draw(screen *ebiten.Image) {
	b.draws++
	b.screen = [2]int{screen.Bounds().Dx(), screen.Bounds().Dy()}
	if b.g == nil {
		return
	}
	t, slept := time.Now(), b.g.nap.slept
	b.g.Draw(screen)
	if !b.t0.IsZero() { // a nap is taken at the end of Draw
		b.res.Draw += time.Since(t) - (b.g.nap.slept - slept)
		b.res.Slept += b.g.nap.slept - slept
	}
}

func (b *benchGame) DrawFinalScreen(screen ebiten.FinalScreen, off *ebiten.Image, geoM ebiten.GeoM) {
	if b.g != nil {
		b.g.DrawFinalScreen(screen, off, geoM)
		return
	}
	ebiten.DefaultDrawFinalScreen(screen, off, geoM)
}

func (b *benchGame) Layout(w, h int) (int, int) {
	if b.g != nil {
		return b.g.Layout(w, h)
	}
	return w, h
}

// benchVisemes are the mouth shapes -speak cycles through.
var benchVisemes = []string{"aa", "E", "sil", "O", "I", "U", "sil", "PP"}

// visemeEvent wraps a mouth shape as the bus delivers it.
func visemeEvent(p protocol.VisemePayload) protocol.Event {
	return protocol.Event{Type: p.EventType(), Payload: p}
}

// audioLevelEvent wraps a voice level as the bus delivers it.
func audioLevelEvent(p protocol.AudioLevelPayload) protocol.Event {
	return protocol.Event{Type: p.EventType(), Payload: p}
}
