package engine

import (
	"image"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/inpututil"
)

// desktopState is the desktop canvas (--overlay=desktop): one transparent,
// click-through window over the whole monitor, with the character drawn
// into a character-sized image and placed where the user put it. Clicks
// reach the desktop everywhere except on the character, the menu and the
// whiteboard. The glow runs along the monitor's bottom edge.
type desktopState struct {
	on      bool
	at      image.Point // the character's top-left on the canvas, screen pixels
	placed  bool
	char    *ebiten.Image // the character, drawn by the renderer
	drag    bool
	grab    image.Point // cursor minus at, while dragging
	op      ebiten.DrawImageOptions
	version int    // counts moves and menu changes, so the canvas is repainted
	shown   [3]int // what the last painted canvas showed: version, board version, message length
	// bubbleAt is the character image's top-left on the monitor while the
	// speech bubble is laid out (zero in the window and overlay).
	bubbleAt image.Point
	// win is set while the window covers less than the monitor:
	// presenting a monitor-sized window costs llvmpipe more than drawing
	// the character (see fitDesktop).
	win     image.Rectangle // the fitted window on the monitor, screen pixels; empty: the whole monitor
	prev    image.Rectangle // the window before win, until the window manager applies win
	fitted  bool            // win was chosen by fitDesktop at least once
	mon     image.Point     // the monitor's size in screen pixels, as last seen covered
	painted image.Point     // the size of the screen last painted
	bubble  deskShows       // what the bubble showed when the canvas was last painted whole
}

// desktop reports whether the game shows the desktop canvas now.
func (g *Game) desktop() bool { return g.overlay && g.desk.on }

// applyDesktop makes the window cover the monitor.
func (g *Game) applyDesktop() {
	g.desk.win, g.desk.prev, g.desk.fitted = image.Rectangle{}, image.Rectangle{}, false
	if m := ebiten.Monitor(); m != nil {
		mw, mh := m.Size()
		ebiten.SetWindowSize(mw, mh)
	}
	ebiten.SetWindowPosition(0, 0)
}

// charRect is the character's area on the canvas, placed at the bottom
// right the first time and kept on screen.
func (g *Game) charRect() image.Rectangle {
	w, h := int(overlayW*g.ui.s), int(overlayH*g.ui.s)
	_, mon := g.view()
	sw, sh := mon.X, mon.Y
	if !g.desk.placed && sw > 0 {
		g.desk.at = image.Pt(sw-w-int(24*g.ui.s), sh-h-int(48*g.ui.s))
		if p := g.prefs.Desktop; p != nil {
			g.desk.at = image.Pt(p.X, p.Y)
		}
		g.desk.placed = true
	}
	x := max(0, min(g.desk.at.X, sw-w))
	y := max(0, min(g.desk.at.Y, sh-h))
	return image.Rect(x, y, x+w, y+h)
}

// updateDesktop hit-tests the cursor against the character, the menu and
// the whiteboard, lets clicks through everywhere else, and moves the
// character within the canvas when dragged.
func (g *Game) updateDesktop() {
	cx, cy := ebiten.CursorPosition()
	org, _ := g.view()
	cur := image.Pt(cx, cy).Add(org) // on the monitor
	cr := g.charRect()
	onMenu := g.ov.menu.itemAt(cur, g.ui.s) >= 0
	onBoard := g.amb.board.drag != nil || g.amb.board.hit(cur, image.Pt(g.size[0], g.size[1]), g.ui.s)
	onChar := !onBoard && !onMenu && cur.In(cr) && g.r.Hit(g.mesh, cx-cr.Min.X, cy-cr.Min.Y)
	g.setPassthrough(!(onMenu || onChar || onBoard || g.desk.drag))
	switch {
	case inpututil.IsMouseButtonJustPressed(ebiten.MouseButtonLeft) && onMenu:
		g.menuAction(g.ov.menu.itemAt(cur, g.ui.s))
	case inpututil.IsMouseButtonJustPressed(ebiten.MouseButtonLeft) && onChar:
		g.ov.menu.open = false
		g.desk.drag, g.desk.grab = true, cur.Sub(cr.Min)
	case inpututil.IsMouseButtonJustPressed(ebiten.MouseButtonRight) && onChar:
		g.ov.menu.open, g.ov.menu.at = true, g.menuOrigin(cur)
		g.desk.version++
	}
	if !g.desk.drag {
		return
	}
	if !ebiten.IsMouseButtonPressed(ebiten.MouseButtonLeft) {
		g.desk.drag = false
		g.prefs.Desktop = &Geometry{X: g.desk.at.X, Y: g.desk.at.Y}
		g.savePrefs()
		return
	}
	if to := cur.Sub(g.desk.grab); to != g.desk.at {
		g.desk.at = to
		g.desk.version++
	}
}

// drawDesktop draws the canvas: the character in its image, placed, with
// the glow, ghost log, whiteboard, message and menu over the monitor. With
// nothing changed (the character still, no sound, nothing fading) it
// draws nothing at all. live forces a repaint; over says the glow, the
// ghost log or the bubble shows (repainted over the character when it
// moves).
func (g *Game) drawDesktop(screen *ebiten.Image, msg string, live, over bool) {
	org, mon := g.view()
	cr := g.charRect()
	at := cr.Min.Sub(org) // where the character goes on the screen
	if g.desk.char == nil || g.desk.char.Bounds().Size() != cr.Size() {
		if g.desk.char != nil {
			g.desk.char.Deallocate()
		}
		g.desk.char = ebiten.NewImage(cr.Dx(), cr.Dy())
		g.r.Invalidate()
	}
	cam := g.scene.Camera(float32(cr.Dx()) / float32(max(cr.Dy(), 1)))
	size := screen.Bounds().Size()
	if !g.desk.win.Empty() && org == cr.Min && size == cr.Size() {
		// The window is fitted to the character: it is drawn straight onto
		// the screen, which keeps its pixels between frames.
		if size != g.desk.painted {
			screen.Clear()
			g.desk.painted = size
			g.r.Invalidate()
		}
		if g.r.Draw(screen, g.mesh, g.scene.Pose, &cam) {
			g.painted++
			g.bare = true
		}
		return
	}
	drawn := g.r.Draw(g.desk.char, g.mesh, g.scene.Pose, &cam)
	state := [3]int{g.desk.version, g.amb.board.version, len(msg)}
	same := !live && state == g.desk.shown && msg == g.shownMsg && size == g.desk.painted
	if !drawn && same {
		return
	}
	g.painted++
	g.bare = false
	now := g.now()
	bubble, box := g.deskBubble(cr, &cam, mon, now)
	if same && msg == "" && !g.ov.menu.open && !g.boardOver(cr) && (!over || bubble == g.desk.bubble && !g.amb.live(now)) {
		// Only the character changed: its image, transparent around it,
		// replaces its own rectangle; the rest of the canvas stays. A
		// bubble in the same place is painted again where the image
		// covered it.
		g.desk.op.GeoM.Reset()
		g.desk.op.GeoM.Translate(float64(at.X), float64(at.Y))
		g.desk.op.Blend = ebiten.BlendCopy
		screen.DrawImage(g.desk.char, &g.desk.op)
		g.desk.op.Blend = ebiten.Blend{}
		if over {
			box.at.X, box.at.Y = box.at.X-float64(org.X), box.at.Y-float64(org.Y)
			g.paintBubble(screen.SubImage(cr.Sub(org)).(*ebiten.Image), &box)
		}
		return
	}
	g.desk.bubble = bubble
	if !g.desk.win.Empty() && size == g.desk.win.Size() && size == g.desk.painted && !g.covering() && !g.chat.bubbleShows(now) {
		// A strip along the bottom with the glow or ghost log: only the
		// rows they cover and the character change.
		b := screen.Bounds()
		rows := max(g.amb.glow.bandHeight(g.ui.s, b.Dy()), g.amb.ghost.height(g.ui.s))
		screen.SubImage(image.Rect(b.Min.X, b.Max.Y-rows, b.Max.X, b.Max.Y)).(*ebiten.Image).Clear()
		g.desk.op.Blend = ebiten.BlendCopy
	} else {
		screen.Clear()
	}
	g.desk.shown, g.shownMsg, g.desk.painted = state, msg, size
	g.desk.op.GeoM.Reset()
	g.desk.op.GeoM.Translate(float64(at.X), float64(at.Y))
	screen.DrawImage(g.desk.char, &g.desk.op)
	g.desk.op.Blend = ebiten.Blend{}
	g.amb.draw(screen, g.ui.s, now)
	if g.chat.visible(now) {
		v := cam.Resolve(cr.Dx(), cr.Dy(), g.scene.Pose.Min, g.scene.Pose.Max)
		g.desk.bubbleAt = cr.Min // the bubble is laid out on the monitor (see drawBubble)
		g.chat.floor = g.noticeFloor(screen, msg)
		g.drawChat(screen, &v)
		g.desk.bubbleAt, g.chat.floor = image.Point{}, 0
	}
	g.drawNotice(screen, msg)
	cx, cy := ebiten.CursorPosition()
	g.ov.menu.draw(screen, g.ui, image.Pt(cx, cy))
	g.drawSettings(screen)
}

// deskShows is what the canvas's bubble shows: where it is on the
// monitor, its text laid out and the height its shown part starts at; the
// zero value when it does not show.
type deskShows struct {
	rect image.Rectangle
	doc  *mdDoc
	from float64
}

// deskBubble lays out the bubble beside the character standing at cr on
// a monitor of size mon, seen through cam, at time now: what it shows, and
// the box.
func (g *Game) deskBubble(cr image.Rectangle, cam *Camera, mon image.Point, now float64) (deskShows, bubbleBox) {
	if !g.chat.bubbleShows(now) {
		return deskShows{}, bubbleBox{}
	}
	v := cam.Resolve(cr.Dx(), cr.Dy(), g.scene.Pose.Min, g.scene.Pose.Max)
	g.desk.bubbleAt = cr.Min
	b := g.bubble(&v, mon.X, mon.Y)
	g.desk.bubbleAt = image.Point{}
	return deskShows{rect: b.rect(), doc: b.doc, from: b.from}, b
}

// boardOver reports whether the whiteboard covers part of rectangle r.
func (g *Game) boardOver(r image.Rectangle) bool {
	return g.amb.board.shown && g.amb.board.rect(image.Pt(g.size[0], g.size[1]), g.ui.s).Overlaps(r)
}
