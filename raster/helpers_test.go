package raster

import (
	"image"
	"math"
	"sync"
	"testing"
)

// flatLights returns a light rig that leaves unlit colours as they are:
// no lights, exposure 1, and 1/w = 1 at every depth, so that attributes
// need no division by w.
func flatLights() *Lights {
	return &Lights{Exposure: 1, DepthW: [2]float32{1, 0}}
}

// vert is a vertex at (x, y) of depth z with a white vertex colour and a
// normal toward the viewer, for a material not lit per vertex with
// flatLights (w = 1).
func vert(x, y, z float32) Vertex {
	return Vertex{DstX: x, DstY: y, SrcX: 1, SrcY: 1, ColorB: 1, ColorA: 1, Custom2: z, Custom3: 1}
}

// unlit returns an unlit material of colour (r, g, b) and alpha a with
// alpha mode m.
func unlit(m Alpha, r, g, b, a float32) *Material {
	return &Material{BaseColor: [4]float32{r, g, b, a}, Alpha: m, Unlit: true, Cutoff: 0.5}
}

// counter is a Blend material that adds one step of coverage wherever it
// draws: black at alpha 0.5, so a pixel's alpha byte tells how many of its
// fragments were drawn (see blendCount).
var counter = unlit(Blend, 0, 0, 0, 0.5)

// blendAlphas[n] is the alpha byte of a transparent pixel after n
// fragments of counter.
var blendAlphas = func() (a [9]byte) {
	for n := 1; n < len(a); n++ {
		a[n] = unorm8(0.5 + float32(a[n-1])/255*0.5)
	}
	return a
}()

// blendCount returns how many counter fragments a pixel of alpha a got,
// or -1 when a is no such count.
func blendCount(a byte) int {
	for n, b := range blendAlphas {
		if a == b {
			return n
		}
	}
	return -1
}

// triangles is a draw of material m over vs, every three vertices one
// triangle.
func triangles(m *Material, vs ...Vertex) Draw {
	ind := make([]uint32, len(vs))
	for i := range ind {
		ind[i] = uint32(i)
	}
	return Draw{Verts: vs, Indices: ind, Mat: m}
}

// renderers are the renderers render uses, by number of workers, kept
// because a new one builds its output table (65,537 powers) on its first
// frame.
var renderers struct {
	sync.Mutex
	m map[int]*Renderer
}

// renderInto draws draws with l into t (already reset) with n workers.
func renderInto(t *Target, n int, l *Lights, draws ...Draw) {
	renderers.Lock()
	defer renderers.Unlock()
	if renderers.m == nil {
		renderers.m = map[int]*Renderer{}
	}
	rr := renderers.m[n]
	if rr == nil {
		rr = &Renderer{Workers: n}
		renderers.m[n] = rr
	}
	rr.Render(t, draws, l)
}

// render draws draws with l into a new target over r with n workers.
func render(tb testing.TB, r image.Rectangle, n int, l *Lights, draws ...Draw) *Target {
	tb.Helper()
	var t Target
	t.Reset(r)
	renderInto(&t, n, l, draws...)
	return &t
}

// at returns the colour bytes of pixel (x, y) of t.
func at(t *Target, x, y int) [4]byte {
	i := 4 * ((y-t.Rect.Min.Y)*t.Rect.Dx() + x - t.Rect.Min.X)
	return [4]byte(t.Pix[i : i+4])
}

// depthAt returns the depth buffer at pixel (x, y) of t.
func depthAt(t *Target, x, y int) float32 {
	return t.z[(y-t.Rect.Min.Y)*t.Rect.Dx()+x-t.Rect.Min.X]
}

// counts returns the counter fragments drawn at each pixel of t, row by
// row, failing the test at a pixel that holds no count.
func counts(tb testing.TB, t *Target) []int {
	tb.Helper()
	n := make([]int, 0, t.Rect.Dx()*t.Rect.Dy())
	for y := t.Rect.Min.Y; y < t.Rect.Max.Y; y++ {
		for x := t.Rect.Min.X; x < t.Rect.Max.X; x++ {
			c := blendCount(at(t, x, y)[3])
			if c < 0 {
				tb.Fatalf("pixel (%d, %d) = %v, not a count of blended fragments", x, y, at(t, x, y))
			}
			n = append(n, c)
		}
	}
	return n
}

// side is the sign of (b−a)×(p−a) in float64: which side of line ab p
// lies on, 0 when on it within eps.
func side(ax, ay, bx, by, px, py, eps float64) int {
	c := (bx-ax)*(py-ay) - (by-ay)*(px-ax)
	l := max(math.Abs(bx-ax), math.Abs(by-ay))
	switch {
	case c > eps*l:
		return 1
	case c < -eps*l:
		return -1
	}
	return 0
}

// inside says whether point (px, py) lies inside triangle v (screen
// positions): 1 inside by more than eps, -1 outside by more than eps, 0 on
// an edge within eps (either answer is right there).
func inside(v [3]Vertex, px, py, eps float64) int {
	s := [3]int{}
	for i := range 3 {
		a, b := &v[i], &v[(i+1)%3]
		s[i] = side(float64(a.DstX), float64(a.DstY), float64(b.DstX), float64(b.DstY), px, py, eps)
	}
	pos, neg := 0, 0
	for _, x := range s {
		if x > 0 {
			pos++
		}
		if x < 0 {
			neg++
		}
	}
	switch {
	case pos == 3 || neg == 3:
		return 1
	case pos > 0 && neg > 0:
		return -1
	}
	return 0
}
