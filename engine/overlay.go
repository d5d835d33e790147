package engine

import (
	"image"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/inpututil"
)

// overlayState is the overlay's interaction: click-through outside the
// character, dragging the window by the character, the right-click menu.
type overlayState struct {
	passthrough bool
	dragging    bool
	grab        image.Point // cursor in desktop coordinates at the drag's start
	winAt       image.Point // window position at the drag's start
	seen        image.Point // the cursor reading the window last moved for
	warned      bool        // the missing-compositor check has run
	menu        menu
}

// Default window sizes.
const (
	windowW, windowH   = 480, 720
	overlayW, overlayH = 320, 480
)

// updateOverlay hit-tests the cursor against the character and the menu,
// lets clicks through everywhere else, and handles dragging and the menu.
func (g *Game) updateOverlay() {
	cx, cy := ebiten.CursorPosition()
	cur := image.Pt(cx, cy)
	onMenu := g.ov.menu.itemAt(cur, g.ui.s) >= 0
	onBoard := g.amb.board.drag != nil || g.amb.board.hit(cur, image.Pt(g.size[0], g.size[1]), g.ui.s)
	onChar := !onBoard && g.r.Hit(g.mesh, cx, cy)
	g.setPassthrough(!(onMenu || onChar || onBoard || g.ov.dragging))

	switch {
	case inpututil.IsMouseButtonJustPressed(ebiten.MouseButtonLeft) && onMenu:
		g.menuAction(g.ov.menu.itemAt(cur, g.ui.s))
	case inpututil.IsMouseButtonJustPressed(ebiten.MouseButtonLeft) && onChar:
		g.ov.menu.open = false
		wx, wy := ebiten.WindowPosition()
		g.ov.dragging, g.ov.winAt = true, image.Pt(wx, wy)
		g.placeSprings(g.ov.winAt)
		g.ov.grab, g.ov.seen = g.ov.winAt.Add(g.dip(cur)), cur
	case inpututil.IsMouseButtonJustPressed(ebiten.MouseButtonRight) && onChar:
		g.ov.menu.open, g.ov.menu.at = true, g.menuOrigin(cur)
	}
	if g.ov.dragging {
		if !ebiten.IsMouseButtonPressed(ebiten.MouseButtonLeft) {
			g.ov.dragging = false
			g.rememberGeometry()
			g.savePrefs()
			return
		}
		// The cursor is read relative to the window and refreshed once a
		// frame, while the window's position changes as soon as it is set:
		// moving again on the same reading (several updates run in one slow
		// frame) would add the same step again and again.
		if cur == g.ov.seen {
			return
		}
		g.ov.seen = cur
		wx, wy := ebiten.WindowPosition()
		now := image.Pt(wx, wy).Add(g.dip(cur))
		to := g.ov.winAt.Add(now.Sub(g.ov.grab))
		ebiten.SetWindowPosition(to.X, to.Y)
		g.placeSprings(to)
	}
}

// menuOrigin places the menu at the cursor, kept inside the window.
func (g *Game) menuOrigin(p image.Point) image.Point {
	w, h := g.size[0], g.size[1]
	if g.desktop() {
		_, mon := g.view()
		w, h = mon.X, mon.Y
	}
	ih, mw := g.ov.menu.size(g.ui.s)
	n := len(g.ov.menu.items)
	return image.Pt(max(0, min(p.X, w-mw)), max(0, min(p.Y, h-n*ih)))
}

// The menu's items (in the overlay and on the desktop canvas).
const (
	menuWindow = iota
	menuCanvas // "Desktop canvas" in the overlay, "Character only" on the canvas
	menuReset
	menuSettings
	menuQuit
)

// menuItems are the menu's labels for the current mode.
func (g *Game) menuItems() []string {
	canvas := "Desktop canvas"
	if g.desktop() {
		canvas = "Character only"
	}
	return []string{"Window mode", canvas, "Reset position", "Settings", "Quit"}
}

// showMode shows the current mode in the menu and the tray.
func (g *Game) showMode() {
	g.ov.menu.items = g.menuItems()
	if g.tray != nil {
		g.tray.SetChecked(trayCanvasItem, g.desktop())
	}
}

// menuAction runs menu item i.
func (g *Game) menuAction(i int) {
	g.ov.menu.open = false
	switch i {
	case menuWindow:
		g.setMode("window")
	case menuCanvas:
		g.toggleCanvas()
	case menuReset:
		g.prefs.Overlay = nil
		g.placeDefault()
	case menuSettings:
		g.openSettings()
	case menuQuit:
		g.quit = true
	}
}

// setPassthrough changes mouse pass-through only when it changes.
func (g *Game) setPassthrough(on bool) {
	if g.ov.passthrough != on {
		g.ov.passthrough = on
		ebiten.SetWindowMousePassthrough(on)
	}
}

// toggleMode switches between window and overlay, remembering where each
// was.
func (g *Game) toggleMode() {
	g.rememberGeometry()
	g.overlay = !g.overlay
	g.applyMode()
	g.savePrefs()
}

// setMode switches to mode: "window", "overlay" (the character-sized
// overlay) or "desktop" (the desktop canvas); anything else is left alone.
func (g *Game) setMode(mode string) {
	overlay, desk := false, g.desk.on // the window keeps the canvas choice for the next overlay
	switch mode {
	case "window":
	case "overlay":
		overlay, desk = true, false
	case "desktop":
		overlay, desk = true, true
	default:
		return
	}
	if overlay == g.overlay && desk == g.desk.on {
		return
	}
	g.rememberGeometry()
	g.overlay, g.desk.on = overlay, desk
	g.applyMode()
	g.savePrefs()
}

// toggleCanvas switches between the desktop canvas and the
// character-sized overlay.
func (g *Game) toggleCanvas() {
	if g.desktop() {
		g.setMode("overlay")
	} else {
		g.setMode("desktop")
	}
}

// mode names the current mode as setMode takes it.
func (g *Game) mode() string {
	switch {
	case g.desktop():
		return "desktop"
	case g.overlay:
		return "overlay"
	}
	return "window"
}

// applyMode sets the window up for the current mode at its remembered
// geometry, or the default one.
func (g *Game) applyMode() {
	if g.overlay {
		g.warnOpaqueOverlay()
	}
	ebiten.SetWindowDecorated(!g.overlay)
	ebiten.SetWindowFloating(g.overlay)
	g.ov.passthrough = false
	ebiten.SetWindowMousePassthrough(false)
	g.ov.menu.open = false
	g.showMode()
	if g.desktop() {
		g.applyDesktop()
		return
	}
	if geo := *g.prefs.slot(g.overlay); geo != nil && geo.W > 0 && geo.H > 0 {
		fit := *geo
		if m := ebiten.Monitor(); m != nil {
			mw, mh := m.Size()
			fit = onMonitor(fit, mw, mh, g.overlay)
		}
		ebiten.SetWindowSize(fit.W, fit.H)
		ebiten.SetWindowPosition(fit.X, fit.Y)
		return
	}
	g.placeDefault()
}

// noCompositor is shown when the overlay cannot be see-through.
const noCompositor = "No compositor is running, so the overlay cannot be see-through: its background " +
	"shows black. Start one (picom, or use a desktop such as GNOME or KDE), or switch to window mode " +
	"(O, or right-click me)."

// warnOpaqueOverlay says so when no compositing manager runs, once a run.
func (g *Game) warnOpaqueOverlay() {
	if g.ov.warned {
		return
	}
	g.ov.warned = true
	if ok, err := compositing(); err == nil && !ok {
		g.ui.interrupt(g.now(), noCompositor)
	}
}

// grabMargin is how much of a restored window must stay on the monitor,
// each way: enough to see it and take hold of it.
const grabMargin = 96

// onMonitor brings a remembered geometry back within an mw×mh monitor when
// the screen has changed since (a smaller resolution, an unplugged
// monitor): no bigger than the monitor, and at least grabMargin pixels of
// it on screen each way. An overlay may sit partly past any edge, as a pet
// peeking in; a window keeps its title bar below the top edge.
func onMonitor(g Geometry, mw, mh int, overlay bool) Geometry {
	if mw <= 0 || mh <= 0 {
		return g
	}
	g.W, g.H = min(g.W, mw), min(g.H, mh)
	keepW, keepH := min(g.W, grabMargin), min(g.H, grabMargin)
	g.X = min(max(g.X, keepW-g.W), mw-keepW)
	top := 0
	if overlay {
		top = keepH - g.H
	}
	g.Y = min(max(g.Y, top), mh-keepH)
	return g
}

// placeDefault sizes and places the window for its mode (see
// defaultGeometry).
func (g *Game) placeDefault() {
	if m := ebiten.Monitor(); m != nil {
		mw, mh := m.Size()
		d := defaultGeometry(g.overlay, mw, mh)
		ebiten.SetWindowSize(d.W, d.H)
		ebiten.SetWindowPosition(d.X, d.Y)
		return
	}
	if g.overlay {
		ebiten.SetWindowSize(overlayW, overlayH)
	} else {
		ebiten.SetWindowSize(windowW, windowH)
	}
}

// defaultGeometry is where a mode's window goes on an mw×mh monitor when
// none is remembered: the overlay in the bottom-right corner, a window in
// the middle (not where the overlay was: from the corner it would reach
// past the screen's edges), each no bigger than the monitor leaves room for.
func defaultGeometry(overlay bool, mw, mh int) Geometry {
	if overlay {
		return Geometry{X: max(0, mw-overlayW-24), Y: max(0, mh-overlayH-48), W: overlayW, H: overlayH}
	}
	w, h := min(windowW, mw), min(windowH, max(mh-64, mh/2)) // room for a title bar and a panel
	return Geometry{X: max(0, (mw-w)/2), Y: max(0, (mh-h)/2), W: w, H: h}
}

// rememberGeometry records the window's current position and size for its
// mode.
func (g *Game) rememberGeometry() {
	if g.desktop() { // the canvas covers the monitor; the character's place is kept apart
		return
	}
	x, y := ebiten.WindowPosition()
	w, h := ebiten.WindowSize()
	if w <= 0 || h <= 0 {
		return
	}
	*g.prefs.slot(g.overlay) = &Geometry{X: x, Y: y, W: w, H: h}
}

// savePrefs writes the preferences, showing a failure on screen.
func (g *Game) savePrefs() {
	if err := g.prefs.Save(g.opts.PrefsPath); err != nil {
		g.ui.showError(g.now(), err)
	}
}
