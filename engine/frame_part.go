package engine

import (
	"github.com/kin-companion/kin/avatar"
	"github.com/kin-companion/kin/internal/par"
)

// A frame is built on several goroutines at once, each projecting and
// sorting a share of the primitives (see par): a primitive's vertices
// and indices have their own parts of the frame's buffers, and each
// goroutine its own scratch, so they share nothing they write.

// builder is one goroutine's share of a frame's build.
type builder struct {
	f      *Frame
	pose   *avatar.Pose
	prims  []int      // the primitives it builds, indices into Frame.prims
	keys   []uint16   // per triangle of a primitive: its depth bucket
	tmp    []uint32   // scratch for sorting a primitive's triangles
	count  []int32    // per depth bucket
	lo, hi [2]float32 // screen bounds of the visible triangles so far
}

// buildJob is a frame's build in parts, one per builder ([par.Job]).
type buildJob struct {
	parts []builder
}

// split shares f's primitives between up to n builders, evenly by their
// triangles, each with scratch for maxInd indices.
func (j *buildJob) split(f *Frame, n, maxInd int) {
	tris := make([]int, len(f.prims))
	for i := range f.prims {
		tris[i] = len(f.prims[i].indices)
	}
	shares := par.Split(tris, n)
	j.parts = make([]builder, len(shares))
	for k, prims := range shares {
		j.parts[k] = builder{f: f, prims: prims,
			keys: make([]uint16, maxInd/3), tmp: make([]uint32, maxInd), count: make([]int32, sortBuckets)}
	}
}

// run builds every primitive of f posed by p into f.built and returns the
// screen bounds of the visible triangles.
func (j *buildJob) run(f *Frame, p *avatar.Pose) (lo, hi [2]float32) {
	w, h := f.View.Width, f.View.Height
	for k := range j.parts {
		b := &j.parts[k]
		b.pose, b.lo, b.hi = p, [2]float32{w, h}, [2]float32{}
	}
	f.group.Run(len(j.parts), 0, j)
	lo, hi = [2]float32{w, h}, [2]float32{}
	for k := range j.parts {
		b := &j.parts[k]
		b.pose = nil
		lo = [2]float32{min(lo[0], b.lo[0]), min(lo[1], b.lo[1])}
		hi = [2]float32{max(hi[0], b.hi[0]), max(hi[1], b.hi[1])}
	}
	return lo, hi
}

// Part builds the primitives of builder k.
func (j *buildJob) Part(k int) {
	b := &j.parts[k]
	f := b.f
	for _, i := range b.prims {
		pi := &f.prims[i]
		posed := &b.pose.Instances[pi.inst].Prims[pi.prim]
		var ext extent
		if pi.lit {
			ext = f.projectLit(pi, posed)
		} else {
			ext = f.project(pi, posed)
		}
		d := b.triangles(pi, posed, &ext)
		d.Prim, d.Material, d.Outline = i, pi.material, pi.hull > 0
		f.built[i] = d
	}
}
