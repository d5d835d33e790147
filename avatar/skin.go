package avatar

import (
	"math"

	"github.com/go-gl/mathgl/mgl32"
)

// skin applies linear blend skinning: each vertex is moved by the weighted
// sum of its joints' matrices, and its normal by the inverse-transpose of
// that sum (computed as the cofactor matrix, then normalised).
func skin(joints []mgl32.Mat4, prim *Primitive, pos, nrm []mgl32.Vec3, out *PosedPrimitive) {
	nj := uint16(len(joints))
	for v := range pos {
		js, ws := prim.Joints[v], prim.Weights[v]
		var m [12]float32 // columns 0..3, rows 0..2 of the blended matrix
		total := float32(0)
		for k := 0; k < 4; k++ {
			w := ws[k]
			if w == 0 || js[k] >= nj {
				continue
			}
			total += w
			j := &joints[js[k]]
			m[0] += w * j[0]
			m[1] += w * j[1]
			m[2] += w * j[2]
			m[3] += w * j[4]
			m[4] += w * j[5]
			m[5] += w * j[6]
			m[6] += w * j[8]
			m[7] += w * j[9]
			m[8] += w * j[10]
			m[9] += w * j[12]
			m[10] += w * j[13]
			m[11] += w * j[14]
		}
		if total == 0 {
			out.Positions[v], out.Normals[v] = pos[v], nrm[v]
			continue
		}
		if total < 0.999 || total > 1.001 { // renormalise sloppy weights
			inv := 1 / total
			for i := range m {
				m[i] *= inv
			}
		}
		out.Positions[v], out.Normals[v] = transform(&m, pos[v], nrm[v])
	}
}

// rigid transforms vertices by one node's world matrix.
func rigid(world *mgl32.Mat4, pos, nrm []mgl32.Vec3, out *PosedPrimitive) {
	w := world
	m := [12]float32{w[0], w[1], w[2], w[4], w[5], w[6], w[8], w[9], w[10], w[12], w[13], w[14]}
	for v := range pos {
		out.Positions[v], out.Normals[v] = transform(&m, pos[v], nrm[v])
	}
}

// transform applies an affine matrix (three columns of the linear part, then
// the translation) to a point and, by the cofactor (inverse-transpose up to
// scale), to a normal.
func transform(m *[12]float32, p, n mgl32.Vec3) (mgl32.Vec3, mgl32.Vec3) {
	x, y, z := p[0], p[1], p[2]
	op := mgl32.Vec3{
		m[0]*x + m[3]*y + m[6]*z + m[9],
		m[1]*x + m[4]*y + m[7]*z + m[10],
		m[2]*x + m[5]*y + m[8]*z + m[11],
	}
	// Columns a, b, c of the linear part; cofactor columns b×c, c×a, a×b.
	ax, ay, az := m[0], m[1], m[2]
	bx, by, bz := m[3], m[4], m[5]
	cx, cy, cz := m[6], m[7], m[8]
	c0x, c0y, c0z := by*cz-bz*cy, bz*cx-bx*cz, bx*cy-by*cx
	c1x, c1y, c1z := cy*az-cz*ay, cz*ax-cx*az, cx*ay-cy*ax
	c2x, c2y, c2z := ay*bz-az*by, az*bx-ax*bz, ax*by-ay*bx
	nx, ny, nz := n[0], n[1], n[2]
	rx := c0x*nx + c1x*ny + c2x*nz
	ry := c0y*nx + c1y*ny + c2y*nz
	rz := c0z*nx + c1z*ny + c2z*nz
	det := ax*c0x + ay*c0y + az*c0z
	l := rx*rx + ry*ry + rz*rz
	if l == 0 {
		return op, n
	}
	inv := float32(1 / math.Sqrt(float64(l)))
	if det < 0 {
		inv = -inv
	}
	return op, mgl32.Vec3{rx * inv, ry * inv, rz * inv}
}
