//go:build !(goexperiment.simd && amd64)

package raster

// vectorShading: this build shades no fragments four at once (it needs
// GOEXPERIMENT=simd on amd64; see queue_simd.go).
var vectorShading = false

// shadeVector is not called in this build.
func (q *queue) shadeVector(tg *Target, out *output) {
	panic("raster: no vector shading in this build")
}

// interpolate8 is not called in this build.
func interpolate8(a *[8]float32, t *triangle, fx, fy float32) {
	panic("raster: no vector shading in this build")
}

// vecDraw is empty in this build.
type vecDraw struct{}

// set does nothing in this build.
func (v *vecDraw) set(sh *shader, out *output) {}
