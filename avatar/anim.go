package avatar

import (
	"math"

	"github.com/go-gl/mathgl/mgl32"
)

// Sample evaluates the clip at time t (seconds, clamped to the clip's keys;
// the caller wraps t for looping) and mixes the result into the pose's local
// transforms and morph weights with the given weight: 1 replaces, 0 leaves
// the pose as it was, anything between cross-fades. Sample does not
// allocate.
func (c *Clip) Sample(t float32, p *Pose, weight float32) {
	if weight <= 0 {
		return
	}
	weight = min(weight, 1)
	var buf [4]float32
	for i := range c.Channels {
		ch := &c.Channels[i]
		if ch.Node >= len(p.Local) {
			continue
		}
		if ch.Path == PathWeights {
			sampleWeights(ch, t, p.Weights[ch.Node], weight)
			continue
		}
		ch.eval(t, buf[:ch.Width])
		mixTRS(&p.Local[ch.Node], ch.Path, buf, weight)
	}
}

// LoopTime wraps t into [0, Duration) for a looping clip.
func (c *Clip) LoopTime(t float32) float32 {
	if c.Duration <= 0 {
		return 0
	}
	return float32(math.Mod(float64(t), float64(c.Duration)))
}

func mixTRS(l *TRS, path Path, v [4]float32, w float32) {
	switch path {
	case PathTranslation:
		l.T = lerp3(l.T, mgl32.Vec3{v[0], v[1], v[2]}, w)
	case PathScale:
		l.S = lerp3(l.S, mgl32.Vec3{v[0], v[1], v[2]}, w)
	case PathRotation:
		q := mgl32.Quat{W: v[3], V: mgl32.Vec3{v[0], v[1], v[2]}}
		if w >= 1 {
			l.R = q
		} else {
			l.R = slerp(l.R, q, w)
		}
	}
}

func sampleWeights(ch *Channel, t float32, out []float32, w float32) {
	k, s := ch.locate(t)
	for i := 0; i < ch.Width && i < len(out); i++ {
		v := ch.component(k, s, i)
		out[i] += (v - out[i]) * w
	}
}

// eval writes the channel's value at t into out (Width floats; rotations
// come back normalised).
func (ch *Channel) eval(t float32, out []float32) {
	k, s := ch.locate(t)
	if ch.Interp == InterpLinear && ch.Path == PathRotation && s > 0 {
		a, b := ch.quatAt(k), ch.quatAt(k+1)
		q := slerp(a, b, s)
		out[0], out[1], out[2], out[3] = q.V[0], q.V[1], q.V[2], q.W
		return
	}
	for i := range out {
		out[i] = ch.component(k, s, i)
	}
	if ch.Path == PathRotation {
		normalize4(out)
	}
}

// locate finds the keyframe k at or before t and the fraction s toward k+1;
// s is 0 before the first key, at the last key and past it.
func (ch *Channel) locate(t float32) (k int, s float32) {
	times := ch.Times
	n := len(times)
	if t <= times[0] || n == 1 {
		return 0, 0
	}
	if t >= times[n-1] {
		return n - 1, 0
	}
	lo, hi := 0, n-1 // times[lo] <= t < times[hi]
	for hi-lo > 1 {
		mid := (lo + hi) / 2
		if times[mid] <= t {
			lo = mid
		} else {
			hi = mid
		}
	}
	if ch.Interp == InterpStep {
		return lo, 0
	}
	return lo, (t - times[lo]) / (times[hi] - times[lo])
}

// component returns component i of the value between key k and k+1.
func (ch *Channel) component(k int, s float32, i int) float32 {
	w := ch.Width
	if ch.Interp != InterpCubicSpline {
		v0 := ch.Values[k*w+i]
		if s == 0 {
			return v0
		}
		return v0 + (ch.Values[(k+1)*w+i]-v0)*s
	}
	// CUBICSPLINE: per key [in-tangent, value, out-tangent], glTF 2.0 §C.
	v0 := ch.Values[(3*k+1)*w+i]
	if s == 0 {
		return v0
	}
	td := ch.Times[k+1] - ch.Times[k]
	b0 := ch.Values[(3*k+2)*w+i]
	v1 := ch.Values[(3*(k+1)+1)*w+i]
	a1 := ch.Values[(3*(k+1))*w+i]
	s2, s3 := s*s, s*s*s
	return (2*s3-3*s2+1)*v0 + td*(s3-2*s2+s)*b0 + (-2*s3+3*s2)*v1 + td*(s3-s2)*a1
}

func (ch *Channel) quatAt(k int) mgl32.Quat {
	v := ch.Values[k*4 : k*4+4]
	return mgl32.Quat{W: v[3], V: mgl32.Vec3{v[0], v[1], v[2]}}
}

func lerp3(a, b mgl32.Vec3, t float32) mgl32.Vec3 {
	return mgl32.Vec3{a[0] + (b[0]-a[0])*t, a[1] + (b[1]-a[1])*t, a[2] + (b[2]-a[2])*t}
}

// slerp interpolates along the shorter arc, as glTF requires.
func slerp(a, b mgl32.Quat, t float32) mgl32.Quat {
	d := a.Dot(b)
	if d < 0 {
		b, d = b.Scale(-1), -d
	}
	if d > 0.9995 {
		return mgl32.Quat{W: a.W + (b.W-a.W)*t, V: lerp3(a.V, b.V, t)}.Normalize()
	}
	theta := math.Acos(float64(d))
	sin := math.Sin(theta)
	wa := float32(math.Sin((1-float64(t))*theta) / sin)
	wb := float32(math.Sin(float64(t)*theta) / sin)
	return mgl32.Quat{W: a.W*wa + b.W*wb, V: a.V.Mul(wa).Add(b.V.Mul(wb))}
}

func normalize4(v []float32) {
	l := float32(math.Sqrt(float64(v[0]*v[0] + v[1]*v[1] + v[2]*v[2] + v[3]*v[3])))
	if l == 0 {
		v[3] = 1
		return
	}
	for i := range v {
		v[i] /= l
	}
}
