package avatar

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl32"
)

// grid is an n×n square of quads in the XZ plane, two triangles each,
// lifted by height(x, z).
func grid(n int, height func(x, z float32) float32) ([]mgl32.Vec3, []uint32) {
	var pos []mgl32.Vec3
	for j := 0; j <= n; j++ {
		for i := 0; i <= n; i++ {
			x, z := float32(i)/float32(n), float32(j)/float32(n)
			pos = append(pos, mgl32.Vec3{x, height(x, z), z})
		}
	}
	var idx []uint32
	at := func(i, j int) uint32 { return uint32(j*(n+1) + i) }
	for j := 0; j < n; j++ {
		for i := 0; i < n; i++ {
			idx = append(idx, at(i, j), at(i, j+1), at(i+1, j), at(i+1, j), at(i, j+1), at(i+1, j+1))
		}
	}
	return pos, idx
}

// sphere is a closed UV sphere of radius 1 with its poles welded.
func sphere(rings, segs int) ([]mgl32.Vec3, []uint32) {
	pos := []mgl32.Vec3{{0, 1, 0}, {0, -1, 0}}
	for r := 1; r < rings; r++ {
		th := math.Pi * float64(r) / float64(rings)
		for s := 0; s < segs; s++ {
			ph := 2 * math.Pi * float64(s) / float64(segs)
			pos = append(pos, mgl32.Vec3{float32(math.Sin(th) * math.Cos(ph)), float32(math.Cos(th)), float32(math.Sin(th) * math.Sin(ph))})
		}
	}
	ring := func(r, s int) uint32 { return uint32(2 + (r-1)*segs + (s+segs)%segs) }
	var idx []uint32
	for s := 0; s < segs; s++ {
		idx = append(idx, 0, ring(1, s+1), ring(1, s))
		idx = append(idx, 1, ring(rings-1, s), ring(rings-1, s+1))
		for r := 1; r < rings-1; r++ {
			idx = append(idx, ring(r, s), ring(r, s+1), ring(r+1, s), ring(r+1, s), ring(r, s+1), ring(r+1, s+1))
		}
	}
	return pos, idx
}

// flatCube is a cube whose faces have their own vertices (hard edges):
// every vertex shares its position, so nothing may go.
func flatCube() ([]mgl32.Vec3, []uint32) {
	var pos []mgl32.Vec3
	var idx []uint32
	for axis := 0; axis < 3; axis++ {
		for _, sign := range []float32{-1, 1} {
			base := uint32(len(pos))
			for _, c := range [4][2]float32{{-1, -1}, {1, -1}, {1, 1}, {-1, 1}} {
				var p mgl32.Vec3
				p[axis], p[(axis+1)%3], p[(axis+2)%3] = sign, c[0], c[1]
				pos = append(pos, p)
			}
			if sign > 0 {
				idx = append(idx, base, base+1, base+2, base, base+2, base+3)
			} else {
				idx = append(idx, base, base+2, base+1, base, base+3, base+2)
			}
		}
	}
	return pos, idx
}

func TestSimplifyShapes(t *testing.T) {
	flatPos, flatIdx := grid(20, func(x, z float32) float32 { return 0 })
	bumpPos, bumpIdx := grid(24, func(x, z float32) float32 { return 0.05 * float32(math.Sin(6*float64(x))*math.Cos(5*float64(z))) })
	spherePos, sphereIdx := sphere(16, 32)
	cubePos, cubeIdx := flatCube()
	tests := []struct {
		name     string
		pos      []mgl32.Vec3
		idx      []uint32
		target   int
		maxError float32
		lock     []uint32
		// wantAtMost is the triangle count the result must reach; 0 means
		// it must stay whole.
		wantAtMost int
		wantErr    float32 // the error may be at most this
	}{
		{"flat grid to its border", flatPos, flatIdx, 0, 1e-4, nil, 160, 1e-5},
		{"flat grid, a locked centre", flatPos, flatIdx, 0, 1e-4, []uint32{220}, 170, 1e-5},
		{"bumpy grid to a quarter", bumpPos, bumpIdx, 288, 0.05, nil, 288, 0.05},
		{"bumpy grid held by its error", bumpPos, bumpIdx, 0, 0.002, nil, 1100, 0.002},
		{"sphere to a quarter", spherePos, sphereIdx, len(sphereIdx) / 12, 0.2, nil, len(sphereIdx) / 12, 0.2},
		{"hard-edged cube stays", cubePos, cubeIdx, 0, 10, nil, 0, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			locked := make([]bool, len(tt.pos))
			for _, v := range tt.lock {
				locked[v] = true
			}
			out, e := Simplify(tt.pos, tt.idx, tt.target, tt.maxError, SimplifyOptions{Locked: locked})
			stay := mustStay(tt.pos, tt.idx)
			for v := range stay {
				stay[v] = stay[v] || locked[v]
			}
			checkSimplified(t, tt.pos, tt.idx, out, e, stay)
			got := len(out) / 3
			if tt.wantAtMost == 0 && got != len(tt.idx)/3 {
				t.Errorf("%d triangles, want all %d kept", got, len(tt.idx)/3)
			}
			if tt.wantAtMost > 0 && got > tt.wantAtMost {
				t.Errorf("%d triangles, want at most %d", got, tt.wantAtMost)
			}
			if e > tt.wantErr {
				t.Errorf("error %g, want at most %g", e, tt.wantErr)
			}
			t.Logf("%d -> %d triangles, error %g", len(tt.idx)/3, got, e)
		})
	}
}

func TestPointTriDist(t *testing.T) {
	a, b, c := dvec{0, 0, 0}, dvec{1, 0, 0}, dvec{0, 1, 0}
	tests := []struct {
		p    dvec
		want float64
	}{
		{dvec{0.2, 0.2, 0.5}, 0.5},      // above the face
		{dvec{-1, -1, 0}, math.Sqrt2},   // beyond corner a
		{dvec{2, 0, 0}, 1},              // beyond corner b
		{dvec{0.5, -2, 0}, 2},           // beside edge ab
		{dvec{1, 1, 0}, math.Sqrt2 / 2}, // beside edge bc
		{dvec{-3, 0.5, 4}, 5},           // beside edge ca, lifted
		{dvec{0.25, 0.25, 0}, 0},        // on the face
	}
	for _, tt := range tests {
		if got := pointTriDist(tt.p, a, b, c); math.Abs(got-tt.want) > 1e-12 {
			t.Errorf("pointTriDist(%v) = %g, want %g", tt.p, got, tt.want)
		}
	}
}
