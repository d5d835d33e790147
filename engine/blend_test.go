package engine

import (
	"testing"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/kin-companion/kin/avatar"
)

// blendModel: an opaque red slab at the back, a half-transparent blue slab
// in front of it, and a half-transparent green slab nearest, all unlit so
// the mix can be read off the pixels.
func blendModel() *avatar.Model {
	b := &sceneBuilder{m: &avatar.Model{Name: "blend"}}
	add := func(c [4]float32, mode avatar.AlphaMode) int {
		b.m.Materials = append(b.m.Materials, avatar.Material{BaseColor: c, AlphaMode: mode, AlphaCutoff: 0.5, Unlit: true, DoubleSided: true})
		return len(b.m.Materials) - 1
	}
	// Added nearest first, so drawing in file order would be wrong.
	b.slab(mgl32.Vec3{0.02, 0.008, 0.02}, 0, add([4]float32{0, 1, 0, 0.5}, avatar.AlphaBlend))
	b.slab(mgl32.Vec3{0, 0, 0.01}, 0, add([4]float32{0, 0, 1, 0.5}, avatar.AlphaBlend))
	b.slab(mgl32.Vec3{-0.02, -0.008, 0}, 0, add([4]float32{1, 0, 0, 1}, avatar.AlphaOpaque))
	// MASK: alpha below the cut-off vanishes, above it is drawn opaque.
	b.slab(mgl32.Vec3{-0.03, -0.03, 0}, 0, add([4]float32{1, 1, 0, 0.3}, avatar.AlphaMask))
	b.slab(mgl32.Vec3{0.03, -0.03, 0}, 0, add([4]float32{0, 1, 1, 0.8}, avatar.AlphaMask))
	return b.m
}

// TestBlendOrder: blended surfaces are drawn after opaque ones and back to
// front, whatever their order in the file; MASK cuts at its cut-off.
func TestBlendOrder(t *testing.T) {
	l := Prepare("blend", blendModel())
	img := shot(t, l, 300, 200, 1, false, false)
	checkGolden(t, "blend-order", img)
	// Where all three overlap: green over (blue over red). Back to front
	// gives G ≈ ½, B ≈ ¼, R ≈ ¼ in linear light; the wrong order would
	// give more blue than green or hide the red.
	purpleish := countColor(img, func(r, g, b int) bool { return r > 60 && b > 60 && g < 40 })
	all3 := countColor(img, func(r, g, b int) bool { return g > r && g > b && r > 40 && b > 40 })
	if purpleish < 100 || all3 < 100 {
		t.Errorf("%d blue-over-red pixels and %d green-over-both pixels: blending is out of order", purpleish, all3)
	}
	if n := countColor(img, func(r, g, b int) bool { return r > 100 && g > 100 && b < 60 }); n > 0 {
		t.Errorf("%d yellow pixels: a MASK surface below its cut-off was drawn", n)
	}
	if n := countColor(img, func(r, g, b int) bool { return r < 30 && g > 200 && b > 200 }); n < 200 {
		t.Errorf("%d opaque cyan pixels: a MASK surface above its cut-off must be drawn opaque", n)
	}
}
