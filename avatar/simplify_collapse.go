package avatar

import "math"

// csr lists the triangles around each vertex: those of vertex v are
// tri[start[v]:start[v+1]], as offsets of their first index.
type csr struct {
	start []int32
	tri   []int32
}

// build fills the lists for n vertices from a triangle list, skipping dead
// triangles (three equal indices).
func (c *csr) build(n int, tris []uint32) {
	if cap(c.start) < n+1 {
		c.start = make([]int32, n+1)
	}
	c.start = c.start[:n+1]
	clear(c.start)
	for t := 0; t < len(tris); t += 3 {
		if tris[t] == tris[t+1] {
			continue
		}
		for k := 0; k < 3; k++ {
			c.start[tris[t+k]+1]++
		}
	}
	for v := 0; v < n; v++ {
		c.start[v+1] += c.start[v]
	}
	if cap(c.tri) < int(c.start[n]) {
		c.tri = make([]int32, c.start[n])
	}
	c.tri = c.tri[:c.start[n]]
	fill := make([]int32, n)
	copy(fill, c.start[:n])
	for t := 0; t < len(tris); t += 3 {
		if tris[t] == tris[t+1] {
			continue
		}
		for k := 0; k < 3; k++ {
			v := tris[t+k]
			c.tri[fill[v]] = int32(t)
			fill[v]++
		}
	}
}

// around returns the triangles of vertex v.
func (c *csr) around(v uint32) []int32 { return c.tri[c.start[v]:c.start[v+1]] }

// has reports whether triangle t holds vertex v.
func (s *simplifier) has(t int32, v uint32) bool {
	return s.tris[t] == v || s.tris[t+1] == v || s.tris[t+2] == v
}

// linkOK is the link condition: u and v may share no neighbour other than
// the third vertices of the triangles on their edge, or the collapse would
// fold the surface onto itself.
func (s *simplifier) linkOK(u, v uint32) bool {
	s.mark += 2
	if s.mark < 2 { // wrapped: forget old marks
		clear(s.stamp)
		s.mark = 2
	}
	seen, counted := s.mark, s.mark+1
	shared := 0
	for _, t := range s.adj.around(u) {
		if s.has(t, v) {
			shared++
		}
		for k := int32(0); k < 3; k++ {
			s.stamp[s.tris[t+k]] = seen
		}
	}
	common := 0
	for _, t := range s.adj.around(v) {
		for k := int32(0); k < 3; k++ {
			w := s.tris[t+k]
			if w != u && w != v && s.stamp[w] == seen {
				s.stamp[w] = counted
				common++
			}
		}
	}
	return shared > 0 && common == shared
}

// shapeOK reports whether moving u's corners to v keeps every surviving
// triangle facing as before and as the original surface does, and makes
// no sliver out of a better-shaped triangle.
func (s *simplifier) shapeOK(u, v uint32) bool {
	pv := s.pos[v]
	for _, t := range s.adj.around(u) {
		if s.has(t, v) {
			continue
		}
		var old, now [3]dvec
		var ref dvec
		for k := int32(0); k < 3; k++ {
			w := s.tris[t+k]
			old[k], now[k] = s.pos[w], s.pos[w]
			if w == u {
				now[k], w = pv, v
			}
			ref = ref.add(s.onorm[w])
		}
		n0 := triNormal(old[0], old[1], old[2])
		n1 := triNormal(now[0], now[1], now[2])
		if !(n1.dot(n0) > 0) || !(n1.dot(ref) > 0) {
			return false
		}
		q1 := triQuality(now[0], now[1], now[2])
		if q1 < 0.05 && q1 < triQuality(old[0], old[1], old[2]) {
			return false
		}
	}
	return true
}

// collapse moves u's corners onto v, kills the triangles on the edge and
// returns how many died.
func (s *simplifier) collapse(u, v uint32) int {
	m := s.merr[u] + s.md.diff(u, v)
	s.worstM = math.Max(s.worstM, m)
	s.merr[v] = math.Max(s.merr[v], m)
	s.q[v].addQ(s.q[u])
	s.remap[u] = v
	s.dirty[u], s.dirty[v] = true, true
	died := 0
	for _, t := range s.adj.around(u) {
		for k := int32(0); k < 3; k++ {
			s.dirty[s.tris[t+k]] = true
		}
		if s.has(t, v) {
			s.tris[t], s.tris[t+1], s.tris[t+2] = u, u, u
			died++
			continue
		}
		for k := int32(0); k < 3; k++ {
			if s.tris[t+k] == u {
				s.tris[t+k] = v
			}
		}
	}
	return died
}

// find is the vertex that draws v in the result.
func (s *simplifier) find(v uint32) uint32 {
	for s.remap[v] != v {
		v = s.remap[v]
	}
	return v
}

// measure returns the error bound of out (see [Simplify]): each input
// vertex is measured against the triangles within two rings of the vertex
// that draws it, which bounds its distance to the whole surface.
func (s *simplifier) measure(out []uint32) float32 {
	var adj csr
	adj.build(len(s.pos), out)
	worst := s.worstM
	for i := range s.pos {
		p := s.pos[i]
		if !s.used[i] || !p.finite() {
			continue
		}
		k := s.find(uint32(i))
		around := adj.around(k)
		if k == uint32(i) && len(around) > 0 {
			continue
		}
		best := s.nearest(p, out, around, math.Inf(1))
		if best > worst { // the first ring alone would raise it: look wider
			best = math.Min(best, p.sub(s.pos[k]).len())
			for _, t := range around {
				for j := int32(0); j < 3 && best > worst; j++ {
					best = s.nearest(p, out, adj.around(out[t+j]), best)
				}
			}
		}
		if best > worst {
			worst = best
		}
	}
	return float32(worst)
}

// nearest is the least of best and p's distance to the triangles tris of
// out.
func (s *simplifier) nearest(p dvec, out []uint32, tris []int32, best float64) float64 {
	for _, t := range tris {
		if d := pointTriDist(p, s.pos[out[t]], s.pos[out[t+1]], s.pos[out[t+2]]); d < best {
			best = d
		}
	}
	return best
}
