package avatar

// broadPhase lists, per chain, the colliders within reach of its pivot.
// It runs once per frame: a chain's pivot hangs from the animated pose,
// which the steps of one frame do not move.
func (s *springSim) broadPhase() {
	for i := range s.springs {
		sp := &s.springs[i]
		sp.near = sp.near[:0]
		if sp.first < 0 {
			continue
		}
		pivot := origin(&s.pose.World[sp.first])
		for _, c := range sp.cols {
			d := pivot.sub(s.colC[c])
			if r := sp.reach + s.colR[c]; d.dot(d) <= r*r {
				sp.near = append(sp.near, c)
			}
		}
	}
}

// collide pushes the tail out of (or, inside-out, into) each collider of
// j near its chain, keeping the bone's length after each push. A tail
// outside a collider's bounding sphere is passed over without calling
// distance.
func (s *springSim) collide(j *simJoint, pos, tail v3, length float32) v3 {
	colC, colR := s.colC, s.colR
	for _, c := range s.springs[j.spring].near {
		d := tail.sub(colC[c])
		if r := colR[c] + j.hitR; d.dot(d) >= r*r {
			continue
		}
		if dist, dir, hit := s.distance(c, tail, j.hitR); hit {
			tail = constrain(pos, tail.sub(dir.mul(dist)), length)
			if dist, _, hit := s.distance(c, tail, j.hitR); hit && dist < -1e-4 {
				tail = s.ontoRim(c, j.hitR, pos, tail, length)
			}
		}
	}
	return tail
}

// distance is the signed gap between a ball of radius r at p and collider
// c (negative when they overlap), with the direction that separates them;
// hit reports an overlap. Misses are found from squared distances, without
// a square root.
func (s *springSim) distance(c int, p v3, r float32) (dist float32, dir v3, hit bool) {
	col := &s.cols[c]
	if col.Shape == ColliderPlane {
		n := s.colN[c]
		dist = p.sub(s.colA[c]).dot(n) - r
		return dist, n, dist < 0
	}
	a, reach := s.nearest(c, p, r)
	d := p.sub(a)
	l2 := d.dot(d)
	if col.Inside == (l2 < reach*reach) {
		return 0, dir, false
	}
	l := sqrt32(l2)
	dir = v3{0, 1, 0}
	if l > 1e-9 {
		dir = d.mul(1 / l)
	}
	if col.Inside {
		return reach - l, dir.mul(-1), true
	}
	return l - reach, dir, true
}

// nearest returns the point of sphere or capsule c's core (its centre or
// axis) nearest p, and the distance from it that a ball of radius r at p
// must keep (at least for a collider, at most for an inside-out one).
func (s *springSim) nearest(c int, p v3, r float32) (v3, float32) {
	col := &s.cols[c]
	a := s.colA[c]
	if col.Shape == ColliderCapsule {
		ab := s.colB[c].sub(a)
		t := p.sub(a).dot(ab)
		if l2 := ab.dot(ab); t > 0 && l2 > 0 {
			a = a.add(ab.mul(min(t/l2, 1)))
		}
	}
	if col.Inside {
		return a, col.Radius - r
	}
	return a, col.Radius + r
}

// ontoRim puts a tail that one push left inside collider c (a push along
// the collider's normal, then back to the bone's length, falls short when
// the bone's circle runs deep through the collider) onto the nearest point
// where the sphere the tail moves on (radius length about pos) meets the
// collider's surface. Where they do not meet the tail is left as it is.
func (s *springSim) ontoRim(c int, r float32, pos, tail v3, length float32) v3 {
	var centre, axis v3
	var h2 float32
	if s.cols[c].Shape == ColliderPlane {
		axis = s.colN[c]
		d := pos.sub(s.colA[c]).dot(axis) - r
		centre, h2 = pos.sub(axis.mul(d)), length*length-d*d
	} else {
		core, reach := s.nearest(c, tail, r)
		to := core.sub(pos)
		dist := to.len()
		if dist < 1e-9 {
			return tail
		}
		axis = to.mul(1 / dist)
		a := (length*length - reach*reach + dist*dist) / (2 * dist)
		centre, h2 = pos.add(axis.mul(a)), length*length-a*a
	}
	if h2 <= 0 {
		return tail
	}
	v := tail.sub(centre)
	v = v.sub(axis.mul(v.dot(axis)))
	if l := v.len(); l > 1e-9 {
		return centre.add(v.mul(sqrt32(h2) / l))
	}
	return tail
}
