package avatar

import "math"

// LOD is a coarser triangle list of a primitive over the same vertices.
type LOD struct {
	// Indices is the triangle list, three per triangle, indexing the
	// primitive's own vertex arrays.
	Indices []uint32
	// Error bounds how far this level's surface is from the full one, in
	// the primitive's position units (before node transforms and
	// skinning), with any one morph target fully on (see [Simplify]).
	Error float32
}

// LODOptions says which levels [ComputeLODs] tries.
type LODOptions struct {
	// Ratios are the wanted triangle counts as fractions of the full
	// primitive's, finest first.
	Ratios []float32
	// MaxError is, per ratio, the largest error accepted as a fraction of
	// the model's height; a level that cannot get under it is cut short.
	MaxError []float32
	// MinTriangles: primitives with fewer triangles keep no levels.
	MinTriangles int
	// MinSaving: a level is kept only if it has at most this fraction of
	// the triangles of the level before it (or of the full primitive).
	MinSaving float32
}

// DefaultLODOptions are the levels kin builds: half and a quarter of the
// triangles, within 0.2% and 0.5% of the model's height.
var DefaultLODOptions = LODOptions{
	Ratios:       []float32{0.5, 0.25},
	MaxError:     []float32{0.002, 0.005},
	MinTriangles: 400,
	MinSaving:    0.85,
}

// ComputeLODs builds the levels of every primitive of m, indexed
// [mesh][primitive], without changing m: it only reads the model, so it
// may run in a goroutine while the model is drawn. Each level is simplified
// from the full primitive by [Simplify] with its morph targets, so
// expressions keep their shape. A level whose measured error exceeds its
// bound is tried again with a tighter limit (it then removes fewer
// triangles) or dropped.
func ComputeLODs(m *Model, opt LODOptions) [][][]LOD {
	height := float32(modelHeight(m))
	out := make([][][]LOD, len(m.Meshes))
	for mi := range m.Meshes {
		live := animatedTargets(m, mi)
		out[mi] = make([][]LOD, len(m.Meshes[mi].Primitives))
		for pi := range m.Meshes[mi].Primitives {
			p := &m.Meshes[mi].Primitives[pi]
			out[mi][pi] = primitiveLODs(p, liveTargets(p.Targets, live), height, opt)
		}
	}
	return out
}

// SetLODs stores levels from [ComputeLODs] on the model's primitives
// (Primitive.LODs). It writes the model, so call it where the model is
// owned (the frame loop's Update, or before the model is shared).
func (m *Model) SetLODs(lods [][][]LOD) {
	for mi := range m.Meshes {
		for pi := range m.Meshes[mi].Primitives {
			if mi < len(lods) && pi < len(lods[mi]) {
				m.Meshes[mi].Primitives[pi].LODs = lods[mi][pi]
			}
		}
	}
}

// BuildLODs computes the default levels and stores them on the model.
func (m *Model) BuildLODs() { m.SetLODs(ComputeLODs(m, DefaultLODOptions)) }

// primitiveLODs builds the levels of one primitive.
func primitiveLODs(p *Primitive, targets []MorphTarget, height float32, opt LODOptions) []LOD {
	full := len(p.Indices) / 3
	if full < opt.MinTriangles || height <= 0 {
		return nil
	}
	var lods []LOD
	prev := full
	sopt := SimplifyOptions{Targets: targets}
	for i, r := range opt.Ratios {
		if i >= len(opt.MaxError) {
			break
		}
		bound := opt.MaxError[i] * height
		limit := bound
		for try := 0; try < 3; try++ {
			idx, e := Simplify(p.Positions, p.Indices, int(float32(full)*r), limit, sopt)
			if e <= bound {
				if n := len(idx) / 3; float32(n) <= opt.MinSaving*float32(prev) {
					lods = append(lods, LOD{Indices: idx, Error: e})
					prev = n
				}
				break
			}
			limit /= 2
		}
	}
	return lods
}

// animatedTargets marks the morph targets of mesh mi that can move: bound
// by an expression, driven by a clip's weights channel, or on by default.
// Other targets (a body-shape key such as RPM's "male"/"female" left at
// zero) do not limit the simplification.
func animatedTargets(m *Model, mi int) []bool {
	mesh := &m.Meshes[mi]
	live := make([]bool, len(mesh.TargetNames))
	for t, w := range mesh.DefaultWeights {
		live[t] = live[t] || w != 0
	}
	if e := m.Expressions; e != nil {
		for i := 0; i < e.Len(); i++ {
			for _, b := range e.At(i).Binds {
				if b.Mesh == mi && b.Target >= 0 && b.Target < len(live) {
					live[b.Target] = true
				}
			}
		}
	}
	for _, c := range m.Clips {
		for _, ch := range c.Channels {
			if ch.Path == PathWeights && ch.Node >= 0 && ch.Node < len(m.Nodes) && m.Nodes[ch.Node].Mesh == mi {
				return allTrue(live)
			}
		}
	}
	for _, n := range m.Nodes {
		if n.Mesh == mi {
			for t, w := range n.Weights {
				if t < len(live) && w != 0 {
					live[t] = true
				}
			}
		}
	}
	return live
}

func allTrue(b []bool) []bool {
	for i := range b {
		b[i] = true
	}
	return b
}

// liveTargets keeps the targets marked live, leaving the others empty.
func liveTargets(targets []MorphTarget, live []bool) []MorphTarget {
	out := make([]MorphTarget, len(targets))
	for t := range targets {
		if t < len(live) && live[t] {
			out[t] = targets[t]
		}
	}
	return out
}

// modelHeight is the largest extent of the box around every primitive's
// positions: the character's height in position units when its meshes
// share one space (as exported characters' skinned meshes do).
func modelHeight(m *Model) float64 {
	lo := dvec{math.Inf(1), math.Inf(1), math.Inf(1)}
	hi := dvec{math.Inf(-1), math.Inf(-1), math.Inf(-1)}
	for _, mesh := range m.Meshes {
		for _, p := range mesh.Primitives {
			for _, v := range p.Positions {
				d := dv(v)
				if !d.finite() {
					continue
				}
				for k := 0; k < 3; k++ {
					lo[k], hi[k] = math.Min(lo[k], d[k]), math.Max(hi[k], d[k])
				}
			}
		}
	}
	h := 0.0
	for k := 0; k < 3; k++ {
		h = math.Max(h, hi[k]-lo[k])
	}
	if math.IsInf(h, 0) || math.IsNaN(h) {
		return 0
	}
	return h
}

// IndicesFor returns the coarsest triangle list whose error is at most
// maxError (in position units; a renderer divides the error it accepts on
// screen, such as half a pixel, by the projected size of one unit): the
// Indices of one of p.LODs, or p.Indices when none is good enough. It does
// not allocate.
func (p *Primitive) IndicesFor(maxError float32) []uint32 {
	idx := p.Indices
	for _, l := range p.LODs {
		if l.Error <= maxError {
			idx = l.Indices
		}
	}
	return idx
}
