package engine

import "github.com/hajimehoshi/ebiten/v2"

// front is keep for every triangle of ind when none of the primitive's
// vertices is behind the near plane, with the bounds and sums kept in
// registers until the end: it appends the kept triangles to out, writes
// their depth buckets and grows the builder's bounds and acc.
func (b *builder) front(pi *primInfo, verts []ebiten.Vertex, ind, out []uint32, acc *triStats) []uint32 {
	w, h := b.f.View.Width, b.f.View.Height
	lx, ly, hx, hy := b.lo[0], b.lo[1], b.hi[0], b.hi[1]
	var area, uva, depth, cover float32
	cull, hull, uv, keys := pi.cull, pi.hull > 0, pi.uv, b.keys
	for t := 0; t+2 < len(ind); t += 3 {
		i0, i1, i2 := ind[t], ind[t+1], ind[t+2]
		v0, v1, v2 := &verts[i0], &verts[i1], &verts[i2]
		x0, y0, x1, y1, x2, y2 := v0.DstX, v0.DstY, v1.DstX, v1.DstY, v2.DstX, v2.DstY
		cross := (x1-x0)*(y2-y0) - (y1-y0)*(x2-x0)
		if cross == 0 || (cull && (cross > 0) != hull) { // see keep
			continue
		}
		minX, maxX, minY, maxY := min(x0, x1, x2), max(x0, x1, x2), min(y0, y1, y2), max(y0, y1, y2)
		if maxX < 0 || minX > w || maxY < 0 || minY > h {
			continue
		}
		d := v0.Custom2 + v1.Custom2 + v2.Custom2
		keys[len(out)/3] = depthKey(d)
		out = append(out, i0, i1, i2)
		lx, ly, hx, hy = min(lx, minX), min(ly, minY), max(hx, maxX), max(hy, maxY)
		area += abs32(cross)
		depth += d
		cover += abs32(cross) * d
		if uv != nil {
			uva += uvArea(uv, i0, i1, i2)
		}
	}
	b.lo, b.hi = [2]float32{lx, ly}, [2]float32{hx, hy}
	acc.screenArea += area
	acc.coverSum += cover
	acc.coverArea += area
	acc.uvArea += uva
	acc.depthSum += depth
	return out
}
