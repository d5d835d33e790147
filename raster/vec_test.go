package raster

import "math"

// vec is a float64 3-vector for the reference shader.
type vec [3]float64

// add is a + b.
func (a vec) add(b vec) vec { return vec{a[0] + b[0], a[1] + b[1], a[2] + b[2]} }

// mul is a × b, channel by channel.
func (a vec) mul(b vec) vec { return vec{a[0] * b[0], a[1] * b[1], a[2] * b[2]} }

// scale is a·k.
func (a vec) scale(k float64) vec { return vec{a[0] * k, a[1] * k, a[2] * k} }

// dot is a·b.
func (a vec) dot(b vec) float64 { return a[0]*b[0] + a[1]*b[1] + a[2]*b[2] }

// norm is a scaled to unit length.
func (a vec) norm() vec { return a.scale(1 / math.Sqrt(a.dot(a))) }

// v64 widens a float32 vector.
func v64(a [3]float32) vec { return vec{float64(a[0]), float64(a[1]), float64(a[2])} }

// f32 narrows a to float32.
func f32(a vec) [3]float32 { return [3]float32{float32(a[0]), float32(a[1]), float32(a[2])} }

// splat is (k, k, k).
func splat(k float64) vec { return vec{k, k, k} }

// mix is GLSL's mix: a + (b − a)·t.
func mix(a, b vec, t float64) vec { return a.add(b.add(a.scale(-1)).scale(t)) }

// clamp01 clamps x to [0, 1].
func clamp01(x float64) float64 { return min(max(x, 0), 1) }

// smooth is GLSL's smoothstep.
func smooth(e0, e1, x float64) float64 {
	t := clamp01((x - e0) / (e1 - e0))
	return t * t * (3 - 2*t)
}
