package avatar

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl32"
)

// fuzzMesh decodes bytes into a small mesh: a vertex count, positions on a
// coarse lattice (so positions repeat) with 255 meaning NaN and 254 +Inf,
// indices that may be out of range or repeat, locks and one morph target.
func fuzzMesh(data []byte) (pos []mgl32.Vec3, idx []uint32, opt SimplifyOptions, target int, maxErr float32) {
	next := func() byte {
		if len(data) == 0 {
			return 0
		}
		b := data[0]
		data = data[1:]
		return b
	}
	n := int(next()%40) + 1
	coord := func() float32 {
		switch b := next(); b {
		case 255:
			return float32(math.NaN())
		case 254:
			return float32(math.Inf(1))
		default:
			return float32(b%16) / 4
		}
	}
	opt.Locked = make([]bool, n)
	var mt MorphTarget
	for i := 0; i < n; i++ {
		pos = append(pos, mgl32.Vec3{coord(), coord(), coord()})
		opt.Locked[i] = next()%7 == 0
		if d := next(); d%3 == 0 {
			mt.Index = append(mt.Index, uint32(d)%uint32(n+2))
			mt.Positions = append(mt.Positions, mgl32.Vec3{float32(d) / 64, 0, coord()})
		}
	}
	opt.Targets = []MorphTarget{mt}
	target = int(next() % 64)
	maxErr = float32(next()) / 16
	if maxErr > 15 {
		maxErr = float32(math.NaN())
	}
	for len(data) > 0 {
		idx = append(idx, uint32(next())%uint32(n+3))
	}
	return pos, idx, opt, target, maxErr
}

// FuzzSimplify: any mesh, however broken, gives whole triangles of
// distinct in-range indices and a non-negative, non-NaN error, without
// panicking.
func FuzzSimplify(f *testing.F) {
	f.Add([]byte{})
	f.Add([]byte{3, 0, 0, 0, 0, 4, 0, 0, 0, 0, 0, 4, 0, 0, 0, 0, 0, 1, 2})
	pos, idx := sphere(4, 6)
	seed := []byte{byte(len(pos))}
	for _, p := range pos {
		seed = append(seed, byte(p[0]*4+4), byte(p[1]*4+4), byte(p[2]*4+4), 1, 3)
	}
	seed = append(seed, 10, 64)
	for _, v := range idx {
		seed = append(seed, byte(v))
	}
	f.Add(seed)
	f.Add(append(append([]byte{}, seed...), 255, 255, 1, 1, 1, 2, 2, 2, 0, 1, 0))
	f.Fuzz(func(t *testing.T, data []byte) {
		pos, idx, opt, target, maxErr := fuzzMesh(data)
		out, e := Simplify(pos, idx, target, maxErr, opt)
		if len(out)%3 != 0 {
			t.Fatalf("%d indices", len(out))
		}
		if len(out) > len(idx) {
			t.Fatalf("%d indices out of %d in", len(out), len(idx))
		}
		for k := 0; k < len(out); k += 3 {
			a, b, c := out[k], out[k+1], out[k+2]
			if int(a) >= len(pos) || int(b) >= len(pos) || int(c) >= len(pos) {
				t.Fatalf("triangle %d (%d %d %d) out of %d vertices", k/3, a, b, c, len(pos))
			}
			if a == b || b == c || a == c {
				t.Fatalf("triangle %d (%d %d %d) degenerate", k/3, a, b, c)
			}
		}
		if !(e >= 0) {
			t.Fatalf("error %g", e)
		}
	})
}
