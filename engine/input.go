package engine

import (
	"io/fs"
	"math"
	"slices"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/inpututil"
	"github.com/kin-companion/kin/agent/protocol"
	"github.com/kin-companion/kin/avatar"
)

// orbitState tracks a drag that orbits the camera in window mode.
type orbitState struct {
	dragging     bool
	lastX, lastY int
}

// Orbit limits.
const (
	minZoom, maxZoom = 0.2, 4
	maxPitch         = 1.3
	orbitPerPixel    = 0.008
)

// handleDrop starts loading the first file dropped on the window.
func (g *Game) handleDrop() {
	fsys := ebiten.DroppedFiles()
	if fsys == nil {
		return
	}
	g.dropFS(fsys)
}

// dropFS loads the first file of fsys as the new avatar, or plays it when
// it is a VRM animation (.vrma); on failure the old avatar stays and the
// error is shown.
func (g *Game) dropFS(fsys fs.FS) {
	name, err := firstFile(fsys)
	if err == nil && avatar.IsVRMA(name) {
		g.dropClip(fsys, name)
		return
	}
	if err == nil {
		err = g.ld.start(fsys, name, slices.Clone(g.drops.srcs))
	}
	if err != nil {
		g.ui.showError(g.now(), err)
		return
	}
	g.emit(protocol.LoadStartPayload{URI: name})
}

// handleKeys: P toggles the portrait framing, R resets the view, O toggles
// overlay and window modes, Escape closes the overlay's menu, F1 shows the
// debug overlay.
func (g *Game) handleKeys() {
	switch {
	case inpututil.IsKeyJustPressed(ebiten.KeyP):
		g.scene.Portrait = !g.scene.Portrait
	case inpututil.IsKeyJustPressed(ebiten.KeyR):
		g.scene.Orbit = Orbit{Zoom: 1}
	case inpututil.IsKeyJustPressed(ebiten.KeyO):
		g.toggleMode()
	case inpututil.IsKeyJustPressed(ebiten.KeyEscape):
		g.ov.menu.open = false
	case inpututil.IsKeyJustPressed(ebiten.KeyF1):
		g.debug = !g.debug
	}
}

// updateOrbit turns the camera by dragging with the left button and zooms
// with the wheel.
func (g *Game) updateOrbit() {
	o := &g.scene.Orbit
	x, y := ebiten.CursorPosition()
	if inpututil.IsMouseButtonJustPressed(ebiten.MouseButtonLeft) {
		g.orbit = orbitState{dragging: true, lastX: x, lastY: y}
	}
	if g.orbit.dragging {
		if !ebiten.IsMouseButtonPressed(ebiten.MouseButtonLeft) {
			g.orbit.dragging = false
		} else {
			perPixel := orbitPerPixel / float32(g.ui.s) // per device-independent pixel
			o.Yaw -= float32(x-g.orbit.lastX) * perPixel
			o.Pitch += float32(y-g.orbit.lastY) * perPixel
			o.Pitch = max(-maxPitch, min(maxPitch, o.Pitch))
			g.orbit.lastX, g.orbit.lastY = x, y
		}
	}
	if _, wy := ebiten.Wheel(); wy != 0 {
		o.Zoom *= float32(math.Pow(0.9, wy))
		o.Zoom = max(minZoom, min(maxZoom, o.Zoom))
	}
}
