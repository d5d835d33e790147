package avatar

import (
	"math"
	"slices"

	"github.com/go-gl/mathgl/mgl32"
)

// SpringStep is the fixed time step of the spring-bone simulation, in
// seconds. Frames of any length advance it by whole steps; the pose shown
// is interpolated between the last two, so 20 FPS and 144 FPS move the
// hair alike. 60 Hz is the rate VRM parameters are tuned for (UniVRM and
// three-vrm step once per frame); the parameters are still rescaled in
// case the step changes.
const SpringStep = float32(1.0 / 60)

// springRefStep is the step VRM parameters are tuned for: UniVRM and
// three-vrm step once per frame, at about 60 FPS.
const springRefStep = 1.0 / 60

// Limits beyond which the simulation starts again from rest instead of
// flinging the hair: a pause longer than maxSpringCatchUp seconds (a
// hidden window), or the character moved (the overlay dragged, the model
// dropped in) farther than teleportDistance metres or turned more than
// teleportTurnRad in one frame.
const (
	maxSpringCatchUp = 0.25
	teleportDistance = 1.0
	teleportTurnRad  = math.Pi / 3
)

// springSim steps a model's spring bones. It works in model space: the
// character's placement in the world only enters as inertia (tails keep
// their world position when the character moves) and as the direction of
// gravity. After newSpringSim it does not allocate.
type springSim struct {
	pose    *Pose
	joints  []simJoint
	cols    []Collider
	colA    []v3      // per collider, model space: centre, capsule head or plane point
	colB    []v3      // capsule tail
	colN    []v3      // plane normal
	colC    []v3      // bounding sphere centre, per collider
	colR    []float32 // bounding sphere radius (+Inf: always tested)
	springs []simSpring
	centers []int        // distinct center nodes
	toC     []mgl32.Mat4 // model → center space, per center
	fromC   []mgl32.Mat4

	place, placeInv mgl32.Mat4 // model → world and back
	acc             float32
	ready           bool
	maxOffset       float32
}

// simJoint is a joint's parameters and state.
type simJoint struct {
	node, parent   int
	path           []int      // non-joint nodes from the nearest joint ancestor down to parent
	restR          q4         // rest rotation, normalised
	restLocal      mgl32.Mat4 // rest rotation, this frame's translation and scale
	frameT, frameS v3         // this frame's local translation and scale
	tailLocal      v3         // tail in the joint's rest space
	axis           v3         // tailLocal normalised
	center         int        // index into centers, or -1
	spring         int        // index into springs
	stiff, grav    float32    // per step, already scaled to SpringStep
	keep           float32    // velocity kept per step: (1−drag) rescaled
	hitR           float32
	gravDir        v3 // world space
	gravModel      v3 // model space, this frame
	cur, prev      v3 // tail, in center space
	qPrev, qCur    q4 // rotation applied at the last two steps
}

// simSpring is one chain and the colliders it can reach: the step only
// tests a joint against the colliders near its chain (a broad phase).
type simSpring struct {
	first  int     // the chain's topmost joint node: its pivot
	reach  float32 // the chain's length plus its largest hit radius
	cols   []int   // every collider of the chain's groups
	near   []int   // those near the chain this step
	topKey int     // rank of first
}

// newSpringSim prepares the simulation of p.Model.Springs, or returns nil
// when the model has none that can move.
func newSpringSim(p *Pose) *springSim {
	sb := p.Model.Springs
	if sb == nil {
		return nil
	}
	s := &springSim{pose: p, cols: sb.Colliders, place: mgl32.Ident4(), placeInv: mgl32.Ident4()}
	n := len(sb.Colliders)
	s.colA, s.colB, s.colN = make([]v3, n), make([]v3, n), make([]v3, n)
	s.colC, s.colR = make([]v3, n), make([]float32, n)
	rank := make([]int, len(p.Model.Nodes))
	for i, node := range p.order {
		rank[node] = i
	}
	s.springs = make([]simSpring, sb.Springs)
	for i := range s.springs {
		s.springs[i].first, s.springs[i].topKey = -1, math.MaxInt
	}
	isJoint := map[int]bool{}
	for _, j := range sb.Joints {
		if sj, ok := s.newJoint(j, sb); ok {
			s.joints = append(s.joints, sj)
			isJoint[j.Node] = true
			s.addToSpring(j, sb, rank[j.Node])
		}
	}
	for i := range s.springs {
		s.springs[i].near = make([]int, 0, len(s.springs[i].cols))
	}
	slices.SortFunc(s.joints, func(a, b simJoint) int { return rank[a.node] - rank[b.node] })
	for i := range s.joints {
		s.joints[i].path = pathFromJoint(p.Model, s.joints[i].parent, isJoint)
	}
	if len(s.joints) == 0 {
		return nil
	}
	s.toC, s.fromC = make([]mgl32.Mat4, len(s.centers)), make([]mgl32.Mat4, len(s.centers))
	return s
}

// newJoint converts a joint's parameters to the fixed step. A joint whose
// tail sits on its origin cannot turn and is left out.
func (s *springSim) newJoint(j SpringJoint, sb *SpringBones) (simJoint, bool) {
	m := s.pose.Model
	sj := simJoint{node: j.Node, parent: m.Nodes[j.Node].Parent, center: -1, hitR: j.HitRadius, gravDir: vec(j.GravityDir)}
	sj.restR = qv(m.Nodes[j.Node].Rest.R.Normalize())
	sj.tailLocal = vec(tailOf(m, j))
	if sj.tailLocal.len() < 1e-6 {
		return sj, false
	}
	sj.axis = sj.tailLocal.mul(1 / sj.tailLocal.len())
	// Keep VRM's tuning at springRefStep: the same damping per second and the
	// same terminal speed under a constant pull.
	drag := min(max(j.DragForce, 0), 1)
	ratio := float64(SpringStep) / springRefStep
	keep := float32(math.Pow(float64(1-drag), ratio))
	k := float32(ratio)
	if drag > 1e-4 {
		k = (1 - keep) / drag
	}
	sj.keep, sj.stiff, sj.grav = keep, j.Stiffness*SpringStep*k, j.GravityPower*SpringStep*k
	if j.Center >= 0 {
		sj.center = s.centerIndex(j.Center)
	}
	sj.spring = j.Spring
	return sj, true
}

// addToSpring adds joint j's colliders, length and hit radius to its chain.
func (s *springSim) addToSpring(j SpringJoint, sb *SpringBones, rank int) {
	sp := &s.springs[j.Spring]
	if rank < sp.topKey {
		sp.first, sp.topKey = j.Node, rank
	}
	m := s.pose.Model
	tail := mulDir(ptr(restWorld(m, j.Node)), tailOf(m, j)).Len()
	sp.reach += tail + 2*j.HitRadius
	for _, g := range j.Groups {
		for _, c := range sb.Groups[g] {
			if !slices.Contains(sp.cols, c) {
				sp.cols = append(sp.cols, c)
			}
		}
	}
}

func ptr(m mgl32.Mat4) *mgl32.Mat4 { return &m }

func (s *springSim) centerIndex(node int) int {
	if i := slices.Index(s.centers, node); i >= 0 {
		return i
	}
	s.centers = append(s.centers, node)
	return len(s.centers) - 1
}

// tailOf returns where a joint's tail sits in the joint's rest space: its
// child's rest position, or for a VRM 0.x leaf 7 cm along the direction of
// the joint's own offset from its parent (as three-vrm does).
func tailOf(m *Model, j SpringJoint) mgl32.Vec3 {
	if j.Child < 0 {
		t := m.Nodes[j.Node].Rest.T
		if t.Len() < 1e-6 {
			return mgl32.Vec3{0, -vrm0TailLength, 0}
		}
		return t.Normalize().Mul(vrm0TailLength)
	}
	if m.Nodes[j.Child].Parent == j.Node {
		return m.Nodes[j.Child].Rest.T
	}
	return mgl32.TransformCoordinate(restWorld(m, j.Child).Col(3).Vec3(), restWorld(m, j.Node).Inv())
}

// restWorld is node n's world matrix in the rest pose.
func restWorld(m *Model, n int) mgl32.Mat4 {
	w := mgl32.Ident4()
	for ; n >= 0; n = m.Nodes[n].Parent {
		w = m.Nodes[n].Rest.Mat4().Mul4(w)
	}
	return w
}

// pathFromJoint lists, top-down, the nodes from below the nearest joint
// ancestor of n down to n itself, which must be re-posed when that joint
// turns; nil when no joint is above n.
func pathFromJoint(m *Model, n int, isJoint map[int]bool) []int {
	var path []int
	for a := n; a >= 0; a = m.Nodes[a].Parent {
		if isJoint[a] {
			slices.Reverse(path)
			return path
		}
		path = append(path, a)
	}
	return nil
}

// mulDir applies m's upper 3×3 to v (a direction).
func mulDir(m *mgl32.Mat4, v mgl32.Vec3) mgl32.Vec3 {
	return mgl32.Vec3{
		m[0]*v[0] + m[4]*v[1] + m[8]*v[2],
		m[1]*v[0] + m[5]*v[1] + m[9]*v[2],
		m[2]*v[0] + m[6]*v[1] + m[10]*v[2],
	}
}

// mulAffine multiplies two affine matrices (last row 0 0 0 1), skipping
// the work of the last row.
func mulAffine(a, b *mgl32.Mat4) mgl32.Mat4 {
	var m mgl32.Mat4
	for c := 0; c < 4; c++ {
		b0, b1, b2 := b[c*4], b[c*4+1], b[c*4+2]
		m[c*4] = a[0]*b0 + a[4]*b1 + a[8]*b2
		m[c*4+1] = a[1]*b0 + a[5]*b1 + a[9]*b2
		m[c*4+2] = a[2]*b0 + a[6]*b1 + a[10]*b2
	}
	m[12] += a[12]
	m[13] += a[13]
	m[14] += a[14]
	m[15] = 1
	return m
}
