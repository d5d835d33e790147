package engine

import (
	"context"
	"errors"
	"fmt"
	"image"
	"io"
	"math"
	"time"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/kin-companion/kin/agent/protocol"
	"github.com/kin-companion/kin/agent/scene"
	"github.com/kin-companion/kin/avatar"
	"github.com/kin-companion/kin/engine/tray"
)

// Options configures [Run].
type Options struct {
	Title     string        // window title: the agent's name
	Model     *avatar.Model // the character to show first
	FPS       int           // frame-rate cap; 0 means 60 in a window, 30 as overlay
	Portrait  bool          // start framing head and shoulders
	Overlay   bool          // start as a transparent desktop overlay
	PrefsPath string        // where window geometry is remembered ("" = nowhere)
	// Stats, when set, receives a line with the frame rate every few
	// seconds (KIN_STATS=1 in the kin command).
	Stats io.Writer
	// Brain, when set, answers the chat line (Enter to talk).
	Brain Brain
	// Prompts, when set, brings yes/no questions to the screen.
	Prompts *Prompts
	// PushToTalk, when set, is called as the talk key (Space, while not
	// typing) goes down and up.
	PushToTalk func(down bool)
	// Slots maps gesture slots (celebrate, concern, think, …) to clip names
	// (the manifest's meta.edits.animations).
	Slots map[string]string
	// ClipSources are clip files read beforehand (kin --clips DIR, the
	// slots' clip files; see avatar.LoadClipDir): their clips are
	// retargeted onto every model shown, for gestures, slots and play_clip.
	ClipSources []*avatar.Model
	// Notices are shown once at start, one after another (e.g. how to
	// connect a model, or that memory is off).
	Notices []string
	// Later, when set, brings notices that arise while kin runs (an MCP
	// server that stopped); they queue behind the others.
	Later <-chan string
	// Watching, when set, says whether ambient perception is looking at
	// the screen; the window shows a small "watching" mark while it is.
	Watching func() bool
	// Tray puts an icon with a menu (show/hide, window/overlay, quit) in
	// the desktop's tray while kin runs.
	Tray bool
	// Scene, when set, carries the agent's scene commands (wave, look at,
	// play clip, expression, speak), run inside Update.
	Scene *scene.Queue
	// Bus, when set, carries protocol events to the character (drained in
	// Update, at most 64 a tick) and receives the window's own events
	// (load-start, load-end).
	Bus *protocol.Bus
	// RenderScale pins the render scale (0.5–1, see [Renderer.Scale]); 0
	// lets kin lower it while frames are too slow to look smooth.
	RenderScale float64
	// Renderer draws the character on the GPU (the zero value) or the CPU,
	// or, with BackendAuto (kin's default, --renderer auto), times both on
	// the first frames and keeps the faster (see [Backend]).
	Renderer Backend
	// NoShadow leaves out the soft shadow under the character.
	NoShadow bool
	// RasterAhead lets the CPU renderer raster a frame ahead while frames
	// fall behind the frame rate wanted: more frames a second, each shown
	// a frame later (see Renderer.Ahead).
	RasterAhead bool
	// Desktop makes the overlay a transparent, click-through canvas over
	// the whole monitor, the character placed on it (--overlay=desktop).
	Desktop bool
	// TalkKey, when set with PushToTalk, is a global push-to-talk key
	// ("F9", "ctrl+space"; see [ParseKey]) that works whichever
	// application has the focus.
	TalkKey string
	// Settings, when set, fills the settings panel (Ctrl+comma, the tray's
	// and the overlay menu's Settings) and saves its changes.
	Settings SettingsSource
	// Mute, when set, mutes (true) or unmutes the microphone: the tray's
	// "Mute microphone" and the panel's micMuted; Muted is the state at start.
	Mute  func(muted bool)
	Muted bool
	// Board connects the whiteboard's links, copying and pictures to kin's
	// tools (see [BoardHost]).
	Board BoardHost
}

// Game is kin's ebiten.Game. Update, at a fixed tick rate (see syncRate),
// is the only writer of scene state (Draw only poses the vertices of the
// state Update left); Draw renders the latest pose when a frame is due.
type Game struct {
	watching bool            // ambient perception is on: the mark shows
	tray     *tray.Tray      // kin's tray icon; nil without a tray
	trayActs chan trayAction // its menu's choices, run in Update
	opts     Options
	r        *Renderer
	ui       *ui
	ld       *loader
	drops    clipDrops // dropped .vrma files
	scene    *Scene
	mesh     *Mesh
	prefs    Prefs

	tick        int64     // ticks since start
	clock       tickClock // the tick rate, and where now counts from
	frameAcc    float64   // seconds toward the next frame
	nextFrame   time.Time // when the next frame falls due (see frameDueByClock)
	dirty       bool      // a new pose awaits drawing
	unposed     bool      // the scene moved on since the vertices were posed (Draw poses them)
	overlay     bool
	ov          overlayState
	orbit       orbitState
	quit        bool
	inbox       *protocol.Subscription
	presence    presence
	win         windowState
	chat        *chat
	size        [2]int         // screen size from the last Layout
	debug       bool           // F1: emotion bars, gesture, morphs, frame rate
	runStats    runStats       // F1: the session's run stats, from stats events
	trimAt      int64          // tick at which to hand freed memory back to the OS (0 = none due)
	pace        *pacer         // keeps the scene on wall-clock time; nil steps once per Update (tests)
	quality     quality        // the render scale, adapted to the frame rate while running
	statMallocs uint64         // heap allocations counted at the last stats line
	statTick    int64          // tick of the last stats line
	statDrawn   int            // frames drawn at the last stats line
	painted     int            // frames in which Draw painted the screen
	ambTick     int64          // the tick the glow and ghost log were last painted at (see ambientDue)
	ambOn       bool           // whether they showed at the last frame
	glowAt      float64        // the time the glow is drawn at onto the window, in direct frames (see DrawFinalScreen)
	layer       layerState     // the bubble and presence word over direct frames (see drawLayer)
	edge        edgeGlow       // the desktop canvas's glow in its own window
	nap         napState       // input seen, for napping at rest (see napIfCalm)
	lods        chan lodResult // levels of detail built off the loop (see buildLODs)
	lodsFor     *avatar.Model  // the model they were asked for
	shownChat   struct {       // the bubble as last painted (see chatChanged)
		shows          bool
		bubble, status string
	}
	uiShown    bool // text or menu was drawn last frame
	bare       bool // the screen image holds the character alone (see DrawFinalScreen)
	final      finalState
	shownMsg   string          // the message drawn last frame
	shownDot   string          // the presence state drawn last frame, "" for none
	amb        ambient         // the edge glow, ghost log and whiteboard over the character
	shownBoard int             // the whiteboard's version drawn last frame
	desk       desktopState    // the desktop canvas, when Options.Desktop
	talkKeys   chan bool       // the global talk key's presses (true) and releases
	set        settingsPanel   // the settings panel
	muted      bool            // the microphone is muted
	done       <-chan struct{} // closing it ends the game
}

// NewGame prepares a game for the options' model. Call it from the game
// loop's thread or before RunGame.
func NewGame(o Options) (*Game, error) {
	if o.Model == nil {
		return nil, errors.New("engine: no model to show")
	}
	r, err := NewRenderer()
	if err != nil {
		return nil, err
	}
	u, err := newUI()
	if err != nil {
		return nil, err
	}
	g := &Game{opts: o, r: r, ui: u, ld: newLoader(), overlay: o.Overlay, prefs: LoadPrefs(o.PrefsPath), chat: newChat(o.Brain, o.Prompts)}
	if o.Bus != nil {
		g.inbox = o.Bus.Subscribe()
	}
	g.drops.srcs = o.ClipSources
	first := Prepare(o.Model.Name, o.Model)
	first.clips = clipsFor(o.ClipSources, o.Model)
	g.adopt(first)
	g.scene.Portrait = o.Portrait
	g.ui.notify(o.Notices...)
	if o.PrefsPath != "" && !g.prefs.Tipped {
		g.ui.notify(firstTip(o.Overlay, o.PushToTalk != nil))
		g.prefs.Tipped = true
	}
	g.ui.advance(0)
	g.muted = o.Muted
	g.win.scale = monitorScale()
	g.r.NoShadow = o.NoShadow
	g.r.Backend = o.Renderer
	g.desk.on = o.Desktop
	g.ov.menu.items = g.menuItems()
	g.amb.board.host = &g.opts.Board
	g.quality = newQuality(o.RenderScale)
	g.r.Scale = g.quality.scale
	return g, nil
}

// Run opens kin's window (or overlay) and runs until it is closed or ctx
// is done; either way the window's place is remembered.
func Run(ctx context.Context, o Options) error {
	g, err := NewGame(o)
	if err != nil {
		return err
	}
	g.done = ctx.Done()
	g.pace = &pacer{}
	g.grabTalkKey(ctx)
	if o.Tray {
		g.trayActs = make(chan trayAction, 4)
		g.startTray()
		if g.tray != nil {
			defer g.tray.Close()
		}
	}
	if o.Title == "" {
		o.Title = "kin"
	}
	ebiten.SetWindowTitle(o.Title)
	ebiten.SetWindowResizingMode(ebiten.WindowResizingModeEnabled)
	ebiten.SetScreenClearedEveryFrame(false)
	ebiten.SetRunnableOnUnfocused(true)
	ebiten.SetWindowClosingHandled(true)
	g.applyMode()
	err = ebiten.RunGameWithOptions(g, &ebiten.RunGameOptions{ScreenTransparent: true, X11ClassName: "kin", SingleThread: singleThread})
	if err != nil && !errors.Is(err, ebiten.Termination) {
		return fmt.Errorf("engine: %w", err)
	}
	return nil
}

// adopt makes a prepared model the shown one, freeing the previous one.
// The model's decoded images now belong to the renderer's textures, and
// the memory freed by loading is handed back to the OS shortly after (see
// trimDelay).
func (g *Game) adopt(l *Loaded) {
	if g.mesh != nil {
		g.mesh.Dispose()
	}
	portrait := g.scene != nil && g.scene.Portrait
	g.scene, g.mesh = l.Scene, g.r.Adopt(l)
	g.scene.Portrait = portrait
	g.scene.Char.AddClips(l.clips...)
	g.scene.Char.SetSlots(g.opts.Slots)
	g.dirty = true
	g.r.Forget()
	for i := range l.Scene.Model.Textures {
		l.Scene.Model.Textures[i].Image = nil
	}
	g.trimAt = g.tick + g.scaled(trimDelay)
}

// singleThread runs Ebitengine's loop and its graphics calls on one
// thread rather than handing each batch of GPU commands to a thread of
// their own: on a software GPU the overlay's frame costs 5% less CPU (tens
// of thread switches a frame fewer). It is safe because only the game
// loop (Update, Draw, Layout) calls Ebitengine; kin's other goroutines
// hand their results over channels.
const singleThread = true

// now is the wall-clock-free time of the game loop, in seconds.
func (g *Game) now() float64 {
	return g.clock.atTime + float64(g.tick-g.clock.atTick)/g.rate()
}

// Update advances the game by one tick.
func (g *Game) Update() error {
	select {
	case <-g.done:
		g.quit = true
	default:
	}
	if g.quit || ebiten.IsWindowBeingClosed() {
		g.closeEdge()
		g.rememberGeometry()
		g.savePrefs()
		return ebiten.Termination
	}
	g.pause()
	g.syncRate()
	g.tick++
	g.noteInput()
	g.trayChoices()
	select {
	case n := <-g.opts.Later:
		g.ui.notify(n)
	default:
	}
	if w := g.opts.Watching != nil && g.opts.Watching(); w != g.watching {
		g.watching, g.dirty = w, true
	}
	g.ui.advance(g.now())
	g.trim()
	g.pollWindow()
	g.pollLoad()
	g.pollLODs()
	g.pollClipDrop()
	g.handleDrop()
	switch {
	case g.updateSettings():
		g.chat.drain(g.now())
	case !g.chat.update(g.now()):
		g.handleKeys()
		g.handleTalkKey()
	}
	g.pollTalkKey()
	g.drainCommands()
	onBoard := g.amb.board.update(image.Pt(g.size[0], g.size[1]), g.ui.s, g.set.open)
	if n := g.amb.board.takeNote(); n != "" {
		g.ui.interrupt(g.now(), n)
	}
	switch {
	case g.set.open: // the panel has the mouse
	case g.desktop():
		g.updateDesktop()
	case g.overlay:
		g.updateOverlay()
	case !onBoard:
		g.updateOrbit()
	}
	g.drainEvents()
	g.amb.step(g.step())
	g.updateEdge()
	g.amb.glowAway = g.glowAway()
	if g.desktop() {
		g.fitDesktop()
	}
	g.updateGaze()
	for n := g.sceneSteps(); n > 0; n-- {
		g.scene.Tick(g.step())
	}
	if g.pace != nil {
		g.r.Scale = g.quality.update(time.Now(), g.frameRate())
		g.r.Ahead = g.opts.RasterAhead && g.quality.behind
	}
	if g.opts.Stats != nil && g.tick%g.scaled(5*TickRate) == 0 {
		g.printStats()
	}
	if g.frameDue() {
		// Breathing is posed a few times a second; the pose is worked out
		// when the frame is drawn, once for however many ticks came
		// before it (several a frame when the tick rate is high or the
		// frames slow).
		g.unposed = g.unposed || !g.r.Resting()
		g.dirty = true
	}
	return nil
}

// frameRate is the current frame-rate cap: the option, lowered when the
// window is unfocused, and zero when it is minimised.
func (g *Game) frameRate() float64 {
	fps := float64(g.opts.FPS)
	if fps <= 0 {
		fps = 60
		if g.overlay {
			fps = 30
		}
	}
	switch {
	case g.win.minimized:
		return 0
	case !g.overlay && !g.win.focused:
		fps = min(fps, 20)
	}
	return min(fps, g.rate())
}

// frameDue reports whether this tick should produce a new frame.
func (g *Game) frameDue() bool {
	fps := g.frameRate()
	if fps <= 0 {
		return false
	}
	if g.pace != nil && fps < g.rate() {
		return g.frameDueByClock(time.Now(), time.Duration(float64(time.Second)/fps))
	}
	g.frameAcc += g.step()
	period := 1 / fps
	if g.frameAcc+1e-9 < period {
		return false
	}
	g.frameAcc = min(g.frameAcc-period, period)
	return true
}

// frameDueByClock is frameDue by the wall clock, for the real loop below
// the tick rate: the loop pauses between frames (see planPause) and the
// ticks a round brings vary, so counting them would miss frames. A frame
// falls due within dueSlack of its time; one that came late moves the
// next one period after it.
func (g *Game) frameDueByClock(now time.Time, period time.Duration) bool {
	if now.Add(dueSlack).Before(g.nextFrame) {
		return false
	}
	g.nextFrame = g.nextFrame.Add(period)
	if g.nextFrame.Before(now) {
		g.nextFrame = now.Add(period)
	}
	return true
}

// dueSlack is how early a frame may be drawn: a round that begins a
// little before its frame's time draws it rather than leaving it to the
// next round.
const dueSlack = 3 * time.Millisecond

// pollLoad adopts a finished load or shows its error.
func (g *Game) pollLoad() {
	res, ok := g.ld.poll()
	if !ok {
		return
	}
	if res.err != nil {
		g.ui.showError(g.now(), fmt.Errorf("could not open %s: %w", res.name, res.err))
		g.emit(protocol.LoadEndPayload{URI: res.name, Error: res.err.Error()})
		return
	}
	g.adopt(res.loaded)
	g.emit(protocol.LoadEndPayload{URI: res.name})
	if res.advice != "" {
		g.ui.notify(res.advice)
	}
}

// Draw renders the latest pose and the on-screen text, or leaves the
// screen as it is when no new frame is due.
func (g *Game) Draw(screen *ebiten.Image) {
	defer g.napIfCalm() // after drawing: the next round's Updates see the time that passed
	if !g.dirty {
		return
	}
	g.dirty = false
	if g.unposed {
		g.scene.Pose.Update()
		g.unposed = false
	}
	defer g.planPause()
	g.quality.rendered()
	if g.r.Transparent != g.overlay {
		g.r.Transparent = g.overlay
		g.r.Invalidate()
	}
	// Text and menu are drawn over the frame, so a frame drawn while they
	// show repaints everything under them, and one more after they go. When
	// the text is the same as last frame's and the character has not moved
	// visibly, nothing needs drawing at all (see Renderer.Draw).
	now := g.now()
	msg := g.ui.message(now, g.ld)
	dot := ""
	if g.presenceVisible() {
		dot = g.presence.state
	}
	if g.watching {
		dot += "+watching" // the mark is text over the frame too
	}
	live := g.ov.menu.open || g.set.open || g.debug || g.chatChanged(now) || g.ambientDue() // redrawn this frame
	ambient := g.amb.live(now)                                                              // on screen, repainted only when due
	ui := msg != "" || dot != "" || live || ambient || g.amb.board.shown || g.chat.visible(now)
	if g.desktop() {
		g.setDirect(false)
		g.drawDesktop(screen, msg, live, ambient || g.chat.bubbleShows(now))
		return
	}
	if live || (g.uiShown && !ui) || msg != g.shownMsg || dot != g.shownDot || g.amb.board.version != g.shownBoard {
		g.r.Invalidate()
	}
	g.setDirect(!g.covered(now, msg))
	g.r.WholeIfDrawn = ui && !g.r.Direct // a direct frame leaves the screen image alone
	w, h := screen.Bounds().Dx(), screen.Bounds().Dy()
	cam := g.scene.Camera(float32(w) / float32(max(h, 1)))
	if !g.r.Draw(screen, g.mesh, g.scene.Pose, &cam) {
		return // nothing changed visibly: the screen keeps the last frame
	}
	g.painted++
	g.bare = false // the frame goes to the window directly while the character shows alone (see setDirect)
	g.uiShown, g.shownMsg, g.shownDot, g.shownBoard = ui, msg, dot, g.amb.board.version
	if g.r.Direct {
		g.glowAt = now // the glow goes onto the window with the frame (see DrawFinalScreen)
		g.drawLayer(screen, &cam, now)
		return
	}
	g.amb.draw(screen, g.ui.s, now)
	if g.chat.visible(g.now()) {
		v := cam.Resolve(w, h, g.scene.Pose.Min, g.scene.Pose.Max)
		g.chat.floor = g.noticeFloor(screen, msg)
		g.drawChat(screen, &v)
		g.chat.floor = 0
	}
	g.drawNotice(screen, msg)
	if g.debug {
		g.drawDebug(screen)
	}
	g.drawPresence(screen)
	cx, cy := ebiten.CursorPosition()
	g.ov.menu.draw(screen, g.ui, image.Pt(cx, cy))
	g.drawSettings(screen)
}

// covered reports whether anything shows at now but the character, the
// edge glow, the speech bubble and the presence word, given the message:
// then the frame is put together in the screen image, not on the window
// directly.
func (g *Game) covered(now float64, msg string) bool {
	return msg != "" || g.ov.menu.open || g.set.open || g.debug || g.amb.board.shown ||
		g.amb.ghost.visible(now) || g.chat.focused || g.chat.pending != nil
}

// chatChanged reports whether the chat must be repainted this frame: the
// panel or a question shows (typing, a cursor), or the bubble's text or
// status changed since it was last painted. A bubble that stays the same
// over a still character is not painted again.
func (g *Game) chatChanged(now float64) bool {
	c := g.chat
	if c.focused || c.pending != nil {
		return true
	}
	shows := c.bubbleShows(now)
	if shows == g.shownChat.shows && (!shows || c.bubble == g.shownChat.bubble && c.status == g.shownChat.status) {
		return false
	}
	g.shownChat.shows, g.shownChat.bubble, g.shownChat.status = shows, c.bubble, c.status
	return true
}

// ambientRate is how many frames a second the glow and the ghost log are
// repainted at when nothing else changes: both move slowly (the glow takes
// a twentieth of a second to rise, the log's lines seconds to fade), and
// on a software renderer each repaint of the desktop canvas presents a
// strip the monitor's width.
const ambientRate = 15

// ambientDue reports whether the glow or the ghost log must be repainted
// this frame: they show, and they did not last frame or a 1/ambientRate of
// a second has passed since they were last painted.
func (g *Game) ambientDue() bool {
	on, was := g.amb.live(g.now()), g.ambOn
	g.ambOn = on
	if !on || was && g.tick-g.ambTick < g.scaled(TickRate/ambientRate) && g.tick >= g.ambTick {
		return false
	}
	g.ambTick = g.tick
	return true
}

// Layout makes the screen as many pixels as the window has on its monitor:
// the window's size in device-independent pixels times the monitor's scale
// factor, so that a HiDPI screen shows the character and text sharp rather
// than enlarged. Text and spacing scale with it.
func (g *Game) Layout(w, h int) (int, int) {
	s := g.win.scale
	if s <= 0 {
		s = 1
	}
	g.ui.setScale(s)
	g.size = [2]int{max(int(math.Ceil(float64(w)*s)), 1), max(int(math.Ceil(float64(h)*s)), 1)}
	return g.size[0], g.size[1]
}

// dip converts a screen position to device-independent pixels, the unit
// of window positions.
func (g *Game) dip(p image.Point) image.Point {
	return image.Pt(int(math.Round(float64(p.X)/g.ui.s)), int(math.Round(float64(p.Y)/g.ui.s)))
}

// WindowHidden reports whether kin's window is minimized, so that what
// kin says would not be seen in its bubble (a reminder then also goes out
// as a desktop notification). Safe from any goroutine.
func WindowHidden() bool { return ebiten.IsWindowMinimized() }
