package engine

import (
	"image"

	"github.com/hajimehoshi/ebiten/v2"
)

// DrawFinalScreen puts the frame onto the window
// ([ebiten.FinalScreenDrawer]). Ebitengine clears the window first, so
// while nothing but the character shows on a transparent window only the
// character's rectangle goes onto it: in the overlay composited straight
// from the colour buffer, with the edge glow when it is lit (see
// setDirect), on the fitted desktop canvas copied from the screen image.
// On a software GPU a pass over the whole window costs about a tenth of an
// overlay frame. Anything else takes Ebitengine's own copy of the whole
// image.
func (g *Game) DrawFinalScreen(screen ebiten.FinalScreen, off *ebiten.Image, geoM ebiten.GeoM) {
	if g.r.Direct {
		g.r.CompositeOnto(screen, off.Bounds(), geoM)
		if !g.amb.glowAway {
			g.amb.glow.drawOnto(screen, off.Bounds(), geoM, g.ui.s, g.glowAt)
		}
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

// setDirect makes the overlay's frames go onto the window straight from
// the colour buffer (Renderer.Direct) while nothing but the character
// shows, and the edge glow, drawn onto the window after it: one pass over
// the character's rectangle (and the glow's band), where compositing into
// the screen image and copying that onto the window took two passes over
// the whole window. Leaving it, the screen image is repainted whole, as it
// no longer holds the frame.
func (g *Game) setDirect(on bool) {
	if g.r.Direct && !on {
		g.r.Invalidate()
	}
	g.r.Direct = on
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
