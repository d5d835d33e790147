package avatar

import "github.com/go-gl/mathgl/mgl32"

// SpringBones is a model's secondary motion, read from VRM 0.x
// secondaryAnimation or VRM 1.0 VRMC_springBone into one form: joints that
// swing behind their parents (hair, ears, skirts) and the colliders they
// keep out of. The simulation lives in [Character]; this is data only.
type SpringBones struct {
	// Springs is the number of chains (VRM 1.0 springs, or VRM 0.x bone
	// group roots).
	Springs int
	// Joints lists the simulated joints, each with its own parameters.
	Joints []SpringJoint
	// Colliders lists every collider; Groups lists collider indices per
	// collider group, which joints refer to.
	Colliders []Collider
	Groups    [][]int
}

// SpringJoint is one simulated bone: its node turns so that its tail (the
// child node, or a point 7 cm along the bone for a VRM 0.x leaf) hangs,
// swings and avoids colliders.
type SpringJoint struct {
	Node int
	// Child is the node that marks the tail, or -1 for a virtual tail.
	Child int
	// Spring is the chain the joint belongs to.
	Spring int
	// Stiffness pulls the tail back to its rest direction, GravityPower
	// pulls it along GravityDir (world space, unit length), DragForce (0..1)
	// damps its motion, HitRadius is the tail's radius against colliders.
	Stiffness, GravityPower, DragForce, HitRadius float32
	GravityDir                                    mgl32.Vec3
	// Center is the node whose space the motion is measured in (so that
	// moving it moves the hair without inertia), or -1 for the world.
	Center int
	// Groups lists the collider groups the tail keeps out of.
	Groups []int
}

// ColliderShape is a collider's kind.
type ColliderShape uint8

// Collider shapes: VRM 0.x has spheres; VRM 1.0 spheres and capsules; the
// extended collider spec adds planes and inside-out spheres and capsules.
const (
	ColliderSphere ColliderShape = iota
	ColliderCapsule
	ColliderPlane
)

// Collider is a shape attached to a node, in that node's space.
type Collider struct {
	Node  int
	Shape ColliderShape
	// Offset is the sphere's centre, the capsule's head or a point on the
	// plane; Tail is the capsule's other end; Normal the plane's normal.
	Offset, Tail, Normal mgl32.Vec3
	Radius               float32
	// Inside keeps tails inside the sphere or capsule instead of out of it.
	Inside bool
}

// SpringCounts is what `kin inspect --json` reports of a model's spring
// bones. Field names are a contract.
type SpringCounts struct {
	Springs   int `json:"springs"`
	Joints    int `json:"joints"`
	Colliders int `json:"colliders"`
}

// Counts returns the numbers of springs, joints and colliders (zero for a
// nil receiver).
func (s *SpringBones) Counts() SpringCounts {
	if s == nil {
		return SpringCounts{}
	}
	return SpringCounts{Springs: s.Springs, Joints: len(s.Joints), Colliders: len(s.Colliders)}
}

// vrm0TailLength is the fixed length of the virtual tail of a VRM 0.x leaf
// joint (the VRMC_springBone specification's note on 0.x).
const vrm0TailLength = 0.07

// defaultJoint holds the VRM 1.0 defaults of a joint's parameters.
func defaultJoint() SpringJoint {
	return SpringJoint{Child: -1, Center: -1, Stiffness: 1, DragForce: 0.4, GravityDir: mgl32.Vec3{0, -1, 0}}
}
