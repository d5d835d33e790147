package engine

import (
	"math"

	"github.com/go-gl/mathgl/mgl32"
)

// Camera is an orbit camera around a target point. Yaw 0 looks at the
// character's front: glTF characters face +Z, so the eye sits on +Z.
type Camera struct {
	Target   mgl32.Vec3
	Yaw      float32 // radians about +Y
	Pitch    float32 // radians, positive looks down from above
	Distance float32 // from the target, metres
	FovY     float32 // vertical field of view, radians
}

// View is a camera resolved for one frame and one viewport: an orthonormal
// basis and the pinhole projection in pixels.
type View struct {
	Eye                 mgl32.Vec3
	Right, Up, Forward  mgl32.Vec3
	Width, Height       float32 // viewport in pixels
	CenterX, CenterY    float32 // principal point, pixels
	Focal               float32 // focal length, pixels
	NearClip            float32 // vertices closer than this are dropped
	DepthNear, DepthFar float32 // the fitted depth range, metres
}

// Eye returns the camera position.
func (c *Camera) Eye() mgl32.Vec3 {
	sy, cy := sincos(c.Yaw)
	sp, cp := sincos(c.Pitch)
	dir := mgl32.Vec3{sy * cp, sp, cy * cp}
	return c.Target.Add(dir.Mul(c.Distance))
}

// Resolve computes the frame's view for a w×h viewport. The depth range is
// fitted to the axis-aligned box min..max (the posed bounds) so the 10-bit
// depth key spends its precision on the model only.
func (c *Camera) Resolve(w, h int, bmin, bmax mgl32.Vec3) View {
	eye := c.Eye()
	fwd := c.Target.Sub(eye).Normalize()
	right := fwd.Cross(mgl32.Vec3{0, 1, 0})
	if right.Len() < 1e-5 {
		right = mgl32.Vec3{1, 0, 0}
	}
	right = right.Normalize()
	up := right.Cross(fwd)
	v := View{
		Eye: eye, Right: right, Up: up, Forward: fwd,
		Width: float32(w), Height: float32(h),
		CenterX: float32(w) / 2, CenterY: float32(h) / 2,
		Focal:    float32(h) / 2 / float32(math.Tan(float64(c.FovY)/2)),
		NearClip: 0.01,
	}
	v.fitDepth(bmin, bmax)
	return v
}

// fitDepth sets DepthNear and DepthFar to the view-space depth range of the
// box's corners, with a small margin.
func (v *View) fitDepth(bmin, bmax mgl32.Vec3) {
	lo, hi := float32(math.Inf(1)), float32(math.Inf(-1))
	for i := 0; i < 8; i++ {
		p := bmin
		if i&1 != 0 {
			p[0] = bmax[0]
		}
		if i&2 != 0 {
			p[1] = bmax[1]
		}
		if i&4 != 0 {
			p[2] = bmax[2]
		}
		z := p.Sub(v.Eye).Dot(v.Forward)
		lo, hi = min(lo, z), max(hi, z)
	}
	margin := (hi-lo)*0.01 + 1e-3
	v.DepthNear = max(lo-margin, v.NearClip)
	v.DepthFar = max(hi+margin, v.DepthNear*1.001+1e-3)
}

// depthCoeffs returns a, b such that depth = (a - 1/z)·b maps DepthNear to 0
// and DepthFar to 1, affine in 1/z so it interpolates exactly in screen space.
func (v *View) depthCoeffs() (a, b float32) {
	a = 1 / v.DepthNear
	return a, 1 / (a - 1/v.DepthFar)
}

// Project returns the pixel position and view depth of a world point.
func (v *View) Project(p mgl32.Vec3) (x, y, z float32) {
	d := p.Sub(v.Eye)
	z = d.Dot(v.Forward)
	x = v.CenterX + v.Focal*d.Dot(v.Right)/z
	y = v.CenterY - v.Focal*d.Dot(v.Up)/z
	return x, y, z
}

func sincos(a float32) (s, c float32) {
	sf, cf := math.Sincos(float64(a))
	return float32(sf), float32(cf)
}
