package engine

import (
	"image"
	"math"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/kin-companion/kin/avatar"
)

// A soft contact shadow grounds the character: a dark blob on the floor
// under it, drawn by the composite pass into the background (in the
// overlay, as translucent black on the desktop). The floor is the lowest
// posed vertex; the blob sits under the hips (or the middle of the
// model), sized from the model's rest-pose footprint so that gestures do
// not make it breathe.

// shadowStrength is how dark the middle of the shadow is, 0..1.
const shadowStrength = 0.38

// shadowSize is the floor radii of a model's shadow along x and z, from
// its rest-pose bounds: half the footprint, at least an eighth of the
// height.
func shadowSize(lo, hi mgl32.Vec3) (rx, rz float32) {
	h := hi[1] - lo[1]
	return max(0.5*(hi[0]-lo[0]), 0.125*h), max(0.5*(hi[2]-lo[2]), 0.125*h)
}

// shadowCenter is the point on the floor under the hips, or under the
// middle of the bounds for a model without them.
func shadowCenter(p *avatar.Pose) mgl32.Vec3 {
	c := mgl32.Vec3{(p.Min[0] + p.Max[0]) / 2, p.Min[1], (p.Min[2] + p.Max[2]) / 2}
	if n := p.Model.Humanoid.Node(avatar.BoneHips); n >= 0 && n < len(p.World) {
		hips := p.World[n].Col(3)
		c[0], c[2] = hips[0], hips[2]
	}
	return c
}

// screenShadow projects the floor ellipse through v and returns its centre
// and half axes in target pixels (the box around the projected rim, which
// perspective makes lopsided: the near half is the larger), and the
// rectangle it covers; ok is false when part of it is behind the camera.
func screenShadow(v *View, c mgl32.Vec3, rx, rz float32) (center, axes [2]float32, rect image.Rectangle, ok bool) {
	const inf = float32(math.MaxFloat32)
	x0, y0, x1, y1 := inf, inf, -inf, -inf
	for _, d := range [4]mgl32.Vec3{{rx, 0, 0}, {-rx, 0, 0}, {0, 0, rz}, {0, 0, -rz}} {
		x, y, z := v.Project(c.Add(d))
		if z <= 0 {
			return center, axes, rect, false
		}
		x0, y0, x1, y1 = min(x0, x), min(y0, y), max(x1, x), max(y1, y)
	}
	center = [2]float32{(x0 + x1) / 2, (y0 + y1) / 2}
	axes = [2]float32{(x1 - x0) / 2, (y1 - y0) / 2}
	axes[1] = max(axes[1], axes[0]*0.12) // seen from the floor's level, a sliver rather than nothing
	rect = image.Rect(int(center[0]-axes[0])-1, int(center[1]-axes[1])-1, int(center[0]+axes[0])+2, int(center[1]+axes[1])+2)
	return center, axes, rect, true
}
