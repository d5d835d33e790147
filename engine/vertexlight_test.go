package engine

import (
	"image"
	"testing"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/kin-companion/kin/avatar"
)

// vertexLitModel: a glossy sphere whose highlight falls between vertices,
// and a double-sided slab turned away, so its back (a flipped normal)
// shows. With white set, every primitive gets a white COLOR_0, which keeps
// the materials lit per pixel and the picture the same.
func vertexLitModel(white bool) *avatar.Model {
	b := &sceneBuilder{m: &avatar.Model{Name: "vertex-lit"}}
	b.sphere(mgl32.Vec3{-0.02, 0.01, 0}, 0.03, b.material([4]float32{0.7, 0.45, 0.35, 1}))
	back := b.material([4]float32{0.3, 0.5, 0.7, 1})
	b.m.Materials[back].DoubleSided = true
	b.slab(mgl32.Vec3{0.035, -0.03, 0.01}, 2.6, back)
	if white {
		for i := range b.m.Meshes {
			p := &b.m.Meshes[i].Primitives[0]
			p.Colors = make([][4]float32, len(p.Positions))
			for k := range p.Colors {
				p.Colors[k] = [4]float32{1, 1, 1, 1}
			}
		}
	}
	return b.m
}

// TestVertexLitMatchesPerPixel: lighting a material partly per vertex
// (vertexLit) draws the picture that lighting it all per pixel does.
func TestVertexLitMatchesPerPixel(t *testing.T) {
	var imgs [2]*Loaded
	for i, white := range []bool{false, true} {
		m := vertexLitModel(white)
		for k := range m.Materials {
			if got := vertexLit(m, &m.Materials[k]); got == white {
				t.Fatalf("white %v: material %d lit per vertex %v", white, k, got)
			}
		}
		imgs[i] = Prepare("vertex-lit", m)
	}
	a := shot(t, imgs[0], 300, 300, 1, false, false)
	b := shot(t, imgs[1], 300, 300, 1, false, false)
	lit := countColor(a, func(r, g, bl int) bool { return r > 200 && g > 170 })
	if lit == 0 {
		t.Error("no highlight on the sphere")
	}
	bad, frac := diff(a, b)
	near := closeFraction(a, b, 4)
	t.Logf("%d pixels off by more than %d, %.2f%% within 4", bad, pixelTolerance, near*100)
	if frac > 0.001 {
		t.Errorf("%d pixels (%.2f%%) differ between per-vertex and per-pixel lighting", bad, frac*100)
	}
	if near < 0.99 {
		t.Errorf("only %.2f%% of pixels within 4 of the per-pixel picture", near*100)
	}
}

// closeFraction is the fraction of pixels whose channels all differ by at
// most tol between two images of the same size.
func closeFraction(a, b *image.RGBA, tol int) float64 {
	n := 0
	for i := 0; i < len(a.Pix); i += 4 {
		ok := true
		for k := range 4 {
			if d := int(a.Pix[i+k]) - int(b.Pix[i+k]); d > tol || d < -tol {
				ok = false
			}
		}
		if ok {
			n++
		}
	}
	return float64(n) / float64(len(a.Pix)/4)
}

// TestVertexLitMaterials: which materials are lit per vertex.
func TestVertexLitMaterials(t *testing.T) {
	for _, c := range []struct {
		name   string
		mat    avatar.Material
		colors bool
		want   bool
	}{
		{"plain", avatar.Material{}, false, true},
		{"unlit", avatar.Material{Unlit: true}, false, false},
		{"toon", avatar.Material{Toon: true}, false, false},
		{"mtoon", avatar.Material{MToon: &avatar.MToon{}}, false, false},
		{"vertex colours", avatar.Material{}, true, false},
	} {
		b := &sceneBuilder{m: &avatar.Model{Materials: []avatar.Material{c.mat}}}
		b.slab(mgl32.Vec3{}, 0, 0)
		if c.colors {
			b.lastPrim().Colors = make([][4]float32, 4)
		}
		if got := vertexLit(b.m, &b.m.Materials[0]); got != c.want {
			t.Errorf("%s: lit per vertex %v, want %v", c.name, got, c.want)
		}
	}
}
