package raster

import (
	"image"
	"math"
	"math/rand/v2"
	"testing"
)

// TestDegenerateDrawsNothing checks that triangles without area, with
// positions that are not numbers or infinite, or far off the target draw
// nothing, touch no depth and do not panic.
func TestDegenerateDrawsNothing(t *testing.T) {
	nan, inf := float32(math.NaN()), float32(math.Inf(1))
	for _, tc := range []struct {
		name string
		v    [3][2]float32
	}{
		{"collinear", [3][2]float32{{1, 1}, {9, 9}, {5, 5}}},
		{"collinear horizontal", [3][2]float32{{1, 5.5}, {9, 5.5}, {5, 5.5}}},
		{"collinear vertical", [3][2]float32{{5.5, 1}, {5.5, 9}, {5.5, 3}}},
		{"one point", [3][2]float32{{4.5, 4.5}, {4.5, 4.5}, {4.5, 4.5}}},
		{"two points", [3][2]float32{{1, 1}, {9, 9}, {9, 9}}},
		{"sliver between centres", [3][2]float32{{0, 3.6}, {16, 3.9}, {16, 3.7}}},
		{"NaN x", [3][2]float32{{nan, 1}, {9, 2}, {5, 9}}},
		{"NaN y", [3][2]float32{{1, 1}, {9, nan}, {5, 9}}},
		{"all NaN", [3][2]float32{{nan, nan}, {nan, nan}, {nan, nan}}},
		{"+Inf x", [3][2]float32{{1, 1}, {inf, 2}, {5, 9}}},
		{"-Inf y", [3][2]float32{{1, 1}, {9, 2}, {5, -inf}}},
		{"Inf everywhere", [3][2]float32{{-inf, -inf}, {inf, -inf}, {0, inf}}},
		{"far right", [3][2]float32{{1e6, 1}, {1e6 + 9, 2}, {1e6 + 5, 9}}},
		{"far left", [3][2]float32{{-1e6, 1}, {-1e6 + 9, 2}, {-1e6 + 5, 9}}},
		{"far below", [3][2]float32{{1, 1e9}, {9, 1e9 + 900}, {5, 1e9 - 900}}},
		{"far above", [3][2]float32{{1, -1e9}, {9, -1e9 + 900}, {5, -1e9 - 900}}},
		{"just left", [3][2]float32{{-9, 1}, {0.5, 8}, {-5, 9}}},
		{"just below", [3][2]float32{{1, 16.5}, {9, 20}, {5, 30}}},
		{"huge and off", [3][2]float32{{-3e7, -3e7}, {-3e7, 3e7}, {-1e7, 0}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var vs []Vertex
			// Every winding and every vertex first.
			for _, o := range [][3]int{{0, 1, 2}, {1, 2, 0}, {2, 0, 1}, {0, 2, 1}, {2, 1, 0}, {1, 0, 2}} {
				for _, k := range o {
					vs = append(vs, vert(tc.v[k][0], tc.v[k][1], 0.5))
				}
			}
			r := image.Rect(0, 0, 16, 16)
			for _, m := range []*Material{unlit(Opaque, 1, 1, 1, 1), counter} {
				tg := render(t, r, 2, flatLights(), triangles(m, vs...))
				for y := range r.Dy() {
					for x := range r.Dx() {
						if p, z := at(tg, x, y), depthAt(tg, x, y); p != [4]byte{} || z != farDepth {
							t.Fatalf("alpha %d: pixel (%d, %d) = %v, depth %v", m.Alpha, x, y, p, z)
						}
					}
				}
			}
		})
	}
}

// TestHugeTriangleCoversTarget checks that a triangle reaching far beyond
// the target on every side covers each of its pixels once.
func TestHugeTriangleCoversTarget(t *testing.T) {
	for _, s := range []float32{100, 1e4, 1e5, 1e7} {
		r := image.Rect(-7, 3, 25, 40)
		vs := []Vertex{vert(-s, -s, 0.5), vert(3*s, -s, 0.5), vert(-s, 3*s, 0.5)}
		for i, n := range counts(t, render(t, r, 2, flatLights(), triangles(counter, vs...))) {
			if n != 1 {
				t.Fatalf("size %g: pixel %d drawn %d times", s, i, n)
			}
		}
	}
}

// TestClipToTarget checks that drawing into a target over part of the
// render pixels, its rectangle anywhere (negative coordinates included),
// draws there exactly what a target over all of them gets: triangles
// reaching out of it are clipped, and nothing lands in the wrong row.
func TestClipToTarget(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 7))
	var opaque, blend []Vertex
	for range 200 {
		x, y := rng.Float32()*140-70, rng.Float32()*140-70
		for range 3 {
			z := rng.Float32()
			opaque = append(opaque, vert(x+rng.Float32()*30-15, y+rng.Float32()*30-15, z))
			v := vert(x+rng.Float32()*30-15, y+rng.Float32()*30-15, z)
			v.SrcX = rng.Float32() // a colour of its own, to tell pixels apart
			blend = append(blend, v)
		}
	}
	draws := []Draw{
		triangles(unlit(Opaque, 0.3, 0.9, 0.5, 1), opaque...),
		triangles(unlit(Blend, 1, 0.2, 0.1, 0.4), blend...),
	}
	all := image.Rect(-80, -80, 80, 80)
	want := render(t, all, 1, flatLights(), draws...)
	for _, r := range []image.Rectangle{
		image.Rect(0, 0, 40, 30), image.Rect(5, 7, 29, 61), image.Rect(-43, -38, -5, 3),
		image.Rect(-80, -80, 80, 80), image.Rect(-13, 20, 70, 21), image.Rect(60, -80, 61, 80),
	} {
		got := render(t, r, 2, flatLights(), draws...)
		drawn := 0
		for y := r.Min.Y; y < r.Max.Y; y++ {
			for x := r.Min.X; x < r.Max.X; x++ {
				if at(got, x, y) != at(want, x, y) || depthAt(got, x, y) != depthAt(want, x, y) {
					t.Fatalf("target %v: pixel (%d, %d) = %v depth %v, want %v depth %v", r, x, y,
						at(got, x, y), depthAt(got, x, y), at(want, x, y), depthAt(want, x, y))
				}
				if at(got, x, y)[3] != 0 {
					drawn++
				}
			}
		}
		if drawn == 0 {
			t.Errorf("target %v: nothing drawn", r)
		}
	}
}

// TestDepthNotANumber checks that a triangle whose depths are not finite
// numbers, so that its fragments' depths are NaN, draws nothing and
// leaves no NaN in the depth buffer, as a GPU's depth test fails NaN.
func TestDepthNotANumber(t *testing.T) {
	nan, inf := float32(math.NaN()), float32(math.Inf(1))
	for _, z := range [][3]float32{{nan, 0.5, 0.5}, {0.5, 0.5, nan}, {inf, 0.5, 0.5}, {0.2, -inf, 0.5}, {inf, -inf, 0.5}} {
		for _, m := range []*Material{unlit(Opaque, 1, 1, 1, 1), unlit(Mask, 1, 1, 1, 1), counter} {
			tg := render(t, image.Rect(0, 0, 8, 8), 1, flatLights(),
				triangles(m, vert(0, 0, z[0]), vert(8, 0, z[1]), vert(0, 8, z[2])))
			for y := range 8 {
				for x := range 8 {
					if p, d := at(tg, x, y), depthAt(tg, x, y); p != [4]byte{} || d != farDepth {
						t.Fatalf("depths %v, alpha %d: pixel (%d, %d) = %v at depth %v", z, m.Alpha, x, y, p, d)
					}
				}
			}
		}
	}
}

// TestSetupRefuses checks that a triangle without area or with a vertex
// not at a finite position is refused before any of its rows are filled.
func TestSetupRefuses(t *testing.T) {
	nan, inf := float32(math.NaN()), float32(math.Inf(1))
	for _, v := range [][3][2]float32{
		{{1, 1}, {9, 9}, {5, 5}}, {{nan, 1}, {9, 2}, {5, 9}}, {{1, 1}, {inf, 2}, {5, 9}},
		{{1, 1}, {9, 2}, {5, -inf}}, {{inf, inf}, {9, 2}, {5, 9}},
	} {
		var tri triangle
		a, b, c := vert(v[0][0], v[0][1], 0), vert(v[1][0], v[1][1], 0), vert(v[2][0], v[2][1], 0)
		if tri.setup(&a, &b, &c) {
			t.Errorf("triangle %v set up", v)
		}
	}
	a, b, c := vert(1, 1, 0), vert(9, 2, 0), vert(5, 9, 0)
	var tri triangle
	if !tri.setup(&a, &b, &c) {
		t.Error("a plain triangle refused")
	}
}
