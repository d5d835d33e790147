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
			j.cur, j.prev = mulPoint(&delta, j.cur), mulPoint(&delta, j.prev)
		}
	}
}

// prepare computes this frame's collider shapes, centre spaces and gravity
// in model space from the pose's world matrices.
func (s *springSim) prepare() {
	w := s.pose.World
	for i := range s.cols {
		c := &s.cols[i]
		m := &w[c.Node]
		s.colA[i] = mulPoint(m, c.Offset)
		s.colC[i], s.colR[i] = s.colA[i], c.Radius
		switch c.Shape {
		case ColliderCapsule:
			s.colB[i] = mulPoint(m, c.Tail)
			half := s.colB[i].Sub(s.colA[i]).Mul(0.5)
			s.colC[i], s.colR[i] = s.colA[i].Add(half), c.Radius+half.Len()
		case ColliderPlane:
			nm := m.Mat3().Inv().Transpose()
			s.colN[i] = unitOr(nm.Mul3x1(c.Normal), mgl32.Vec3{0, 1, 0})
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
		j.gravModel = unitOr(mulDir(&s.placeInv, j.gravDir), mgl32.Vec3{0, -1, 0})
		l := s.pose.Local[j.node]
		l.R = j.rest.R
		j.restLocal = l.Mat4()
	}
}

// reset puts every tail where the current pose holds it at rest, at rest.
func (s *springSim) reset() {
	s.acc = 0
	for i := range s.joints {
		j := &s.joints[i]
		s.walkPath(j)
		pw := s.parentWorld(j)
		w0 := mulAffine(&pw, &j.restLocal)
		tail := mulPoint(&w0, j.tailLocal)
		if j.center >= 0 {
			tail = mulPoint(&s.toC[j.center], tail)
		}
		j.cur, j.prev = tail, tail
		j.qPrev, j.qCur = mgl32.QuatIdent(), mgl32.QuatIdent()
		s.pose.World[j.node] = w0
	}
	s.maxOffset = 0
}

func (s *springSim) parentWorld(j *simJoint) mgl32.Mat4 {
	if j.parent < 0 {
		return mgl32.Ident4()
	}
	return s.pose.World[j.parent]
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
// length constraint and the colliders, as VRM specifies.
func (s *springSim) step() {
	s.maxOffset = 0
	s.broadPhase()
	for i := range s.joints {
		j := &s.joints[i]
		s.walkPath(j)
		pw := s.parentWorld(j)
		w0 := mulAffine(&pw, &j.restLocal)
		pos := mgl32.Vec3{w0[12], w0[13], w0[14]}
		restTail := mulDir(&w0, j.tailLocal)
		length := restTail.Len()
		axis, grav := restTail.Mul(1/length), j.gravModel
		next := j.cur.Add(j.cur.Sub(j.prev).Mul(j.keep))
		if j.center >= 0 {
			axis = mulDir(&s.toC[j.center], axis).Normalize()
			grav = mulDir(&s.toC[j.center], grav).Normalize()
		}
		next = next.Add(axis.Mul(j.stiff)).Add(grav.Mul(j.grav))
		if j.center >= 0 {
			next = mulPoint(&s.fromC[j.center], next)
		}
		next = s.collide(j, pos, constrain(pos, next, length))
		j.prev, j.cur = j.cur, next
		if j.center >= 0 {
			j.cur = mulPoint(&s.toC[j.center], next)
		}
		s.maxOffset = max(s.maxOffset, next.Sub(pos.Add(restTail)).Len())
		local := w0.Mat3().Inv().Mul3x1(next.Sub(pos))
		j.qPrev, j.qCur = j.qCur, mgl32.QuatBetweenVectors(j.axis, unitOr(local, j.axis))
		r := s.pose.Local[j.node]
		r.R = j.rest.R.Mul(j.qCur)
		rm := r.Mat4()
		s.pose.World[j.node] = mulAffine(&pw, &rm)
	}
}

// constrain puts p at distance length from origin, in its direction.
func constrain(origin, p mgl32.Vec3, length float32) mgl32.Vec3 {
	d := p.Sub(origin)
	l := d.Len()
	if l < 1e-9 {
		return p
	}
	return origin.Add(d.Mul(length / l))
}

// broadPhase lists, per chain, the colliders within reach of its pivot.
func (s *springSim) broadPhase() {
	for i := range s.springs {
		sp := &s.springs[i]
		sp.near = sp.near[:0]
		if sp.first < 0 {
			continue
		}
		pivot := s.pose.World[sp.first].Col(3).Vec3()
		for _, c := range sp.cols {
			d := pivot.Sub(s.colC[c])
			if r := sp.reach + s.colR[c]; d.Dot(d) <= r*r {
				sp.near = append(sp.near, c)
			}
		}
	}
}

// collide pushes the tail out of (or, inside-out, into) each collider of
// j, keeping the bone's length after each push.
func (s *springSim) collide(j *simJoint, pos, tail mgl32.Vec3) mgl32.Vec3 {
	length := tail.Sub(pos).Len()
	for _, c := range s.springs[j.spring].near {
		if dist, dir, hit := s.distance(c, tail, j.hitR); hit {
			tail = constrain(pos, tail.Sub(dir.Mul(dist)), length)
		}
	}
	return tail
}

// distance is the signed gap between a ball of radius r at p and collider
// c (negative when they overlap), with the direction that separates them;
// hit reports an overlap. Misses are found from squared distances, without
// a square root, which keeps the many far colliders cheap.
func (s *springSim) distance(c int, p mgl32.Vec3, r float32) (dist float32, dir mgl32.Vec3, hit bool) {
	col := &s.cols[c]
	a := s.colA[c]
	switch col.Shape {
	case ColliderPlane:
		n := s.colN[c]
		dist = p.Sub(a).Dot(n) - r
		return dist, n, dist < 0
	case ColliderCapsule:
		ab := s.colB[c].Sub(a)
		t := p.Sub(a).Dot(ab)
		if l2 := ab.Dot(ab); t > 0 && l2 > 0 {
			a = a.Add(ab.Mul(min(t/l2, 1)))
		}
	}
	d := p.Sub(a)
	l2 := d.Dot(d)
	reach := col.Radius + r
	if col.Inside {
		reach = col.Radius - r
	}
	if col.Inside == (l2 < reach*reach) {
		return 0, dir, false
	}
	l := float32(math.Sqrt(float64(l2)))
	dir = mgl32.Vec3{0, 1, 0}
	if l > 1e-9 {
		dir = d.Mul(1 / l)
	}
	if col.Inside {
		return reach - l, dir.Mul(-1), true
	}
	return l - reach, dir, true
}

// output writes each joint's local rotation (its rest rotation turned by
// the simulation, whatever a clip asked), alpha of the way from the
// previous step's to the last one's.
func (s *springSim) output(alpha float32) {
	for i := range s.joints {
		j := &s.joints[i]
		q := mgl32.QuatNlerp(j.qPrev, j.qCur, min(max(alpha, 0), 1))
		s.pose.Local[j.node].R = j.rest.R.Mul(q).Normalize()
	}
}
