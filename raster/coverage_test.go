package raster

import (
	"image"
	"math"
	"math/rand/v2"
	"testing"
)

// TestCoverageRandomTriangles checks that a triangle covers the pixels
// whose centres lie inside it and no others, for triangles of every shape
// and size, either winding, on whole, half and odd sub-pixel positions.
func TestCoverageRandomTriangles(t *testing.T) {
	r := image.Rect(0, 0, 48, 40)
	for _, grid := range []float32{1, 0.5, 0.125, 0} {
		rng := rand.New(rand.NewPCG(1, uint64(grid*8)))
		for i := range 300 {
			var v [3]Vertex
			for k := range v {
				x, y := rng.Float32()*60-6, rng.Float32()*52-6
				if i%3 == 0 { // small triangles, as the character's
					x, y = 20+rng.Float32()*4, 20+rng.Float32()*4
				}
				if grid > 0 {
					x, y = float32(math.Round(float64(x/grid)))*grid, float32(math.Round(float64(y/grid)))*grid
				}
				v[k] = vert(x, y, 0.5)
			}
			tg := render(t, r, 1, flatLights(), triangles(counter, v[:]...))
			n := counts(t, tg)
			for y := r.Min.Y; y < r.Max.Y; y++ {
				for x := r.Min.X; x < r.Max.X; x++ {
					got := n[y*r.Dx()+x]
					want := inside(v, float64(x)+0.5, float64(y)+0.5, 1e-4)
					if got > 1 || want == 1 && got != 1 || want == -1 && got != 0 {
						t.Fatalf("grid %v, triangle %v: pixel (%d, %d) drawn %d times, inside = %d",
							grid, positions(v[:]), x, y, got, want)
					}
				}
			}
		}
	}
}

// positions lists the screen positions of vs, for messages.
func positions(vs []Vertex) [][2]float32 {
	p := make([][2]float32, len(vs))
	for i, v := range vs {
		p[i] = [2]float32{v.DstX, v.DstY}
	}
	return p
}

// TestCoverageEdgesThroughCentres checks the tie rule on pixel centres
// lying exactly on an edge: left and top edges include them, right and
// bottom edges do not, for both windings.
func TestCoverageEdgesThroughCentres(t *testing.T) {
	// A rectangle from (2.5, 3.5) to (6.5, 8.5): columns 2..5, rows 3..7.
	a, b, c, d := vert(2.5, 3.5, 0), vert(6.5, 3.5, 0), vert(6.5, 8.5, 0), vert(2.5, 8.5, 0)
	for _, tc := range []struct {
		name  string
		draws Draw
	}{
		{"clockwise", triangles(counter, a, b, c, a, c, d)},
		{"counter-clockwise", triangles(counter, a, c, b, a, d, c)},
		{"other diagonal", triangles(counter, b, d, a, b, c, d)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := image.Rect(0, 0, 10, 12)
			n := counts(t, render(t, r, 1, flatLights(), tc.draws))
			for y := range r.Dy() {
				for x := range r.Dx() {
					want := 0
					if x >= 2 && x <= 5 && y >= 3 && y <= 7 {
						want = 1
					}
					if got := n[y*r.Dx()+x]; got != want {
						t.Errorf("pixel (%d, %d) drawn %d times, want %d", x, y, got, want)
					}
				}
			}
		})
	}
}

// fan returns a fan of triangles around centre (cx, cy): one triangle per
// pair of consecutive rim points, the last closing the loop, in the
// winding given.
func fan(cx, cy float32, rim [][2]float32, reverse bool) []Vertex {
	var vs []Vertex
	for i := range rim {
		p, q := rim[i], rim[(i+1)%len(rim)]
		if reverse {
			p, q = q, p
		}
		vs = append(vs, vert(cx, cy, 0), vert(p[0], p[1], 0), vert(q[0], q[1], 0))
	}
	return vs
}

// TestCoverageSharedEdges checks that triangles sharing edges cover each
// pixel of their union once: no gap and no pixel drawn twice along the
// shared edges, even where those pass through pixel centres.
func TestCoverageSharedEdges(t *testing.T) {
	// Rim points around a centre at odd sub-pixel positions.
	odd := func(cx, cy float32, n int) [][2]float32 {
		var rim [][2]float32
		for i := range n {
			a := 2 * math.Pi * (float64(i) + 0.37) / float64(n)
			rr := 9.3 + 2.1*math.Sin(float64(3*i))
			rim = append(rim, [2]float32{cx + float32(rr*math.Cos(a)), cy + float32(rr*math.Sin(a))})
		}
		return rim
	}
	for _, tc := range []struct {
		name string
		vs   []Vertex
	}{
		{"quad on the diagonal of pixel centres", triangles(counter,
			vert(0.5, 0.5, 0), vert(12.5, 0.5, 0), vert(12.5, 12.5, 0),
			vert(0.5, 0.5, 0), vert(12.5, 12.5, 0), vert(0.5, 12.5, 0)).Verts},
		{"quad at odd positions", triangles(counter,
			vert(1.13, 0.71, 0), vert(14.87, 2.29, 0), vert(13.41, 15.63, 0),
			vert(1.13, 0.71, 0), vert(13.41, 15.63, 0), vert(0.37, 11.93, 0)).Verts},
		{"fan through pixel centres", fan(10.5, 10.5, [][2]float32{
			{10.5, 0.5}, {18.5, 2.5}, {20.5, 10.5}, {17.5, 18.5}, {10.5, 20.5}, {2.5, 17.5}, {0.5, 10.5}, {3.5, 3.5}}, false)},
		{"fan at odd positions", fan(10.37, 10.81, odd(10.37, 10.81, 11), false)},
		{"fan at odd positions, reversed", fan(10.37, 10.81, odd(10.37, 10.81, 11), true)},
		{"thin fan", fan(10.63, 10.29, odd(10.63, 10.29, 37), false)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := image.Rect(0, 0, 22, 22)
			n := counts(t, render(t, r, 1, flatLights(), triangles(counter, tc.vs...)))
			drawn := 0
			for y := range r.Dy() {
				for x := range r.Dx() {
					in := union(tc.vs, float64(x)+0.5, float64(y)+0.5)
					got := n[y*r.Dx()+x]
					drawn += got
					// Inside the union or on an inner edge: once; on its
					// outline either; outside never.
					if got > 1 || in == -1 && got != 0 || in == 1 && got != 1 {
						t.Errorf("pixel (%d, %d) drawn %d times, inside = %d", x, y, got, in)
					}
				}
			}
			if drawn == 0 {
				t.Fatal("nothing drawn")
			}
		})
	}
}

// union says whether a point lies inside the union of triangles vs (every
// three vertices one): 1 when all of a small circle around it does, -1
// when none of it does, 0 when it lies on the union's outline. A point on
// an edge two triangles share lies inside.
func union(vs []Vertex, px, py float64) int {
	const r = 1e-3
	in := 0
	for k := range 8 {
		a := 0.1 + float64(k)*math.Pi/4
		x, y := px+r*math.Cos(a), py+r*math.Sin(a)
		for i := 0; i+2 < len(vs); i += 3 {
			if inside([3]Vertex(vs[i:i+3]), x, y, 1e-9) == 1 {
				in++
				break
			}
		}
	}
	switch in {
	case 8:
		return 1
	case 0:
		return -1
	}
	return 0
}
