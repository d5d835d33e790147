package raster

// triangle is one triangle set up for filling: its edges and the plane of
// each attribute over the screen.
type triangle struct {
	x0, y0 float32 // vertex 0, the attributes' origin
	a0     [nAttr]float32
	dx, dy [nAttr]float32 // each attribute's change per pixel along x and y
	// The edges bounding the pixels from the left and from the right. A
	// triangle has one or two of each (the edges' rises sum to zero); a
	// lone right one is repeated when there is one left (a horizontal
	// edge), so that span needs no loop.
	left, right [2]edge
	nl, nr      int
	// The target's columns' bounds, its first column and one past its
	// last, as clip sets them for the triangles set up after.
	cx0, cx1 float64
	// The bounds span starts from: the bounding box's within the target's,
	// rounded up once with the edges' crossings.
	lo0, hi1 float64
	g        gradient
	v        [3]*Vertex // the vertices, for planes
	planed   bool       // planes has run
}

// edge is a non-horizontal edge: the column whose centre it crosses at
// row centre y is px + (y − py)·slope (px is the x of its first vertex less
// half a pixel); in float64, where the products are exact enough that the
// two triangles sharing an edge agree on its pixels.
type edge struct {
	px, py, slope float64
}

// setup prepares the triangle v0 v1 v2, reporting false when it has no
// area or a vertex not at a finite position.
func (t *triangle) setup(v0, v1, v2 *Vertex) bool {
	x0, y0 := v0.DstX, v0.DstY
	e1x, e1y := v1.DstX-x0, v1.DstY-y0
	e2x, e2y := v2.DstX-x0, v2.DstY-y0
	area := e1x*e2y - e2x*e1y
	if area == 0 || area-area != 0 { // no area, NaN or infinite
		return false
	}
	inv := 1 / area
	t.x0, t.y0 = x0, y0
	// An attribute's change along x is d1·wx1 + d2·wx2 and along y
	// d1·wy1 + d2·wy2, for its differences d1, d2 from vertex 0.
	t.g = gradient{wx1: e2y * inv, wx2: -e1y * inv, wy1: -e2x * inv, wy2: e1x * inv}
	t.g.set(t, aDepth, v0.Custom2, v1.Custom2, v2.Custom2)
	t.v, t.planed = [3]*Vertex{v0, v1, v2}, false
	t.nl, t.nr = 0, 0
	// The edges from the positions in float64, each converted once.
	p0 := point{float64(v0.DstX), float64(v0.DstY)}
	p1 := point{float64(v1.DstX), float64(v1.DstY)}
	p2 := point{float64(v2.DstX), float64(v2.DstY)}
	t.edge(p0, p1, area)
	t.edge(p1, p2, area)
	t.edge(p2, p0, area)
	if t.nr == 1 {
		t.right[1] = t.right[0]
	}
	// Columns whose centre (x + 0.5) lies within the bounding box, as
	// binDraw bounds rows. The area is finite, so are the positions: min3
	// and max3 are min and max.
	t.lo0, t.hi1 = t.cx0, t.cx1
	if x := float64(min3(v0.DstX, v1.DstX, v2.DstX) - 0.5); x > t.lo0 {
		t.lo0 = x
	}
	if x := float64(max3(v0.DstX, v1.DstX, v2.DstX) - 0.5); x < t.hi1 {
		t.hi1 = x
	}
	return true
}

// planes works out the planes of the attributes other than depth that
// the fast path reads, which a triangle needs only once a fragment of it
// passes the depth test (many of a character's triangles are hidden, or
// cover no pixel centre).
func (t *triangle) planes() {
	if t.planed {
		return
	}
	t.planed = true
	g, v0, v1, v2 := &t.g, t.v[0], t.v[1], t.v[2]
	g.set(t, aU, v0.Custom0, v1.Custom0, v2.Custom0)
	g.set(t, aV, v0.Custom1, v1.Custom1, v2.Custom1)
	g.set(t, aS0, v0.SrcX, v1.SrcX, v2.SrcX)
	g.set(t, aS1, v0.SrcY, v1.SrcY, v2.SrcY)
	g.set(t, aR, v0.ColorR, v1.ColorR, v2.ColorR)
	g.set(t, aG, v0.ColorG, v1.ColorG, v2.ColorG)
	g.set(t, aB, v0.ColorB, v1.ColorB, v2.ColorB)
}

// allPlanes is planes with the attributes the fast path does not read,
// for fill, which works them out once a triangle.
func (t *triangle) allPlanes() {
	t.planes()
	g, v0, v1, v2 := &t.g, t.v[0], t.v[1], t.v[2]
	g.set(t, aA, v0.ColorA, v1.ColorA, v2.ColorA)
	g.set(t, aC3, v0.Custom3, v1.Custom3, v2.Custom3)
}

// gradient turns an attribute's values at the three vertices into its
// plane over the screen.
type gradient struct{ wx1, wx2, wy1, wy2 float32 }

// set writes attribute k's plane into t from its values at the vertices.
func (g *gradient) set(t *triangle, k int, a0, a1, a2 float32) {
	d1, d2 := a1-a0, a2-a0
	t.a0[k], t.dx[k], t.dy[k] = a0, d1*g.wx1+d2*g.wx2, d1*g.wy1+d2*g.wy2
}

// point is a vertex's position in float64.
type point struct{ x, y float64 }

// edge adds the edge from p to q of a triangle of signed area area.
// Horizontal edges bound only the rows, which binning has chosen. (The
// difference of two float32s in float64 is 0, or has its sign, exactly
// when their difference in float32 does.)
func (t *triangle) edge(p, q point, area float32) {
	dy := q.y - p.y
	if dy == 0 {
		return
	}
	// Inside, (q−p)×(x−p) has area's sign; along a row that grows with x
	// when −dy has it: the edge is then a lower bound.
	e := edge{px: p.x - 0.5, py: p.y, slope: (q.x - p.x) / dy}
	if (dy < 0) == (area > 0) {
		t.left[t.nl] = e
		t.nl++
	} else {
		t.right[t.nr] = e
		t.nr++
	}
}

// clip limits the columns span returns for the triangles set up after
// to x0..x1 − 1 (the target's).
func (t *triangle) clip(x0, x1 int) {
	t.cx0, t.cx1 = float64(x0), float64(x1)
}

// span returns the columns [lo, hi] whose centres lie inside the triangle
// on the row of centre yc, within the columns clip set: left edges
// inclusive, right edges exclusive; lo > hi when there are none.
//
// The first column is ⌈max(lo0, each left edge's crossing)⌉ and one past
// the last ⌈min(hi1, each right edge's crossing)⌉: ⌈⌉ is monotonic, so
// this is the bound of each edge taken alone, with one rounding. A
// crossing is never NaN (setup refuses a triangle whose vertices could
// make one), and once l < r both lie within [lo0, hi1], where ceilIn
// needs no clamp.
func (t *triangle) span(yc float32) (lo, hi int) {
	y := float64(yc)
	l, r := t.lo0, t.hi1
	if x := t.left[0].at(y); x > l {
		l = x
	}
	if x := t.right[0].at(y); x < r {
		r = x
	}
	if t.nl == 2 {
		if x := t.left[1].at(y); x > l {
			l = x
		}
	} else if x := t.right[1].at(y); x < r {
		r = x
	}
	if !(l < r) {
		return 0, -1
	}
	return ceilIn(l), ceilIn(r) - 1
}

// at is the x, less half a pixel, where the edge crosses row centre y.
func (e *edge) at(y float64) float64 { return e.px + (y-e.py)*e.slope }

// fill shades the triangle's pixels on rows y0..y1 of target tg, for a
// draw numbered id (see drawID) that does not take the fast path (see
// fillFast).
func (t *triangle) fill(tg *Target, sh *shader, out *output, id uint16, y0, y1 int) {
	t.allPlanes()
	w := tg.Rect.Dx()
	blend := sh.m.Alpha == Blend
	var f frag
	var row [nAttr]float32
	for y := y0; y <= y1; y++ {
		yc := float32(y) + 0.5
		lo, hi := t.span(yc)
		if lo > hi {
			continue
		}
		fy := yc - t.y0
		for k := range nAttr {
			row[k] = t.a0[k] + t.dy[k]*fy
		}
		base := (y-tg.Rect.Min.Y)*w - tg.Rect.Min.X
		zs := tg.z[base+lo : base+hi+1]
		ids := tg.id[base+lo : base+hi+1]
		pix := tg.Pix[4*(base+lo) : 4*(base+hi+1)]
		f.y = yc
		for j := range zs {
			xc := float32(lo+j) + 0.5
			fx := xc - t.x0
			z := row[aDepth] + t.dx[aDepth]*fx
			if !(z <= zs[j]) || (z == zs[j] && sh.nearer && id <= ids[j]) { // NaN fails, as on a GPU
				continue
			}
			for k := range nAttr {
				f.a[k] = row[k] + t.dx[k]*fx
			}
			f.x = xc
			r, g, b, a, ok := sh.shade(&f)
			if !ok {
				continue
			}
			p := pix[4*j : 4*j+4 : 4*j+4]
			if !blend {
				p[0], p[1], p[2], p[3] = out.byteOf(r), out.byteOf(g), out.byteOf(b), 255
				zs[j], ids[j] = z, id
				continue
			}
			k := 1 - a
			p[0] = unorm8(float32(out.byteOf(r))/255*a + float32(p[0])/255*k)
			p[1] = unorm8(float32(out.byteOf(g))/255*a + float32(p[1])/255*k)
			p[2] = unorm8(float32(out.byteOf(b))/255*a + float32(p[2])/255*k)
			p[3] = unorm8(a + float32(p[3])/255*k)
		}
	}
}

// unorm8 converts a channel in [0, 1] to a byte as a GPU writes it.
func unorm8(x float32) byte {
	if !(x > 0) {
		return 0
	}
	if x >= 1 {
		return 255
	}
	return byte(x*255 + 0.5)
}
