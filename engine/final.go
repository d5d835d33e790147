package engine

import (
	"image"

	"github.com/hajimehoshi/ebiten/v2"
)

// DrawFinalScreen puts the frame onto the window
// ([ebiten.FinalScreenDrawer]). Ebitengine clears the window first. While
// nothing but the character shows, the frame is composited onto the window
// straight from the colour buffer, a window's background drawn around the
// character's rectangle and an overlay's left clear, with the edge glow
// when it is lit and the bubble and presence word laid over it (see
// setDirect and drawLayer); on the fitted desktop canvas only the
// character's rectangle is copied from the screen image.
// On a software GPU a pass over the whole window costs about a tenth of an
// overlay frame. Anything else takes Ebitengine's own copy of the whole
// image.
func (g *Game) DrawFinalScreen(screen ebiten.FinalScreen, off *ebiten.Image, geoM ebiten.GeoM) {
	if g.r.Direct {
		g.r.CompositeOnto(screen, off.Bounds(), geoM)
		if !g.amb.glowAway {
			g.amb.glow.drawOnto(screen, off.Bounds(), geoM, g.ui.s, g.glowAt)
		}
		g.layOnto(screen, off, geoM)
		return
	}
	rect, ok := g.finalRect(off.Bounds(), geoM)
	if !ok {
		ebiten.DefaultDrawFinalScreen(screen, off, geoM)
		return
	}
	if rect.Empty() {
		return // the character is out of sight: the cleared window is the frame
	}
	placeQuad(&g.final.quad, rect, 1, &geoM)
	g.final.op.Blend = ebiten.BlendCopy
	screen.DrawTriangles32(g.final.quad[:], quadIndices, off, &g.final.op)
}

// setDirect makes the frames go onto the window straight from the colour
// buffer (Renderer.Direct) while nothing but the character shows, and the
// edge glow, drawn onto the window after it: one pass over the character's
// rectangle (and the glow's band, and a window's background around it),
// where compositing into the screen image and copying that onto the
// window took a pass over the whole window more. Leaving it, the screen
// image is repainted whole, as it no longer holds the frame.
func (g *Game) setDirect(on bool) {
	if g.r.Direct && !on {
		g.r.Invalidate()
	}
	if !g.r.Direct && on {
		g.layer.stale = true // the screen image holds a whole frame
	}
	g.r.Direct = on
}

// The layer. While the frames go onto the window directly, the speech
// bubble and the presence word, which often show with them, are drawn into
// the screen image, clear elsewhere, and laid over the window after the
// character and the glow: over their own rectangle, where a frame put
// together in the screen image took a pass over the whole window to
// composite and another to copy.
type layerState struct {
	rect  image.Rectangle // what the screen image holds, in its pixels
	stale bool            // the whole screen image must be cleared first
	shows layerShows      // what it shows
	op    ebiten.DrawImageOptions
}

// layerShows is what the layer shows: when a frame's is the same, the
// layer is not drawn again.
type layerShows struct {
	bubble   image.Rectangle // where the bubble is, empty when it is not
	doc      *mdDoc          // its text laid out
	from     float64         // the height its shown part starts at
	presence string          // the presence word, "" when it does not show
	watching bool
	bounds   image.Rectangle // the screen image's
}

// drawLayer draws the bubble and the presence word into the screen image
// at time now, the character seen through cam, over what the last one
// drew, cleared; when they would look the same, it leaves them.
func (g *Game) drawLayer(screen *ebiten.Image, cam *Camera, now float64) {
	b := screen.Bounds()
	shows := layerShows{watching: g.watching, bounds: b}
	var box bubbleBox
	if g.chat.bubbleShows(now) {
		v := cam.Resolve(b.Dx(), b.Dy(), g.scene.Pose.Min, g.scene.Pose.Max)
		box = g.bubble(&v, b.Dx(), b.Dy())
		shows.bubble, shows.doc, shows.from = box.rect(), box.doc, box.from
	}
	if g.presenceVisible() {
		shows.presence = g.presence.state
	}
	if shows == g.layer.shows && !g.layer.stale {
		return
	}
	switch {
	case g.layer.stale:
		screen.Clear()
		g.layer.stale = false
	case !g.layer.rect.Empty():
		screen.SubImage(g.layer.rect).(*ebiten.Image).Clear()
	}
	var drawn image.Rectangle
	if shows.doc != nil {
		drawn = g.paintBubble(screen, &box)
	}
	// The presence word leaves the top-left pixel clear: the renderer
	// clears it to make Ebitengine present a direct frame (see compose).
	g.layer.rect = drawn.Union(g.drawPresence(screen)).Intersect(b)
	g.layer.shows = shows
}

// layOnto lays the layer (see drawLayer) over the window, for a screen
// image off placed on it by place.
func (g *Game) layOnto(window imageTarget, off *ebiten.Image, place ebiten.GeoM) {
	r := g.layer.rect
	if r.Empty() {
		return
	}
	op := &g.layer.op
	op.GeoM.Reset()
	op.GeoM.Translate(float64(r.Min.X), float64(r.Min.Y))
	op.GeoM.Concat(place)
	window.DrawImage(off.SubImage(r).(*ebiten.Image), op)
}

// imageTarget is what an image is drawn onto: an image, or the window
// (ebiten.FinalScreen).
type imageTarget interface {
	DrawImage(img *ebiten.Image, options *ebiten.DrawImageOptions)
}

// finalState is what DrawFinalScreen reuses from frame to frame.
type finalState struct {
	quad [4]ebiten.Vertex
	op   ebiten.DrawTrianglesOptions
}

// finalRect is the part of the screen image (whose bounds are off) that
// DrawFinalScreen copies, and false when it copies all of it the usual
// way: when the image holds more than the character, or geoM (the image's
// placement on the window) scales it.
func (g *Game) finalRect(off image.Rectangle, geoM ebiten.GeoM) (image.Rectangle, bool) {
	if !g.bare || !g.r.Transparent || !translation(geoM) {
		return image.Rectangle{}, false
	}
	return g.r.Shown().Intersect(off), true
}

// translation reports whether m only moves what it transforms.
func translation(m ebiten.GeoM) bool {
	return m.Element(0, 0) == 1 && m.Element(1, 1) == 1 && m.Element(0, 1) == 0 && m.Element(1, 0) == 0
}
