package engine

import (
	"math"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/kin-companion/kin/avatar"
)

// Idle is procedural motion for a humanoid without an idle clip: arms
// lowered from a T-pose, breathing, a slow weight shift and small head
// movements. Apply writes local rotations; it does not allocate.
type Idle struct {
	bones [idleBones]idleBone
}

// The bones Idle drives, in order.
const (
	ibHips = iota
	ibSpine
	ibChest
	ibNeck
	ibHead
	ibLUpperArm
	ibRUpperArm
	ibLLowerArm
	ibRLowerArm
	ibLShoulder
	ibRShoulder
	idleBones
)

var idleBoneNames = [idleBones]avatar.Bone{
	avatar.BoneHips, avatar.BoneSpine, avatar.BoneChest, avatar.BoneNeck, avatar.BoneHead,
	avatar.BoneLeftUpperArm, avatar.BoneRightUpperArm, avatar.BoneLeftLowerArm, avatar.BoneRightLowerArm,
	avatar.BoneLeftShoulder, avatar.BoneRightShoulder,
}

// idleBone is one driven bone: its node, its parent's rest world rotation
// (to turn world-space rotations into local ones) and its posed-at-rest
// local rotation (with any T-pose correction).
type idleBone struct {
	node   int
	parent mgl32.Quat
	rest   mgl32.Quat
}

// NewIdle prepares idle motion for p's model, or returns nil when the model
// is not a humanoid.
func NewIdle(p *avatar.Pose) *Idle {
	m := p.Model
	if !m.Humanoid.IsHumanoid() {
		return nil
	}
	id := &Idle{}
	p.Reset()
	p.Update()
	for i, b := range idleBoneNames {
		n := m.Humanoid.Node(b)
		id.bones[i] = idleBone{node: n}
		if n < 0 {
			continue
		}
		id.bones[i].rest = p.Local[n].R
		if par := m.Nodes[n].Parent; par >= 0 {
			id.bones[i].parent = worldRotation(p.World[par])
		} else {
			id.bones[i].parent = mgl32.QuatIdent()
		}
	}
	id.lowerArms(p)
	return id
}

// worldRotation extracts the rotation of a world matrix, ignoring scale.
func worldRotation(m mgl32.Mat4) mgl32.Quat {
	var r mgl32.Mat3
	for c := 0; c < 3; c++ {
		col := mgl32.Vec3{m[c*4], m[c*4+1], m[c*4+2]}.Normalize()
		r[c*3], r[c*3+1], r[c*3+2] = col[0], col[1], col[2]
	}
	return mgl32.Mat4ToQuat(r.Mat4()).Normalize()
}

// lowerArms brings arms that stand out sideways (a T-pose) down beside the
// body with a slight bend at the elbow.
func (id *Idle) lowerArms(p *avatar.Pose) {
	pairs := [][2]int{{ibLUpperArm, ibLLowerArm}, {ibRUpperArm, ibRLowerArm}}
	for _, pr := range pairs {
		up, lo := &id.bones[pr[0]], &id.bones[pr[1]]
		if up.node < 0 || lo.node < 0 {
			continue
		}
		a, b := p.World[up.node].Col(3).Vec3(), p.World[lo.node].Col(3).Vec3()
		dir := b.Sub(a).Normalize()
		if dir[1] < -0.9 {
			continue // already down
		}
		side := float32(math.Copysign(1, float64(dir[0])))
		target := mgl32.Vec3{side * 0.14, -1, 0.02}.Normalize()
		up.rest = id.local(up, mgl32.QuatBetweenVectors(dir, target))
		p.Local[up.node].R = up.rest
		p.Update()
		// The elbow: bend the forearm forward a little.
		lo.parent = worldRotation(p.World[p.Model.Nodes[lo.node].Parent])
		lo.rest = id.local(lo, mgl32.QuatRotate(-0.15, mgl32.Vec3{1, 0, 0}))
	}
	p.Reset()
}

// local applies a world-space rotation q to a bone's rest rotation, giving
// the new local rotation: parent⁻¹·q·parent·rest.
func (id *Idle) local(b *idleBone, q mgl32.Quat) mgl32.Quat {
	return b.parent.Inverse().Mul(q).Mul(b.parent).Mul(b.rest).Normalize()
}

// Apply writes the idle pose at time t (seconds) into p.Local; call it
// after p.Reset and before p.Update.
func (id *Idle) Apply(p *avatar.Pose, t float64) {
	breath := float32(math.Sin(t * 2 * math.Pi / 4.2))
	sway := float32(math.Sin(t*2*math.Pi/7.3) + 0.3*math.Sin(t*2*math.Pi/3.1))
	yaw := float32(0.6*math.Sin(t*0.37) + 0.4*math.Sin(t*0.83+1.3))
	nod := float32(0.6*math.Sin(t*0.51+0.7) + 0.4*math.Sin(t*1.13))
	roll := float32(math.Sin(t*0.29 + 2.1))
	x, y, z := mgl32.Vec3{1, 0, 0}, mgl32.Vec3{0, 1, 0}, mgl32.Vec3{0, 0, 1}
	id.set(p, ibHips, mgl32.QuatRotate(sway*0.018, z))
	id.set(p, ibSpine, mgl32.QuatRotate(-sway*0.012, z).Mul(mgl32.QuatRotate(breath*0.006, x)))
	id.set(p, ibChest, mgl32.QuatRotate(-breath*0.014, x))
	id.set(p, ibNeck, mgl32.QuatRotate(yaw*0.05, y).Mul(mgl32.QuatRotate(-sway*0.006, z)))
	id.set(p, ibHead, mgl32.QuatRotate(yaw*0.07, y).Mul(mgl32.QuatRotate(nod*0.04, x)).Mul(mgl32.QuatRotate(roll*0.025, z)))
	id.set(p, ibLShoulder, mgl32.QuatRotate(breath*0.012, z))
	id.set(p, ibRShoulder, mgl32.QuatRotate(-breath*0.012, z))
	id.set(p, ibLUpperArm, mgl32.QuatRotate(sway*0.015+breath*0.01, z))
	id.set(p, ibRUpperArm, mgl32.QuatRotate(sway*0.015-breath*0.01, z))
	id.set(p, ibLLowerArm, mgl32.QuatIdent())
	id.set(p, ibRLowerArm, mgl32.QuatIdent())
}

// set gives bone i its rest rotation turned by the world-space rotation q.
func (id *Idle) set(p *avatar.Pose, i int, q mgl32.Quat) {
	b := &id.bones[i]
	if b.node < 0 {
		return
	}
	p.Local[b.node].R = id.local(b, q)
}
