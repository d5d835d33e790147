package avatar

import (
	"math"

	"github.com/go-gl/mathgl/mgl32"
)

// update advances the simulation by dt seconds in whole SpringSteps and
// writes the joints' local rotations, interpolated between the last two
// steps. The pose's world matrices must be current (after the frame's
// animation, before skinning).
func (s *springSim) update(dt float32) {
	s.prepare()
	if !s.ready {
		s.reset()
		s.ready = true
	}
	s.acc += max(dt, 0)
	if s.acc > maxSpringCatchUp {
		s.reset()
	}
	if s.acc >= SpringStep {
		s.broadPhase()
	}
	for s.acc >= SpringStep {
		s.step()
		s.acc -= SpringStep
	}
	s.output(s.acc / SpringStep)
}

// setPlacement moves the character in the world. Tails keep their world
// positions (the hair lags behind a drag) unless the move is a teleport,
// which resets the simulation.
func (s *springSim) setPlacement(place mgl32.Mat4) {
	delta := place.Inv().Mul4(s.place) // old model space → new model space
	s.place, s.placeInv = place, place.Inv()
	if !s.ready {
		return
	}
	moved := mgl32.Vec3{delta[12], delta[13], delta[14]}.Len()
	turn := rotationOf(delta)
	if moved > teleportDistance || 2*math.Acos(float64(min(1, abs32(turn.W)))) > teleportTurnRad {
		s.ready = false
		return
	}
	for i := range s.joints {
		j := &s.joints[i]
		if j.center < 0 {
			j.cur, j.prev = pointOf(&delta, j.cur), pointOf(&delta, j.prev)
		}
	}
}

// prepare computes this frame's collider shapes, centre spaces and gravity
// in model space from the pose's world matrices, once per frame however
// many steps follow.
func (s *springSim) prepare() {
	w := s.pose.World
	for i := range s.cols {
		c := &s.cols[i]
		m := &w[c.Node]
		s.colA[i] = pointOf(m, vec(c.Offset))
		s.colC[i], s.colR[i] = s.colA[i], c.Radius
		switch c.Shape {
		case ColliderCapsule:
			s.colB[i] = pointOf(m, vec(c.Tail))
			half := s.colB[i].sub(s.colA[i]).mul(0.5)
			s.colC[i], s.colR[i] = s.colA[i].add(half), c.Radius+half.len()
		case ColliderPlane:
			nm := m.Mat3().Inv().Transpose()
			s.colN[i] = unitOrV(vec(nm.Mul3x1(c.Normal)), v3{0, 1, 0})
			s.colR[i] = float32(math.Inf(1))
		}
		if c.Inside {
			s.colR[i] = float32(math.Inf(1))
		}
	}
	for i, n := range s.centers {
		s.fromC[i] = w[n]
		s.toC[i] = w[n].Inv()
	}
	for i := range s.joints {
		j := &s.joints[i]
		j.gravModel = unitOrV(dirOf(&s.placeInv, j.gravDir), v3{0, -1, 0})
		l := &s.pose.Local[j.node]
		j.frameT, j.frameS = vec(l.T), vec(l.S)
		j.restLocal = trsMat(j.frameT, j.restR, j.frameS)
	}
}

// reset puts every tail where the current pose holds it at rest, at rest.
func (s *springSim) reset() {
	s.acc = 0
	for i := range s.joints {
		j := &s.joints[i]
		s.walkPath(j)
		w0 := mulAffine(s.parentWorld(j), &j.restLocal)
		tail := pointOf(&w0, j.tailLocal)
		if j.center >= 0 {
			tail = pointOf(&s.toC[j.center], tail)
		}
		j.cur, j.prev = tail, tail
		j.qPrev, j.qCur = qIdent, qIdent
		s.pose.World[j.node] = w0
	}
	s.maxOffset = 0
}

var ident4 = mgl32.Ident4()

// parentWorld is the world matrix of j's parent (the identity for a root).
func (s *springSim) parentWorld(j *simJoint) *mgl32.Mat4 {
	if j.parent < 0 {
		return &ident4
	}
	return &s.pose.World[j.parent]
}

// walkPath re-poses the nodes between j and the joint above it.
func (s *springSim) walkPath(j *simJoint) {
	p := s.pose
	for _, n := range j.path {
		l := p.Local[n].Mat4()
		p.World[n] = mulAffine(&p.World[p.Model.Nodes[n].Parent], &l)
	}
}

// step advances every joint by one SpringStep, parents first: Verlet
// inertia, stiffness toward the rest direction and gravity, then the
// length constraint and the colliders, as VRM specifies. Only the joints'
// own world matrices (and the few nodes between joints) are recomputed.
func (s *springSim) step() {
	var off2 float32
	for i := range s.joints {
		j := &s.joints[i]
		if len(j.path) > 0 {
			s.walkPath(j)
		}
		pw := s.parentWorld(j)
		w0 := mulAffine(pw, &j.restLocal)
		pos := origin(&w0)
		restTail := dirOf(&w0, j.tailLocal)
		length := restTail.len()
		next := s.move(j, restTail.mul(1/length))
		next = s.collide(j, pos, constrain(pos, next, length), length)
		j.prev, j.cur = j.cur, next
		if j.center >= 0 {
			j.cur = pointOf(&s.toC[j.center], next)
		}
		d := next.sub(pos.add(restTail))
		off2 = max(off2, d.dot(d))
		j.qPrev, j.qCur = j.qCur, turnBetween(j.axis, localDir(&w0, next.sub(pos)))
		local := trsMat(j.frameT, qmul(j.restR, j.qCur), j.frameS)
		s.pose.World[j.node] = mulAffine(pw, &local)
	}
	s.maxOffset = sqrt32(off2)
}

// move is Verlet integration of j's tail with stiffness toward axis (the
// rest direction, model space) and gravity; it returns the new tail in
// model space.
func (s *springSim) move(j *simJoint, axis v3) v3 {
	grav := j.gravModel
	next := j.cur.add(j.cur.sub(j.prev).mul(j.keep))
	if j.center >= 0 {
		axis = unitOrV(dirOf(&s.toC[j.center], axis), axis)
		grav = unitOrV(dirOf(&s.toC[j.center], grav), grav)
	}
	next = next.add(axis.mul(j.stiff)).add(grav.mul(j.grav))
	if j.center >= 0 {
		next = pointOf(&s.fromC[j.center], next)
	}
	return next
}

// localDir returns the direction of the world vector d in the space of
// the affine matrix m, not normalised: the rows of m's inverse are the
// cross products of its columns over the determinant, whose sign is all
// a direction needs.
func localDir(m *mgl32.Mat4, d v3) v3 {
	c0, c1, c2 := col(m, 0), col(m, 1), col(m, 2)
	x := c1.cross(c2)
	v := v3{x.dot(d), c2.cross(c0).dot(d), c0.cross(c1).dot(d)}
	if c0.dot(x) < 0 {
		return v.mul(-1)
	}
	return v
}

// turnBetween is the shortest rotation taking the unit vector a to the
// direction of b (any length), computed without trigonometry; the
// identity when b is zero.
func turnBetween(a, b v3) q4 {
	l2 := b.dot(b)
	if l2 < 1e-18 {
		return qIdent
	}
	l := sqrt32(l2)
	w := l + a.dot(b)
	if w < 1e-6*l { // opposite: half a turn about any axis across a
		axis := a.cross(v3{1, 0, 0})
		if axis.dot(axis) < 1e-6 {
			axis = a.cross(v3{0, 1, 0})
		}
		axis = unitOrV(axis, v3{0, 0, 1})
		return q4{axis.x, axis.y, axis.z, 0}
	}
	c := a.cross(b)
	return q4{c.x, c.y, c.z, w}.normalize()
}

// constrain puts p at distance length from origin, in its direction.
func constrain(origin, p v3, length float32) v3 {
	d := p.sub(origin)
	l2 := d.dot(d)
	if l2 < 1e-18 {
		return p
	}
	return origin.add(d.mul(length / sqrt32(l2)))
}

// output writes each joint's local rotation (its rest rotation turned by
// the simulation, whatever a clip asked), alpha of the way from the
// previous step's to the last one's.
func (s *springSim) output(alpha float32) {
	alpha = min(max(alpha, 0), 1)
	for i := range s.joints {
		j := &s.joints[i]
		s.pose.Local[j.node].R = qmul(j.restR, nlerp(j.qPrev, j.qCur, alpha)).normalize().mgl()
	}
}

// nlerp is the normalised linear blend of two unit quaternions, a of the
// way from p to q, through the shorter arc.
func nlerp(p, q q4, a float32) q4 {
	if p.dot(q) < 0 {
		q = q.scale(-1)
	}
	return q4{p.x + (q.x-p.x)*a, p.y + (q.y-p.y)*a, p.z + (q.z-p.z)*a, p.w + (q.w-p.w)*a}.normalize()
}
