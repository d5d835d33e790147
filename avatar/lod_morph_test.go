package avatar

import (
	"strings"
	"testing"
)

// TestLODKeepsTheMouth: the visage's mouth (the vertices the mouth*
// targets move most) keeps a larger share of its triangles than the head
// as a whole, and a larger one than a simplification blind to morphs with
// the same triangle budget.
func TestLODKeepsTheMouth(t *testing.T) {
	m, err := Load(sharedAsset(t, "rpm-visage-male.glb"))
	if err != nil {
		t.Fatal(err)
	}
	mi := meshNamed(t, m, "Wolf3D_Head")
	p := &m.Meshes[mi].Primitives[0]
	mouth := movedBy(p, m.Meshes[mi].TargetNames, func(n string) bool {
		return strings.HasPrefix(n, "mouth")
	})
	full := len(p.Indices) / 3
	height := float32(modelHeight(m))
	tests := []struct {
		ratio, bound float32
	}{{0.5, 0.002}, {0.25, 0.005}}
	for _, tt := range tests {
		target := int(float32(full) * tt.ratio)
		with, _ := Simplify(p.Positions, p.Indices, target, tt.bound*height, SimplifyOptions{Targets: p.Targets})
		blind, _ := Simplify(p.Positions, p.Indices, len(with)/3, tt.bound*height, SimplifyOptions{})
		all := float64(len(with)) / float64(len(p.Indices))
		kept := share(mouth, with, p.Indices)
		blindKept := share(mouth, blind, p.Indices)
		t.Logf("ratio %.2f: head keeps %.0f%% of its triangles, the mouth %.0f%% (%.0f%% without morphs)", tt.ratio, 100*all, 100*kept, 100*blindKept)
		if kept < all+0.1 {
			t.Errorf("ratio %.2f: the mouth keeps %.0f%% of its triangles, the head %.0f%%", tt.ratio, 100*kept, 100*all)
		}
		if kept < blindKept+0.1 {
			t.Errorf("ratio %.2f: the mouth keeps %.0f%% with morphs, %.0f%% without", tt.ratio, 100*kept, 100*blindKept)
		}
	}
}

func meshNamed(t *testing.T, m *Model, name string) int {
	t.Helper()
	for i, mesh := range m.Meshes {
		if mesh.Name == name {
			return i
		}
	}
	t.Fatalf("no mesh %q", name)
	return -1
}

// movedBy marks the vertices that some chosen target moves by at least a
// quarter of the largest delta among those targets.
func movedBy(p *Primitive, names []string, chosen func(string) bool) []bool {
	most := make([]float32, len(p.Positions))
	top := float32(0)
	for ti, mt := range p.Targets {
		if ti >= len(names) || !chosen(names[ti]) {
			continue
		}
		for k, v := range mt.Index {
			d := mt.Positions[k].Len()
			most[v], top = max(most[v], d), max(top, d)
		}
	}
	out := make([]bool, len(most))
	for v, d := range most {
		out[v] = d >= top/4 && top > 0
	}
	return out
}

// share is the count of triangles of idx touching a marked vertex over
// that count in full.
func share(marked []bool, idx, full []uint32) float64 {
	count := func(l []uint32) int {
		n := 0
		for k := 0; k+2 < len(l); k += 3 {
			if marked[l[k]] || marked[l[k+1]] || marked[l[k+2]] {
				n++
			}
		}
		return n
	}
	return float64(count(idx)) / float64(max(1, count(full)))
}
