package avatar

import (
	"math"

	"github.com/go-gl/mathgl/mgl32"
)

// v3 is a vector of the spring-bone step. Unlike mgl32.Vec3 (an array,
// which the Go compiler keeps in memory) a struct of three floats lives in
// registers, which makes the step's arithmetic several times cheaper.
type v3 struct{ x, y, z float32 }

// q4 is a quaternion of the spring-bone step, a struct for the same reason.
type q4 struct{ x, y, z, w float32 }

var qIdent = q4{w: 1}

func vec(v mgl32.Vec3) v3         { return v3{v[0], v[1], v[2]} }
func (a v3) add(b v3) v3          { return v3{a.x + b.x, a.y + b.y, a.z + b.z} }
func (a v3) sub(b v3) v3          { return v3{a.x - b.x, a.y - b.y, a.z - b.z} }
func (a v3) mul(k float32) v3     { return v3{a.x * k, a.y * k, a.z * k} }
func (a v3) dot(b v3) float32     { return a.x*b.x + a.y*b.y + a.z*b.z }
func (a v3) len() float32         { return sqrt32(a.dot(a)) }
func sqrt32(x float32) float32    { return float32(math.Sqrt(float64(x))) }
func qv(q mgl32.Quat) q4          { return q4{q.V[0], q.V[1], q.V[2], q.W} }
func (q q4) mgl() mgl32.Quat      { return mgl32.Quat{W: q.w, V: mgl32.Vec3{q.x, q.y, q.z}} }
func (q q4) dot(p q4) float32     { return q.x*p.x + q.y*p.y + q.z*p.z + q.w*p.w }
func (q q4) scale(k float32) q4   { return q4{q.x * k, q.y * k, q.z * k, q.w * k} }
func (a v3) cross(b v3) v3        { return v3{a.y*b.z - a.z*b.y, a.z*b.x - a.x*b.z, a.x*b.y - a.y*b.x} }
func col(m *mgl32.Mat4, c int) v3 { return v3{m[c*4], m[c*4+1], m[c*4+2]} }
func origin(m *mgl32.Mat4) v3     { return v3{m[12], m[13], m[14]} }
func (q q4) normalize() q4        { return q.scale(1 / sqrt32(q.dot(q))) }
func dirOf(m *mgl32.Mat4, v v3) v3 {
	return v3{m[0]*v.x + m[4]*v.y + m[8]*v.z, m[1]*v.x + m[5]*v.y + m[9]*v.z, m[2]*v.x + m[6]*v.y + m[10]*v.z}
}
func pointOf(m *mgl32.Mat4, v v3) v3 {
	return dirOf(m, v).add(origin(m))
}

// unitOrV returns a normalised, or def when a is (nearly) zero.
func unitOrV(a, def v3) v3 {
	l2 := a.dot(a)
	if l2 < 1e-18 {
		return def
	}
	return a.mul(1 / sqrt32(l2))
}

// qmul is the product p·q (q applied first).
func qmul(p, q q4) q4 {
	return q4{
		p.w*q.x + p.x*q.w + p.y*q.z - p.z*q.y,
		p.w*q.y - p.x*q.z + p.y*q.w + p.z*q.x,
		p.w*q.z + p.x*q.y - p.y*q.x + p.z*q.w,
		p.w*q.w - p.x*q.x - p.y*q.y - p.z*q.z,
	}
}

// trsMat returns the matrix T·R·S, with r a unit quaternion.
func trsMat(t v3, r q4, s v3) mgl32.Mat4 {
	x2, y2, z2 := r.x+r.x, r.y+r.y, r.z+r.z
	xx, yy, zz := r.x*x2, r.y*y2, r.z*z2
	xy, xz, yz := r.x*y2, r.x*z2, r.y*z2
	wx, wy, wz := r.w*x2, r.w*y2, r.w*z2
	return mgl32.Mat4{
		(1 - yy - zz) * s.x, (xy + wz) * s.x, (xz - wy) * s.x, 0,
		(xy - wz) * s.y, (1 - xx - zz) * s.y, (yz + wx) * s.y, 0,
		(xz + wy) * s.z, (yz - wx) * s.z, (1 - xx - yy) * s.z, 0,
		t.x, t.y, t.z, 1,
	}
}
