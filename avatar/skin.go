package avatar

import (
	"math"

	"github.com/go-gl/mathgl/mgl32"
)

// affine is an affine matrix as skinning uses it: three columns of the
// linear part, then the translation.
type affine [12]float32

// jointXform is one joint's skinning matrix in the form the vertices bound
// to that joint alone use: the affine matrix and the cofactor of its
// linear part (the inverse-transpose up to scale), which takes normals.
type jointXform struct {
	m affine
	c [9]float32 // see cofactor
}

// set fills x from a skinning matrix.
func (x *jointXform) set(j *mgl32.Mat4) {
	x.m = affine{j[0], j[1], j[2], j[4], j[5], j[6], j[8], j[9], j[10], j[12], j[13], j[14]}
	x.c = cofactor(&x.m)
}

// cofactor returns the cofactor columns of m's linear part, negated when
// its determinant is negative (a mirroring matrix): the inverse-transpose
// times |det|, which takes normals to normals pointing the right way.
func cofactor(m *affine) [9]float32 {
	ax, ay, az := m[0], m[1], m[2]
	bx, by, bz := m[3], m[4], m[5]
	cx, cy, cz := m[6], m[7], m[8]
	c := [9]float32{
		by*cz - bz*cy, bz*cx - bx*cz, bx*cy - by*cx,
		cy*az - cz*ay, cz*ax - cx*az, cx*ay - cy*ax,
		ay*bz - az*by, az*bx - ax*bz, ax*by - ay*bx,
	}
	if ax*c[0]+ay*c[1]+az*c[2] < 0 {
		for i := range c {
			c[i] = -c[i]
		}
	}
	return c
}

// box bounds points as they are written.
type box struct{ lo, hi mgl32.Vec3 }

// add grows b by p.
func (b *box) add(p *mgl32.Vec3) {
	b.lo = mgl32.Vec3{min(b.lo[0], p[0]), min(b.lo[1], p[1]), min(b.lo[2], p[2])}
	b.hi = mgl32.Vec3{max(b.hi[0], p[0]), max(b.hi[1], p[1]), max(b.hi[2], p[2])}
}

// skin applies linear blend skinning: each vertex is moved by the weighted
// sum of its joints' matrices, and its normal by the inverse-transpose of
// that sum (computed as the cofactor matrix, then normalised; a vertex
// without weights keeps its place, and its normal normalised). A vertex
// bound to one joint alone takes that joint's matrix and cofactor as they
// are, computed once per joint (see jointXform). The posed positions grow
// b.
func skin(joints []jointXform, prim *Primitive, pos, nrm []mgl32.Vec3, out *PosedPrimitive, b *box) {
	n := len(pos)
	nrm, js, ws := nrm[:n], prim.Joints[:n], prim.Weights[:n]
	op, on := out.Positions[:n], out.Normals[:n]
	nj := uint16(len(joints))
	for v := range pos {
		ji, w := &js[v], &ws[v]
		if w[1] == 0 && w[2] == 0 && w[3] == 0 && w[0] != 0 && ji[0] < nj {
			s := w[0]
			if s < 0.999 || s > 1.001 { // renormalise a sloppy weight
				s = 1
			}
			joints[ji[0]].apply(s, &pos[v], &nrm[v], &op[v], &on[v])
		} else if !blend(joints, ji, w, &pos[v], &nrm[v], &op[v], &on[v]) {
			// no weight
			op[v], on[v] = pos[v], nrm[v]
		}
		b.add(&op[v])
	}
	normalise(on, nrm)
}

// apply writes point p transformed by s times x into op, and normal n
// transformed by x into on, for normalise.
func (x *jointXform) apply(s float32, p, n, op, on *mgl32.Vec3) {
	m, c := &x.m, &x.c
	px, py, pz := p[0], p[1], p[2]
	op[0] = s * (m[0]*px + m[3]*py + m[6]*pz + m[9])
	op[1] = s * (m[1]*px + m[4]*py + m[7]*pz + m[10])
	op[2] = s * (m[2]*px + m[5]*py + m[8]*pz + m[11])
	nx, ny, nz := n[0], n[1], n[2]
	on[0], on[1], on[2] = c[0]*nx+c[3]*ny+c[6]*nz, c[1]*nx+c[4]*ny+c[7]*nz, c[2]*nx+c[5]*ny+c[8]*nz
}

// blend skins one vertex by the weighted sum of its joint matrices,
// divided by the sum of the weights unless that is within 0.001 of 1, as
// apply does for one joint (its normal left for normalise); false when no
// joint weighs anything. The sums are kept in scalars: an array would pass
// through memory.
func blend(joints []jointXform, ji *[4]uint16, w *[4]float32, p, n, op, on *mgl32.Vec3) bool {
	var ax, ay, az, bx, by, bz, cx, cy, cz, tx, ty, tz float32
	total := float32(0)
	nj := uint16(len(joints))
	for k := range 4 {
		wk := w[k]
		if wk == 0 || ji[k] >= nj {
			continue
		}
		total += wk
		j := &joints[ji[k]].m
		ax, ay, az = ax+wk*j[0], ay+wk*j[1], az+wk*j[2]
		bx, by, bz = bx+wk*j[3], by+wk*j[4], bz+wk*j[5]
		cx, cy, cz = cx+wk*j[6], cy+wk*j[7], cz+wk*j[8]
		tx, ty, tz = tx+wk*j[9], ty+wk*j[10], tz+wk*j[11]
	}
	if total == 0 {
		return false
	}
	s := float32(1)
	if total < 0.999 || total > 1.001 { // renormalise sloppy weights
		s = 1 / total
	}
	px, py, pz := p[0], p[1], p[2]
	op[0] = s * (ax*px + bx*py + cx*pz + tx)
	op[1] = s * (ay*px + by*py + cy*pz + ty)
	op[2] = s * (az*px + bz*py + cz*pz + tz)
	// The cofactor's columns b×c, c×a, a×b (see cofactor); the scale s
	// does not change the normalised normal.
	c0x, c0y, c0z := by*cz-bz*cy, bz*cx-bx*cz, bx*cy-by*cx
	c1x, c1y, c1z := cy*az-cz*ay, cz*ax-cx*az, cx*ay-cy*ax
	c2x, c2y, c2z := ay*bz-az*by, az*bx-ax*bz, ax*by-ay*bx
	nx, ny, nz := n[0], n[1], n[2]
	if ax*c0x+ay*c0y+az*c0z < 0 {
		nx, ny, nz = -nx, -ny, -nz
	}
	on[0], on[1], on[2] = c0x*nx+c1x*ny+c2x*nz, c0y*nx+c1y*ny+c2y*nz, c0z*nx+c1z*ny+c2z*nz
	return true
}

// rigid transforms vertices by one node's world matrix, normals by its
// cofactor, then normalised; the posed positions grow b.
func rigid(world *mgl32.Mat4, pos, nrm []mgl32.Vec3, out *PosedPrimitive, b *box) {
	var x jointXform
	x.set(world)
	n := len(pos)
	nrm, op, on := nrm[:n], out.Positions[:n], out.Normals[:n]
	for v := range pos {
		x.apply(1, &pos[v], &nrm[v], &op[v], &on[v])
		b.add(&op[v])
	}
	normalise(on, nrm)
}

// normalise scales the transformed normals out to unit length; one that
// vanished is set back to its normal before, from nrm. It runs as a pass
// of its own: its square root and division, whose latency bounds the
// time, then overlap from vertex to vertex, which the long work of
// skinning a vertex does not let them do.
func normalise(out, nrm []mgl32.Vec3) {
	nrm = nrm[:len(out)]
	for v := range out {
		o := &out[v]
		rx, ry, rz := o[0], o[1], o[2]
		l := rx*rx + ry*ry + rz*rz
		if l == 0 {
			*o = nrm[v]
			continue
		}
		inv := 1 / float32(math.Sqrt(float64(l))) // in float32: half the latency
		o[0], o[1], o[2] = rx*inv, ry*inv, rz*inv
	}
}
