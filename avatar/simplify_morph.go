package avatar

import "math"

// morphDeltas holds every vertex's morph deltas as a compressed row: the
// deltas of vertex v are target[start[v]:start[v+1]] and delta[...], in
// ascending target order.
type morphDeltas struct {
	start  []int32
	target []int32
	delta  []dvec
}

// newMorphDeltas gathers the sparse targets per vertex; indices out of
// range and non-finite deltas are ignored.
func newMorphDeltas(n int, targets []MorphTarget) morphDeltas {
	var md morphDeltas
	if len(targets) == 0 {
		return md
	}
	md.start = make([]int32, n+1)
	valid := func(mt MorphTarget, k int) bool {
		return int(mt.Index[k]) < n && dv(mt.Positions[k]).finite()
	}
	for _, mt := range targets {
		for k := 0; k < len(mt.Index) && k < len(mt.Positions); k++ {
			if valid(mt, k) {
				md.start[mt.Index[k]+1]++
			}
		}
	}
	for v := 0; v < n; v++ {
		md.start[v+1] += md.start[v]
	}
	md.target = make([]int32, md.start[n])
	md.delta = make([]dvec, md.start[n])
	fill := append([]int32(nil), md.start[:n]...)
	for t, mt := range targets {
		for k := 0; k < len(mt.Index) && k < len(mt.Positions); k++ {
			if valid(mt, k) {
				v := mt.Index[k]
				md.target[fill[v]], md.delta[fill[v]] = int32(t), dv(mt.Positions[k])
				fill[v]++
			}
		}
	}
	return md
}

// diff is the largest distance, over all targets, between the deltas of
// vertices u and v: how far the surface at u is misplaced, with one target
// fully on, once u is drawn by v. Zero when there are no targets.
func (md *morphDeltas) diff(u, v uint32) float64 {
	if md.start == nil {
		return 0
	}
	i, ie := md.start[u], md.start[u+1]
	j, je := md.start[v], md.start[v+1]
	worst := 0.0
	for i < ie || j < je {
		var d dvec
		switch {
		case j >= je || (i < ie && md.target[i] < md.target[j]):
			d = md.delta[i]
			i++
		case i >= ie || md.target[j] < md.target[i]:
			d = md.delta[j]
			j++
		default:
			d = md.delta[i].sub(md.delta[j])
			i++
			j++
		}
		if l := d.dot(d); l > worst {
			worst = l
		}
	}
	return math.Sqrt(worst)
}
