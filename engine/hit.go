package engine

// Hit reports whether pixel (x, y) is covered by a triangle of the last
// built frame: the overlay's click test on the character's own pixels. It
// ignores alpha cut-outs, which are tiny at overlay sizes.
func (f *Frame) Hit(x, y float32) bool {
	for i := range f.Draws {
		d := &f.Draws[i]
		v, ind := d.Verts, d.Indices
		for t := 0; t+2 < len(ind); t += 3 {
			a, b, c := &v[ind[t]], &v[ind[t+1]], &v[ind[t+2]]
			if x < min(a.DstX, b.DstX, c.DstX) || x > max(a.DstX, b.DstX, c.DstX) ||
				y < min(a.DstY, b.DstY, c.DstY) || y > max(a.DstY, b.DstY, c.DstY) {
				continue
			}
			e0 := edge(a.DstX, a.DstY, b.DstX, b.DstY, x, y)
			e1 := edge(b.DstX, b.DstY, c.DstX, c.DstY, x, y)
			e2 := edge(c.DstX, c.DstY, a.DstX, a.DstY, x, y)
			if (e0 >= 0 && e1 >= 0 && e2 >= 0) || (e0 <= 0 && e1 <= 0 && e2 <= 0) {
				return true
			}
		}
	}
	return false
}

// edge is the signed area of (a, b, p): which side of ab the point p is on.
func edge(ax, ay, bx, by, px, py float32) float32 {
	return (bx-ax)*(py-ay) - (by-ay)*(px-ax)
}
