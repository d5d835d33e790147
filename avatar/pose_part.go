package avatar

import (
	"math"
	"runtime"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/kin-companion/kin/internal/par"
)

// The posed vertices are worked out on several goroutines at once (see
// par), each morphing and skinning a share of the primitives: every
// primitive writes its own posed arrays, and each goroutine has its own
// morph scratch and bounds.

// poser is one goroutine's share of posing the vertices.
type poser struct {
	p       *Pose
	prims   []primRef    // the primitives it poses
	scratch []mgl32.Vec3 // morphed positions
	normBuf []mgl32.Vec3 // morphed normals
	b       box          // the bounds of the vertices it posed
}

// primRef names primitive k of instance inst.
type primRef struct{ inst, k int }

// poseJob is posing the vertices in parts, one per poser ([par.Job]).
type poseJob struct {
	parts []poser
	group par.Group
}

// split shares p's primitives between up to GOMAXPROCS posers, evenly by
// their vertices.
func (j *poseJob) split(p *Pose) {
	var refs []primRef
	var sizes []int
	for i := range p.Instances {
		for k, pp := range p.Instances[i].Prims {
			refs, sizes = append(refs, primRef{i, k}), append(sizes, len(pp.Positions))
		}
	}
	shares := par.Split(sizes, runtime.GOMAXPROCS(0))
	j.parts = make([]poser, len(shares))
	for k, share := range shares {
		ps := &j.parts[k]
		most := 0
		for _, i := range share {
			ps.prims = append(ps.prims, refs[i])
			most = max(most, sizes[i])
		}
		ps.p, ps.scratch, ps.normBuf = p, make([]mgl32.Vec3, most), make([]mgl32.Vec3, most)
	}
}

// run poses every primitive and returns the bounds of the posed vertices.
func (j *poseJob) run() box {
	inf := float32(math.Inf(1))
	b := box{mgl32.Vec3{inf, inf, inf}, mgl32.Vec3{-inf, -inf, -inf}}
	for k := range j.parts {
		j.parts[k].b = b
	}
	j.group.Run(len(j.parts), 0, j)
	for k := range j.parts {
		pb := &j.parts[k].b
		for c := range 3 {
			b.lo[c], b.hi[c] = min(b.lo[c], pb.lo[c]), max(b.hi[c], pb.hi[c])
		}
	}
	return b
}

// Part poses the primitives of poser k.
func (j *poseJob) Part(k int) {
	ps := &j.parts[k]
	p := ps.p
	b := ps.b // on the stack: the posers' bounds share a cache line
	for _, r := range ps.prims {
		inst := &p.Instances[r.inst]
		prim := &p.Model.Meshes[inst.Mesh].Primitives[r.k]
		out := &inst.Prims[r.k]
		pos, nrm := ps.morph(prim, p.Weights[inst.Node])
		if inst.Skin >= 0 && prim.Joints != nil {
			skin(p.xforms[inst.Skin], prim, pos, nrm, out, &b)
		} else {
			rigid(&p.World[inst.Node], pos, nrm, out, &b)
		}
	}
	ps.b = b
}
