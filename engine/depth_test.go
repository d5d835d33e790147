package engine

import (
	"image"
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/kin-companion/kin/avatar"
)

// Colours of the torture scene, chosen so each can be told apart on screen.
var (
	tortureSkin   = [4]float32{0.8, 0.6, 0.5, 1}
	tortureHidden = [4]float32{0, 0, 1, 1} // pure blue: must never show
	tortureEye    = [4]float32{0.95, 0.95, 0.95, 1}
	tortureLid    = [4]float32{0.8, 0.45, 0.4, 1}
	tortureRed    = [4]float32{1, 0, 0, 1}
	tortureGreen  = [4]float32{0, 1, 0, 1}
)

// tortureModel builds a face-sized scene where any depth error shows: a
// 10 cm head with a blue sphere 1 mm inside its surface, eyeballs with
// eyelids 0.5 mm above them, and two thin slabs crossing at 3°.
func tortureModel() *avatar.Model {
	b := &sceneBuilder{m: &avatar.Model{Name: "torture"}}
	skin := b.material(tortureSkin)
	b.sphere(mgl32.Vec3{}, 0.1, skin)
	b.sphere(mgl32.Vec3{}, 0.099, b.material(tortureHidden))
	eye, lid := b.material(tortureEye), b.material(tortureLid)
	for _, x := range []float32{-0.035, 0.035} {
		c := mgl32.Vec3{x, 0.02, 0.088}
		b.sphere(c, 0.014, eye)
		b.cap(c, 0.0145, 0.25, lid)                                                 // upper lid over the top of the eye
		b.sphere(c.Add(mgl32.Vec3{0, 0, 0.0125}), 0.001, b.material(tortureHidden)) // 0.5 mm under the eye surface
	}
	b.slab(mgl32.Vec3{0, -0.05, 0.11}, 0, b.material(tortureRed))
	b.slab(mgl32.Vec3{0, -0.05, 0.11}, 3*math.Pi/180, b.material(tortureGreen))
	return b.m
}

func TestDepthTorture(t *testing.T) {
	l := Prepare("torture", tortureModel())
	l.Scene.Orbit = Orbit{Yaw: 0.25, Pitch: 0.15, Zoom: 1}
	img := shot(t, l, 400, 400, 1, false, false)
	checkGolden(t, "depth-torture", img)
	if n := countColor(img, func(r, g, b int) bool { return b > 150 && r < 80 && g < 80 }); n > 0 {
		t.Errorf("%d blue pixels: a surface 1 mm or less behind another shows through", n)
	}
	red := countColor(img, func(r, g, b int) bool { return r > 150 && g < 80 && b < 80 })
	green := countColor(img, func(r, g, b int) bool { return g > 150 && r < 80 && b < 80 })
	if red < 200 || green < 200 {
		t.Errorf("crossing slabs: %d red and %d green pixels, want both sides visible", red, green)
	}
}

// countColor counts the pixels for which match holds.
func countColor(img *image.RGBA, match func(r, g, b int) bool) int {
	n := 0
	for i := 0; i < len(img.Pix); i += 4 {
		if match(int(img.Pix[i]), int(img.Pix[i+1]), int(img.Pix[i+2])) {
			n++
		}
	}
	return n
}
