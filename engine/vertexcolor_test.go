package engine

import (
	"testing"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/kin-companion/kin/avatar"
)

// lastPrim returns the primitive the builder added last.
func (b *sceneBuilder) lastPrim() *avatar.Primitive {
	return &b.m.Meshes[len(b.m.Meshes)-1].Primitives[0]
}

// vertexColorModel: a white lit sphere whose COLOR_0 is red on top and blue
// below, an unlit white slab with red, green, blue and black corners, and a
// MASK slab whose vertex alpha is 0 on its left edge and 1 on its right.
func vertexColorModel() *avatar.Model {
	b := &sceneBuilder{m: &avatar.Model{Name: "vertex-colors"}}
	b.sphere(mgl32.Vec3{-0.05, 0, 0}, 0.04, b.material([4]float32{1, 1, 1, 1}))
	p := b.lastPrim()
	for _, n := range p.Normals {
		if n[1] > 0 {
			p.Colors = append(p.Colors, [4]float32{1, 0.05, 0.05, 1})
		} else {
			p.Colors = append(p.Colors, [4]float32{0.05, 0.05, 1, 1})
		}
	}
	unlit := func(mode avatar.AlphaMode) int {
		b.m.Materials = append(b.m.Materials, avatar.Material{BaseColor: [4]float32{1, 1, 1, 1}, AlphaMode: mode, AlphaCutoff: 0.5, Unlit: true, DoubleSided: true})
		return len(b.m.Materials) - 1
	}
	// Slab corners in order: bottom left, bottom right, top right, top left.
	b.slab(mgl32.Vec3{0.04, 0.02, 0}, 0, unlit(avatar.AlphaOpaque))
	b.lastPrim().Colors = [][4]float32{{1, 0, 0, 1}, {0, 1, 0, 1}, {0, 0, 1, 1}, {0, 0, 0, 1}}
	b.slab(mgl32.Vec3{0.04, -0.025, 0}, 0, unlit(avatar.AlphaMask))
	b.lastPrim().Colors = [][4]float32{{1, 1, 0, 0}, {1, 1, 0, 1}, {1, 1, 0, 1}, {1, 1, 0, 0}}
	return b.m
}

// TestVertexColors: COLOR_0 multiplies the base colour, interpolated across
// triangles, and its alpha takes part in the MASK cut-off.
func TestVertexColors(t *testing.T) {
	l := Prepare("vertex-colors", vertexColorModel())
	img := shot(t, l, 400, 300, 1, false, false)
	checkGolden(t, "vertex-colors", img)
	checks := []struct {
		what string
		n    int
		min  int
	}{
		{"red sphere top", countColor(img, func(r, g, b int) bool { return r > 180 && g < 140 && b < 140 }), 2000},
		{"blue sphere bottom", countColor(img, func(r, g, b int) bool { return b > 180 && r < 110 && g < 110 }), 2000},
		{"green slab corner", countColor(img, func(r, g, b int) bool { return g > 150 && r < 90 && b < 90 }), 50},
		{"yellow mask half", countColor(img, func(r, g, b int) bool { return r > 200 && g > 200 && b < 60 }), 1000},
	}
	for _, c := range checks {
		if c.n < c.min {
			t.Errorf("%s: %d pixels, want at least %d", c.what, c.n, c.min)
		}
	}
	// The mask slab's vertex alpha crosses the 0.5 cut-off halfway: its
	// left half must be cut out, so its yellow spans about half its width.
	minX, maxX := img.Rect.Max.X, 0
	for y := 0; y < img.Rect.Dy(); y++ {
		for x := 0; x < img.Rect.Dx(); x++ {
			o := img.PixOffset(x, y)
			if img.Pix[o] > 200 && img.Pix[o+1] > 200 && img.Pix[o+2] < 60 {
				minX, maxX = min(minX, x), max(maxX, x)
			}
		}
	}
	if cx := 400 / 2; minX < cx+5 {
		t.Errorf("yellow from x=%d to %d: the left half of the mask slab (alpha < 0.5) was drawn", minX, maxX)
	}
}
