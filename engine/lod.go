package engine

import (
	"math"

	"github.com/kin-companion/kin/avatar"
)

// Levels of detail. On a software renderer the geometry passes cost by the
// triangle as much as by the pixel: the default avatar's 22,752 triangles
// cover about 2.6 pixels each in a 480×720 window, fewer in the overlay.
// Once a model's levels are built (avatar.ComputeLODs, off the game loop,
// see Game.pollLODs) each primitive is drawn with its coarsest level whose
// geometric error stays under lodPixels on screen.
const lodPixels = 0.75

// lodIndices is the triangle list to draw primitive pi with, given the
// extent of its projected vertices: the full list, or a level of detail
// whose error, measured in the primitive's own units and scaled by how
// many pixels one such unit covers now, is under lodPixels.
func lodIndices(pi *primInfo, ext *extent) []uint32 {
	if pi.src == nil || len(pi.src.LODs) == 0 || pi.size <= 0 {
		return pi.indices
	}
	if ext.behind {
		return pi.indices // partly behind the camera: close enough to want every triangle
	}
	// How far the primitive reaches on screen against how far it reaches
	// in its own units: pixels per unit (perspective, node and skin
	// scale in one).
	onScreen := math.Hypot(float64(ext.hi[0]-ext.lo[0]), float64(ext.hi[1]-ext.lo[1]))
	if onScreen <= 0 {
		return pi.indices
	}
	return pi.src.IndicesFor(float32(lodPixels * float64(pi.size) / onScreen))
}

// lodResult is a model's levels of detail, built off the game loop.
type lodResult struct {
	model *avatar.Model
	lods  [][][]avatar.LOD
}

// pollLODs starts building the shown model's levels of detail in the
// background the first time the real game loop shows it (tests that draw
// without it keep the full meshes, and their pictures), and gives the
// model its levels once built; levels built for a model since replaced
// are dropped.
func (g *Game) pollLODs() {
	if g.pace != nil && g.scene != nil && g.lodsFor != g.scene.Model {
		m := g.scene.Model
		g.lodsFor = m
		if g.lods == nil {
			g.lods = make(chan lodResult, 1)
		}
		go func() { g.lods <- lodResult{m, avatar.ComputeLODs(m, avatar.DefaultLODOptions)} }()
	}
	select {
	case res := <-g.lods:
		if g.scene != nil && res.model == g.scene.Model {
			res.model.SetLODs(res.lods)
		}
	default:
	}
}
