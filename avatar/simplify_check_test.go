package avatar

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl32"
)

// checkSimplified checks one simplified triangle list against the list it
// came from, with geometry computed here rather than by the simplifier:
// indices in range, no repeated index in a triangle, no triangle facing
// against the original surface, no new open border edge, every vertex that
// had to stay still referenced, and every (sampled) input vertex within
// claimed of the simplified surface.
func checkSimplified(t *testing.T, pos []mgl32.Vec3, in, out []uint32, claimed float32, locked []bool) {
	t.Helper()
	n := uint32(len(pos))
	if len(out)%3 != 0 {
		t.Fatalf("%d indices, not whole triangles", len(out))
	}
	for i, v := range out {
		if v >= n {
			t.Fatalf("index %d is %d, out of %d vertices", i, v, n)
		}
	}
	inTris := map[[3]uint32]bool{}
	for k := 0; k+2 < len(in); k += 3 {
		inTris[rotateMin(in[k], in[k+1], in[k+2])] = true
	}
	normals := vertexNormals(pos, in)
	for k := 0; k < len(out); k += 3 {
		a, b, c := out[k], out[k+1], out[k+2]
		if a == b || b == c || a == c {
			t.Fatalf("triangle %d (%d %d %d) is degenerate", k/3, a, b, c)
		}
		if inTris[rotateMin(a, b, c)] {
			continue // kept as it was
		}
		nrm := pos[b].Sub(pos[a]).Cross(pos[c].Sub(pos[a]))
		ref := normals[a].Add(normals[b]).Add(normals[c])
		if !(nrm.Dot(ref) > 0) {
			t.Fatalf("triangle %d (%d %d %d) faces against the original surface", k/3, a, b, c)
		}
	}
	before, after := borderEdges(in), borderEdges(out)
	for e := range after {
		if !before[e] {
			t.Fatalf("new open border edge %v", e)
		}
	}
	usedIn, usedOut := referenced(in, n), referenced(out, n)
	for v := range locked {
		if locked[v] && usedIn[v] && !usedOut[v] {
			t.Fatalf("vertex %d had to stay but is gone", v)
		}
	}
	if d := sampledDistance(pos, usedIn, out); d > float64(claimed)*1.0001+1e-7 {
		t.Fatalf("a vertex is %g from the simplified surface, above the claimed error %g", d, claimed)
	}
}

func rotateMin(a, b, c uint32) [3]uint32 {
	switch {
	case a <= b && a <= c:
		return [3]uint32{a, b, c}
	case b <= a && b <= c:
		return [3]uint32{b, c, a}
	}
	return [3]uint32{c, a, b}
}

// vertexNormals sums the face normals around each vertex, normalised.
func vertexNormals(pos []mgl32.Vec3, idx []uint32) []mgl32.Vec3 {
	out := make([]mgl32.Vec3, len(pos))
	for k := 0; k+2 < len(idx); k += 3 {
		a, b, c := idx[k], idx[k+1], idx[k+2]
		nrm := pos[b].Sub(pos[a]).Cross(pos[c].Sub(pos[a]))
		for _, v := range [3]uint32{a, b, c} {
			out[v] = out[v].Add(nrm)
		}
	}
	for i, v := range out {
		if l := v.Len(); l > 0 {
			out[i] = v.Mul(1 / l)
		}
	}
	return out
}

// borderEdges is the set of undirected edges used by exactly one triangle.
func borderEdges(idx []uint32) map[[2]uint32]bool {
	count := map[[2]uint32]int{}
	for k := 0; k+2 < len(idx); k += 3 {
		for j := 0; j < 3; j++ {
			a, b := idx[k+j], idx[k+(j+1)%3]
			count[[2]uint32{min(a, b), max(a, b)}]++
		}
	}
	out := map[[2]uint32]bool{}
	for e, c := range count {
		if c == 1 {
			out[e] = true
		}
	}
	return out
}

func referenced(idx []uint32, n uint32) []bool {
	out := make([]bool, n)
	for _, v := range idx {
		out[v] = true
	}
	return out
}

// sampledDistance is the largest distance from up to 1,000 evenly spread
// used vertices (150 under the race detector) to the nearest triangle of
// idx, by brute force.
func sampledDistance(pos []mgl32.Vec3, used []bool, idx []uint32) float64 {
	samples := 1000
	if raceEnabled {
		samples = 150
	}
	step := max(1, len(pos)/samples)
	worst := 0.0
	for v := 0; v < len(pos); v += step {
		if !used[v] || !dv(pos[v]).finite() {
			continue
		}
		best := math.Inf(1)
		for k := 0; k+2 < len(idx); k += 3 {
			d := pointTriDist(dv(pos[v]), dv(pos[idx[k]]), dv(pos[idx[k+1]]), dv(pos[idx[k+2]]))
			best = math.Min(best, d)
		}
		worst = math.Max(worst, best)
	}
	return worst
}

// mustStay marks what the simplifier may not remove, found independently:
// ends of edges without exactly one opposite, and vertices sharing a
// position.
func mustStay(pos []mgl32.Vec3, idx []uint32) []bool {
	out := make([]bool, len(pos))
	half := map[[2]uint32]int{}
	for k := 0; k+2 < len(idx); k += 3 {
		for j := 0; j < 3; j++ {
			half[[2]uint32{idx[k+j], idx[k+(j+1)%3]}]++
		}
	}
	for e, c := range half {
		if c != 1 || half[[2]uint32{e[1], e[0]}] != 1 {
			out[e[0]], out[e[1]] = true, true
		}
	}
	used := referenced(idx, uint32(len(pos)))
	at := map[mgl32.Vec3][]int{}
	for i, p := range pos {
		if used[i] {
			at[p] = append(at[p], i)
		}
	}
	for _, vs := range at {
		for _, v := range vs {
			out[v] = out[v] || len(vs) > 1
		}
	}
	return out
}
