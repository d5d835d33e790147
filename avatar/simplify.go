package avatar

import (
	"math"
	"slices"

	"github.com/go-gl/mathgl/mgl32"
)

// SimplifyOptions are the optional inputs of [Simplify].
type SimplifyOptions struct {
	// Locked marks vertices that must not be collapsed away (indexed like
	// the positions; nil or shorter locks nothing more).
	Locked []bool
	// Targets are the primitive's morph targets. A collapse of u onto v
	// costs, besides its geometric error, the largest difference between
	// u's and v's deltas in any one target, so vertices that move apart in
	// an expression (lips, eyelids, brows) stay while regions that move
	// together, or not at all, still simplify.
	Targets []MorphTarget
}

// Simplify returns a new triangle list over the same vertices with about
// targetTriangles triangles, by collapsing half-edges in order of their
// Garland–Heckbert quadric error. It never moves or creates a vertex: every
// index of out is an index of the input, so skin weights, morph targets,
// UVs and normals stay valid. It stops early when the next collapse would
// cost more than maxError (in position units).
//
// It does not remove vertices on open borders or non-manifold edges,
// vertices that share their position with another vertex (UV seams, hard
// edges), vertices with a non-finite position, or those in opt.Locked; it
// rejects collapses that turn a triangle over (against its current normal
// or the original surface's normals at its corners), that make a sliver
// out of a better triangle, or that would make the surface non-manifold.
// Triangles with an index out of range or a repeated index are dropped.
//
// The cost of collapsing u onto v is the square root of the sum of squared
// distances of v from the planes of every input triangle gathered in u
// (unit weights, so it is at least the largest such distance), plus, with
// morph targets, the largest difference between the deltas of the input
// vertices drawn by u and v's (the misplacement with one target fully on).
//
// err is measured on the result, in position units: the larger of the
// distance from each input vertex to the simplified triangles around the
// vertex it was collapsed into (an upper bound of its distance to the
// simplified surface) and the largest morph delta difference accepted.
func Simplify(pos []mgl32.Vec3, indices []uint32, targetTriangles int, maxError float32, opt SimplifyOptions) (out []uint32, err float32) {
	s := newSimplifier(pos, indices, opt)
	s.run(max(targetTriangles, 0), float64(maxError))
	out = slices.Clone(s.tris)
	return out, s.measure(out)
}

// simplifier is the state of one [Simplify] call.
type simplifier struct {
	pos    []dvec
	tris   []uint32 // live triangles; a dead one has three equal indices
	locked []bool
	used   []bool      // referenced by an input triangle
	onorm  []dvec      // the input surface's unit normal per vertex
	q      []quadric   // accumulated quadric per vertex
	merr   []float64   // morph error bound accumulated per vertex
	remap  []uint32    // the vertex a vertex was collapsed into, or itself
	md     morphDeltas // morph deltas per vertex

	worstM float64 // largest morph error bound accepted

	// per pass
	adj   csr
	dirty []bool
	stamp []uint32
	mark  uint32
	cands []collapse
}

// collapse is a candidate collapse of vertex u onto v.
type collapse struct {
	u, v       uint32
	cost, edge float64
}

func newSimplifier(pos []mgl32.Vec3, indices []uint32, opt SimplifyOptions) *simplifier {
	n := len(pos)
	s := &simplifier{pos: make([]dvec, n), locked: make([]bool, n), used: make([]bool, n),
		onorm: make([]dvec, n), q: make([]quadric, n), merr: make([]float64, n),
		remap: make([]uint32, n), dirty: make([]bool, n), stamp: make([]uint32, n)}
	for i, p := range pos {
		s.pos[i], s.remap[i] = dv(p), uint32(i)
		s.locked[i] = !s.pos[i].finite() || (i < len(opt.Locked) && opt.Locked[i])
	}
	for t := 0; t+2 < len(indices); t += 3 {
		a, b, c := indices[t], indices[t+1], indices[t+2]
		if int(a) >= n || int(b) >= n || int(c) >= n || a == b || b == c || a == c {
			continue
		}
		s.tris = append(s.tris, a, b, c)
		s.used[a], s.used[b], s.used[c] = true, true, true
		nrm := triNormal(s.pos[a], s.pos[b], s.pos[c])
		pq := planeQuadric(s.pos[a], s.pos[b], s.pos[c])
		for _, v := range [3]uint32{a, b, c} {
			if nrm.finite() {
				s.onorm[v] = s.onorm[v].add(nrm)
			}
			s.q[v].addQ(pq)
		}
	}
	for i, v := range s.onorm {
		if l := v.len(); l > 0 && !math.IsInf(l, 0) {
			s.onorm[i] = v.scale(1 / l)
		}
	}
	s.lockBorders()
	s.lockShared(pos)
	s.md = newMorphDeltas(n, opt.Targets)
	return s
}

// lockBorders locks both ends of every half-edge without exactly one
// opposite half-edge, or that occurs more than once.
func (s *simplifier) lockBorders() {
	he := make([]uint64, 0, len(s.tris))
	for t := 0; t < len(s.tris); t += 3 {
		for k := 0; k < 3; k++ {
			a, b := s.tris[t+k], s.tris[t+(k+1)%3]
			he = append(he, uint64(a)<<32|uint64(b))
		}
	}
	slices.Sort(he)
	count := func(key uint64) int {
		i, found := slices.BinarySearch(he, key)
		if !found {
			return 0
		}
		j := i
		for j < len(he) && he[j] == key {
			j++
		}
		return j - i
	}
	for i, key := range he {
		if i > 0 && he[i-1] == key {
			continue
		}
		a, b := uint32(key>>32), uint32(key)
		if count(key) != 1 || count(uint64(b)<<32|uint64(a)) != 1 {
			s.locked[a], s.locked[b] = true, true
		}
	}
}

// lockShared locks every used vertex whose position another used vertex
// has too.
func (s *simplifier) lockShared(pos []mgl32.Vec3) {
	first := make(map[mgl32.Vec3]int, len(pos))
	for i, p := range pos {
		if !s.used[i] {
			continue
		}
		if j, ok := first[p]; ok {
			s.locked[i], s.locked[j] = true, true
			continue
		}
		first[p] = i
	}
}

// run collapses in passes until the target or the error limit is reached.
func (s *simplifier) run(target int, maxErr float64) {
	for len(s.tris)/3 > target {
		s.adj.build(len(s.pos), s.tris)
		s.candidates(maxErr)
		if len(s.cands) == 0 {
			return
		}
		removed := s.pass(len(s.tris)/3 - target)
		s.compact()
		if removed == 0 {
			return
		}
	}
}

// candidates lists every half-edge collapse whose cost is within maxErr,
// cheapest first.
func (s *simplifier) candidates(maxErr float64) {
	s.cands = s.cands[:0]
	for t := 0; t < len(s.tris); t += 3 {
		for k := 0; k < 3; k++ {
			u, v := s.tris[t+k], s.tris[t+(k+1)%3]
			if s.locked[u] || !s.pos[v].finite() {
				continue
			}
			c := s.cost(u, v, maxErr)
			if c <= maxErr {
				s.cands = append(s.cands, collapse{u: u, v: v, cost: c, edge: s.pos[u].sub(s.pos[v]).len()})
			}
		}
	}
	slices.SortFunc(s.cands, func(a, b collapse) int {
		if a.cost != b.cost {
			if a.cost < b.cost {
				return -1
			}
			return 1
		}
		if a.edge < b.edge {
			return -1
		}
		if a.edge > b.edge {
			return 1
		}
		return 0
	})
}

// morphWeight scales the morph error in a collapse's cost: a face is
// looked at more closely than a sleeve, and a lip that lags its
// neighbours shows at any expression weight, not only at full.
const morphWeight = 4

// cost is the error of drawing u's area by v: the root of the summed
// squared distances of v from the planes gathered in u, plus u's morph
// error bound, weighted.
func (s *simplifier) cost(u, v uint32, maxErr float64) float64 {
	c := math.Sqrt(s.q[u].sumSq(s.pos[v])) + morphWeight*s.merr[u]
	if !(c <= maxErr) {
		return c
	}
	return c + morphWeight*s.md.diff(u, v)
}

// pass performs non-overlapping collapses from the candidate list until
// goal triangles are gone, and returns how many went.
func (s *simplifier) pass(goal int) int {
	clear(s.dirty)
	removed := 0
	for _, c := range s.cands {
		if removed >= goal {
			break
		}
		if s.dirty[c.u] || s.dirty[c.v] || !s.linkOK(c.u, c.v) || !s.shapeOK(c.u, c.v) {
			continue
		}
		removed += s.collapse(c.u, c.v)
	}
	return removed
}

// compact drops dead triangles.
func (s *simplifier) compact() {
	out := s.tris[:0]
	for t := 0; t < len(s.tris); t += 3 {
		if s.tris[t] != s.tris[t+1] {
			out = append(out, s.tris[t:t+3]...)
		}
	}
	s.tris = out
}
