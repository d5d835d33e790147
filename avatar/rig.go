package avatar

import (
	"math"

	"github.com/go-gl/mathgl/mgl32"
)

// rig turns humanoid bones in model space, so that procedural motion works
// on any skeleton whatever its bones' local axes: a rotation given in the
// character's own frame is carried into each bone's parent frame from the
// pose's current local rotations.
type rig struct {
	model *Model
	// Up, Forward and Left are the character's axes in model space.
	Up, Forward, Left mgl32.Vec3
	node              []int // node per AllBones index, −1 when missing
	child             []int // the node that gives the bone its direction, or −1
}

// boneIndex maps each canonical bone to its index in AllBones.
var boneIndex = func() map[Bone]int {
	m := map[Bone]int{}
	for i, b := range AllBones {
		m[b] = i
	}
	return m
}()

func newRig(m *Model) *rig {
	r := &rig{model: m, Up: mgl32.Vec3{0, 1, 0}, Forward: m.Front()}
	r.Left = r.Up.Cross(r.Forward)
	r.node = make([]int, len(AllBones))
	r.child = make([]int, len(AllBones))
	for i, b := range AllBones {
		n := m.Humanoid.Node(b)
		r.node[i], r.child[i] = n, -1
		if n >= 0 && len(m.Nodes[n].Children) > 0 {
			r.child[i] = m.Nodes[n].Children[0]
		}
	}
	return r
}

// has reports whether bone b is mapped.
func (r *rig) has(b Bone) bool { return r.node[boneIndex[b]] >= 0 }

// parentRot is the world rotation of node n's parent in the current pose,
// from local rotations only (scale is ignored).
func (r *rig) parentRot(p *Pose, n int) mgl32.Quat {
	q := mgl32.QuatIdent()
	for a := r.model.Nodes[n].Parent; a >= 0; a = r.model.Nodes[a].Parent {
		q = p.Local[a].R.Mul(q)
	}
	return q
}

// rotate applies q, a rotation in model space, to bone b:
// local' = (P⁻¹·q·P)·local with P the parent's current world rotation. A
// bone the model lacks is skipped.
func (r *rig) rotate(p *Pose, b Bone, q mgl32.Quat) {
	n := r.node[boneIndex[b]]
	if n < 0 {
		return
	}
	pr := r.parentRot(p, n)
	d := pr.Conjugate().Mul(q).Mul(pr)
	p.Local[n].R = d.Mul(p.Local[n].R).Normalize()
}

// aim turns bone b so that it points toward dir (model space), by amount
// 0..1 of the way.
func (r *rig) aim(p *Pose, b Bone, dir mgl32.Vec3, amount float32) {
	i := boneIndex[b]
	n, c := r.node[i], r.child[i]
	if n < 0 || c < 0 || amount <= 0 {
		return
	}
	local := p.Local[c].T
	if local.Len() < 1e-6 {
		return
	}
	cur := r.parentRot(p, n).Mul(p.Local[n].R).Rotate(local.Normalize())
	full := mgl32.QuatBetweenVectors(cur, dir.Normalize())
	r.rotate(p, b, slerp(mgl32.QuatIdent(), full, min(1, amount)))
}

// axisAngle is a rotation of deg degrees about axis.
func axisAngle(deg float32, axis mgl32.Vec3) mgl32.Quat {
	return mgl32.QuatRotate(deg*math.Pi/180, axis)
}
