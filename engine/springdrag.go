package engine

import (
	"image"

	"github.com/go-gl/mathgl/mgl32"
)

// placeSprings tells the character where the overlay window now is, so
// that its spring bones feel a drag across the desktop: hair and skirts
// lag behind and swing back. The window's position becomes the model's
// placement in a world fixed to the desktop, in metres at the character's
// scale (the window's height spans the framed height). The first
// placement, or a jump of a metre or more, resets the springs at rest.
func (g *Game) placeSprings(win image.Point) {
	h := float64(g.size[1]) / max(g.ui.s, 1e-3) // device-independent, as window positions are
	f := g.scene.home[0]
	if g.scene.Portrait {
		f = g.scene.home[1]
	}
	if h <= 0 || f.halfH <= 0 {
		return
	}
	perPixel := 2 * f.halfH / float32(h)
	g.scene.Char.SetPlacement(mgl32.Translate3D(float32(win.X)*perPixel, -float32(win.Y)*perPixel, 0))
}
