package avatar

import (
	"math"

	"github.com/go-gl/mathgl/mgl32"
)

// dvec is a vector in float64, the precision the simplifier computes in.
type dvec [3]float64

func dv(v mgl32.Vec3) dvec          { return dvec{float64(v[0]), float64(v[1]), float64(v[2])} }
func (a dvec) sub(b dvec) dvec      { return dvec{a[0] - b[0], a[1] - b[1], a[2] - b[2]} }
func (a dvec) add(b dvec) dvec      { return dvec{a[0] + b[0], a[1] + b[1], a[2] + b[2]} }
func (a dvec) scale(s float64) dvec { return dvec{a[0] * s, a[1] * s, a[2] * s} }
func (a dvec) dot(b dvec) float64   { return a[0]*b[0] + a[1]*b[1] + a[2]*b[2] }
func (a dvec) len() float64         { return math.Sqrt(a.dot(a)) }
func (a dvec) cross(b dvec) dvec {
	return dvec{a[1]*b[2] - a[2]*b[1], a[2]*b[0] - a[0]*b[2], a[0]*b[1] - a[1]*b[0]}
}

// finite reports whether every component is a number and not infinite.
func (a dvec) finite() bool {
	return !math.IsNaN(a[0]+a[1]+a[2]) && !math.IsInf(a[0]+a[1]+a[2], 0)
}

// triNormal is the unnormalised normal (twice the area) of triangle abc.
func triNormal(a, b, c dvec) dvec { return b.sub(a).cross(c.sub(a)) }

// triQuality is 4√3·area over the sum of squared edge lengths: 1 for an
// equilateral triangle, 0 for a degenerate one.
func triQuality(a, b, c dvec) float64 {
	e := b.sub(a).dot(b.sub(a)) + c.sub(b).dot(c.sub(b)) + a.sub(c).dot(a.sub(c))
	if !(e > 0) {
		return 0
	}
	return 2 * math.Sqrt(3) * triNormal(a, b, c).len() / e
}

// quadric is a Garland–Heckbert error quadric: the sum over planes
// n·x + d = 0 (unit n, one per input triangle) of (n·x + d)², kept as the
// ten distinct entries of the symmetric 4×4 matrix. Its square root at a
// point is at least the point's largest distance from any of the planes.
type quadric struct {
	a2, b2, c2, ab, ac, bc, ad, bd, cd, d2 float64
}

// planeQuadric is the quadric of triangle abc's plane (zero when the
// triangle has no area).
func planeQuadric(a, b, c dvec) quadric {
	n := triNormal(a, b, c)
	l := n.len()
	if !(l > 0) || math.IsInf(l, 0) {
		return quadric{}
	}
	n = n.scale(1 / l)
	d := -n.dot(a)
	return quadric{
		a2: n[0] * n[0], b2: n[1] * n[1], c2: n[2] * n[2],
		ab: n[0] * n[1], ac: n[0] * n[2], bc: n[1] * n[2],
		ad: n[0] * d, bd: n[1] * d, cd: n[2] * d, d2: d * d,
	}
}

func (q *quadric) addQ(o quadric) {
	q.a2 += o.a2
	q.b2 += o.b2
	q.c2 += o.c2
	q.ab += o.ab
	q.ac += o.ac
	q.bc += o.bc
	q.ad += o.ad
	q.bd += o.bd
	q.cd += o.cd
	q.d2 += o.d2
}

// sumSq is the sum of the squared distances of p from the planes.
func (q *quadric) sumSq(p dvec) float64 {
	x, y, z := p[0], p[1], p[2]
	r := q.a2*x*x + q.b2*y*y + q.c2*z*z +
		2*(q.ab*x*y+q.ac*x*z+q.bc*y*z) +
		2*(q.ad*x+q.bd*y+q.cd*z) + q.d2
	return math.Abs(r)
}

// pointTriDist is the distance from p to the closest point of triangle abc
// (Ericson, Real-Time Collision Detection, 5.1.5).
func pointTriDist(p, a, b, c dvec) float64 {
	ab, ac, ap := b.sub(a), c.sub(a), p.sub(a)
	d1, d2 := ab.dot(ap), ac.dot(ap)
	if d1 <= 0 && d2 <= 0 {
		return ap.len()
	}
	bp := p.sub(b)
	d3, d4 := ab.dot(bp), ac.dot(bp)
	if d3 >= 0 && d4 <= d3 {
		return bp.len()
	}
	vc := d1*d4 - d3*d2
	if vc <= 0 && d1 >= 0 && d3 <= 0 {
		return p.sub(a.add(ab.scale(d1 / (d1 - d3)))).len()
	}
	cp := p.sub(c)
	d5, d6 := ab.dot(cp), ac.dot(cp)
	if d6 >= 0 && d5 <= d6 {
		return cp.len()
	}
	vb := d5*d2 - d1*d6
	if vb <= 0 && d2 >= 0 && d6 <= 0 {
		return p.sub(a.add(ac.scale(d2 / (d2 - d6)))).len()
	}
	va := d3*d6 - d5*d4
	if va <= 0 && d4-d3 >= 0 && d5-d6 >= 0 {
		w := (d4 - d3) / ((d4 - d3) + (d5 - d6))
		return p.sub(b.add(c.sub(b).scale(w))).len()
	}
	den := va + vb + vc
	if !(den != 0) {
		return math.Min(ap.len(), math.Min(bp.len(), cp.len()))
	}
	v, w := vb/den, vc/den
	return p.sub(a.add(ab.scale(v)).add(ac.scale(w))).len()
}
