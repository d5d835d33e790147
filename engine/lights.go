package engine

import (
	"math"

	"github.com/go-gl/mathgl/mgl32"
)

// Light is a directional light placed relative to the camera, so the
// character stays well lit from any orbit angle.
type Light struct {
	// Side, Up and Toward weight the camera's right, up and backward (toward
	// the viewer) axes; their normalised sum points from the surface to the
	// light.
	Side, Up, Toward float32
	Color            [3]float32 // linear RGB, intensity included
}

// Rig is the lighting of the scene: a warm key, a cool fill, a rim from
// behind to separate the silhouette, and a soft sky/ground ambient.
type Rig struct {
	Key, Fill, Rim Light
	Sky, Ground    [3]float32
	Specular       float32
	Exposure       float32
}

// DefaultRig is a portrait-style three-point setup.
var DefaultRig = Rig{
	Key:      Light{Side: -0.55, Up: 0.6, Toward: 0.7, Color: [3]float32{2.3, 2.12, 1.9}},
	Fill:     Light{Side: 0.8, Up: 0.05, Toward: 0.6, Color: [3]float32{0.34, 0.42, 0.56}},
	Rim:      Light{Side: 0.35, Up: 0.55, Toward: -0.9, Color: [3]float32{0.85, 0.82, 0.8}},
	Sky:      [3]float32{0.26, 0.29, 0.36},
	Ground:   [3]float32{0.13, 0.11, 0.1},
	Specular: 0.18,
	Exposure: 0.85,
}

// dir returns the light's world direction for a view.
func (l Light) dir(v *View) mgl32.Vec3 {
	d := v.Right.Mul(l.Side).Add(v.Up.Mul(l.Up)).Sub(v.Forward.Mul(l.Toward))
	return d.Normalize()
}

// vertexRig is a [Rig] resolved for one view, for the part of the light
// worked out per vertex on the CPU: materials that are neither unlit, toon
// nor MToon (see vertexLit) get at each vertex the cosines N·V and N·H of
// its normal N with the view direction and the key light's half vector,
// whose interpolation the colour shader divides by the interpolated
// normal's length (a view ray and a half vector normalised at every pixel
// cost a software renderer far more).
type vertexRig struct {
	key mgl32.Vec3 // unit direction toward the key light
}

// set resolves rig for view v.
func (l *vertexRig) set(rig *Rig, v *View) { l.key = rig.Key.dir(v) }

// cosines returns N·V and N·H for normal n (of any length: the shader
// divides by the interpolated one's) at offset d = (dx, dy, dz) from the
// eye. V is -d/|d| and H is K+V normalised, K the key light's unit
// direction; since H ∥ K|d| - d, whose squared length is 2d² - 2|d|K·d,
// N·H takes one square root after |d|'s and N·V's division runs beside
// it (these long operations, not the products, bound the time).
func (l *vertexRig) cosines(n *mgl32.Vec3, dx, dy, dz float32) (nv, nh float32) {
	k := &l.key
	dd := dx*dx + dy*dy + dz*dz
	if dd < 1e-20 {
		dd = 1e-20
	}
	s := sqrt32(dd)
	nd := n[0]*dx + n[1]*dy + n[2]*dz
	hh := 2*dd - 2*s*(k[0]*dx+k[1]*dy+k[2]*dz)
	if hh < 1e-20*dd {
		hh = 1e-20 * dd
	}
	return -nd / s, (s*(n[0]*k[0]+n[1]*k[1]+n[2]*k[2]) - nd) / sqrt32(hh)
}

// sqrt32 is a float32 square root (one SQRTSS: the compiler fuses the
// conversions).
func sqrt32(x float32) float32 { return float32(math.Sqrt(float64(x))) }
