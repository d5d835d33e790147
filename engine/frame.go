package engine

import (
	"image"
	"math"
	"runtime"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/hajimehoshi/ebiten/v2"
	"github.com/kin-companion/kin/avatar"
	"github.com/kin-companion/kin/internal/par"
)

// Frame is the CPU side of one rendered frame: the posed model projected
// into screen-space vertices and culled, sorted index lists, one [Draw] per
// primitive. All buffers are sized when the frame is created for a model;
// [Frame.Build] does not allocate.
type Frame struct {
	View    View
	Verts   []ebiten.Vertex
	Indices []uint32
	// Draws lists the frame's draw calls: opaque and masked primitives,
	// the smallest first (see prepare), then blended ones from far to
	// near; each draw's triangles run from far to near.
	Draws []Draw
	// Bounds is the pixel rectangle the visible triangles cover.
	Bounds image.Rectangle
	// Rig lights the vertices of the materials lit per vertex (see
	// vertexLit); the renderer points it at its own.
	Rig *Rig

	lights vertexRig // Rig resolved for View

	builds int // how many times the frame was built, to tell builds apart
	prims  []primInfo
	z      []float32 // per vertex: view depth (behind the near plane: clipped)
	built  []Draw    // per primitive: its draw this build (see builder)
	job    buildJob
	group  par.Group
}

// Draw is one draw call: a primitive's vertices and its visible triangles.
type Draw struct {
	Prim     int // index into the frame's primitives
	Material int // index into Model.Materials, -1 for the default
	Verts    []ebiten.Vertex
	Indices  []uint32
	Blend    bool
	Depth    float32 // mean depth in [0, 1], to order blended draws
	// Cover is the mean depth of what it covers on screen, its triangles'
	// depths weighted by their areas: the CPU renderer draws the opaque
	// draws nearest first by it.
	Cover   float32
	LOD     int  // mip level of the base colour texture
	Outline bool // the material's MToon outline (an inverted hull), not the primitive
}

// NewFrame sizes a frame for the model that p poses.
func NewFrame(p *avatar.Pose) *Frame {
	prims, nv, ni := prepare(p.Model, p)
	maxInd := 0
	for _, pi := range prims {
		maxInd = max(maxInd, len(pi.indices)+2*pi.spare)
	}
	f := &Frame{
		Verts: make([]ebiten.Vertex, nv), Indices: make([]uint32, ni),
		Draws: make([]Draw, 0, len(prims)), built: make([]Draw, len(prims)),
		prims: prims, z: make([]float32, nv), Rig: &DefaultRig,
	}
	f.job.split(f, runtime.GOMAXPROCS(0), maxInd)
	return f
}

// Build projects the pose through the camera for a w×h target and fills the
// frame's buffers.
func (f *Frame) Build(p *avatar.Pose, cam *Camera, w, h int) {
	f.builds++
	f.View = cam.Resolve(w, h, p.Min, p.Max)
	f.fitDepth(p)
	f.lights.set(f.Rig, &f.View)
	lo, hi := f.job.run(f, p)
	f.Draws = f.Draws[:0]
	for i := range f.built {
		if len(f.built[i].Indices) > 0 {
			f.Draws = append(f.Draws, f.built[i])
		}
	}
	f.orderBlended()
	f.Bounds = image.Rect(int(lo[0])-2, int(lo[1])-2, int(hi[0])+3, int(hi[1])+3).Intersect(image.Rect(0, 0, w, h))
}

// fitDepth narrows the view's depth range from the posed bounds' corners
// to the posed vertices themselves: seen at an angle a bounding box is
// deeper than the body in it, and the depth test resolves a 1020th of the
// range. Outline hulls reach a little further, which the margin covers.
func (f *Frame) fitDepth(p *avatar.Pose) {
	v := &f.View
	lo, hi := float32(math.Inf(1)), float32(math.Inf(-1))
	for i := range p.Instances {
		for k := range p.Instances[i].Prims {
			lo, hi = depthRange(p.Instances[i].Prims[k].Positions, v, lo, hi)
		}
	}
	if lo > hi {
		return
	}
	margin := (hi-lo)*0.02 + 2e-3
	v.DepthNear = max(lo-margin, v.NearClip)
	v.DepthFar = max(hi+margin, v.DepthNear*1.001+1e-3)
}

// depthRange widens lo..hi to the view depths of points ps.
func depthRange(ps []mgl32.Vec3, v *View, lo, hi float32) (float32, float32) {
	ex, ey, ez := v.Eye[0], v.Eye[1], v.Eye[2]
	fx, fy, fz := v.Forward[0], v.Forward[1], v.Forward[2]
	for i := range ps {
		q := &ps[i]
		z := (q[0]-ex)*fx + (q[1]-ey)*fy + (q[2]-ez)*fz
		if z < lo { // comparisons, not min and max: those also order NaNs
			lo = z
		}
		if z > hi {
			hi = z
		}
	}
	return lo, hi
}

// project writes one primitive's screen-space vertices and returns their
// extent.
func (f *Frame) project(pi *primInfo, posed *avatar.PosedPrimitive) extent {
	v := &f.View
	a, b := v.depthCoeffs()
	ex, ey, ez := v.Eye[0], v.Eye[1], v.Eye[2]
	rx, ry, rz := v.Right[0], v.Right[1], v.Right[2]
	ux, uy, uz := v.Up[0], v.Up[1], v.Up[2]
	fx, fy, fz := v.Forward[0], v.Forward[1], v.Forward[2]
	cx, cy, fl, nearClip := v.CenterX, v.CenterY, v.Focal, v.NearClip
	verts := f.Verts[pi.base : pi.base+len(posed.Positions)]
	zs := f.z[pi.base : pi.base+len(posed.Positions)]
	nrm := posed.Normals
	// An outline hull's vertices move out along their normals by its
	// width: metres, or a fraction of the screen height at their depth.
	push, pushZ := pi.hull, float32(0)
	if pi.hullScreen {
		push, pushZ = 0, pi.hull*v.Height/fl
	}
	e := emptyExtent()
	for i, p := range posed.Positions {
		dx, dy, dz := p[0]-ex, p[1]-ey, p[2]-ez
		z := dx*fx + dy*fy + dz*fz
		if pi.hull > 0 {
			n, w := nrm[i], push+pushZ*z
			if pi.hullScale != nil {
				w *= pi.hullScale[i]
			}
			dx, dy, dz = dx+n[0]*w, dy+n[1]*w, dz+n[2]*w
			z = dx*fx + dy*fy + dz*fz
		}
		zs[i] = z
		if z < nearClip {
			e.behind = true
			continue
		}
		iw := 1 / z
		sx := cx + fl*(dx*rx+dy*ry+dz*rz)*iw
		sy := cy - fl*(dx*ux+dy*uy+dz*uz)*iw
		e.grow(sx, sy)
		vt := &verts[i]
		vt.DstX, vt.DstY = sx, sy
		if pi.lit {
			f.lightVertex(vt, &nrm[i], dx, dy, dz, iw)
		} else {
			c := white
			if pi.colors != nil {
				c = &pi.colors[i]
			}
			n := nrm[i]
			vt.ColorR, vt.ColorG, vt.ColorB = n[0]*iw, n[1]*iw, n[2]*iw
			vt.SrcX, vt.SrcY, vt.Custom3, vt.ColorA = c[0]*iw, c[1]*iw, c[2]*iw, c[3]*iw
		}
		if pi.uv != nil {
			vt.Custom0, vt.Custom1 = pi.uv[i][0]*iw, pi.uv[i][1]*iw
		}
		vt.Custom2 = (a - iw) * b
	}
	return e
}

// white is the vertex colour of a primitive without COLOR_0.
var white = &[4]float32{1, 1, 1, 1}

// lightVertex writes the attributes of a vertex lit partly on the CPU
// (see vertexRig and common.kage), each divided by its view depth (1/iw)
// as every attribute is: its normal n into the colour (alpha 1: it has no
// COLOR_0), N·V and N·H into the source position. (dx, dy, dz) is its
// offset from the eye.
func (f *Frame) lightVertex(vt *ebiten.Vertex, n *mgl32.Vec3, dx, dy, dz, iw float32) {
	nv, nh := f.lights.cosines(n, dx, dy, dz)
	vt.ColorR, vt.ColorG, vt.ColorB, vt.ColorA = n[0]*iw, n[1]*iw, n[2]*iw, iw
	vt.SrcX, vt.SrcY, vt.Custom3 = nv*iw, nh*iw, 0
}

// triangles writes the visible triangles of one primitive into its part
// of the frame's index buffer and returns its draw (without Prim and
// Material). Triangles crossing the near plane are clipped against it (see
// clipNear); those wholly behind it, outside the viewport, facing away
// (unless double-sided) or of zero area are dropped. ext is the extent of
// the primitive's projected vertices.
func (b *builder) triangles(pi *primInfo, posed *avatar.PosedPrimitive, ext *extent) Draw {
	f := b.f
	n := len(posed.Positions)
	verts := f.Verts[pi.base : pi.base+n+pi.spare]
	zs := f.z[pi.base : pi.base+n]
	near := f.View.NearClip
	out := f.Indices[pi.ibase:pi.ibase]
	next := n // the next free clip vertex
	var acc triStats
	uv := pi.uv
	ind := lodIndices(pi, ext)
	if !ext.behind {
		out = b.front(pi, verts, ind, out, &acc)
	}
	for t := 0; ext.behind && t+2 < len(ind); t += 3 {
		i0, i1, i2 := ind[t], ind[t+1], ind[t+2]
		if zs[i0] < near || zs[i1] < near || zs[i2] < near {
			out, next = b.clipNear(pi, posed, verts, out, next, &acc, i0, i1, i2)
			continue
		}
		var ok bool
		if out, ok = b.keep(pi, verts, out, &acc, i0, i1, i2); ok && uv != nil {
			acc.uvArea += uvArea(uv, i0, i1, i2)
		}
	}
	d := Draw{Verts: verts[:next], Indices: out, Blend: pi.blend, LOD: lodFor(pi, acc.screenArea, acc.uvArea)}
	if n := len(out); n > 0 {
		d.Depth = acc.depthSum / float32(n)
		d.Cover = d.Depth
		if acc.coverArea > 0 {
			d.Cover = acc.coverSum / (3 * acc.coverArea)
		}
		b.sortBackToFront(out)
	}
	return d
}

// uvArea is twice the area of triangle i0 i1 i2 in UV space.
func uvArea(uv [][2]float32, i0, i1, i2 uint32) float32 {
	a, b, c := uv[i0], uv[i1], uv[i2]
	return abs32((b[0]-a[0])*(c[1]-a[1]) - (b[1]-a[1])*(c[0]-a[0]))
}

// triStats sums over a primitive's visible triangles what the level of
// detail and the blended draw order need.
type triStats struct {
	screenArea, uvArea, depthSum float32
	coverSum, coverArea          float32 // Σ area·depth sum and Σ area, clipped triangles included (see Draw.Cover)
}

// keep appends triangle i0 i1 i2 to out unless it faces away (and the
// primitive is culled), has no area or lies outside the viewport, and
// grows the frame's bounds and the primitive's statistics by it; its depth
// bucket goes to keys (see depthKey).
func (b *builder) keep(pi *primInfo, verts []ebiten.Vertex, out []uint32, acc *triStats, i0, i1, i2 uint32) ([]uint32, bool) {
	f := b.f
	v0, v1, v2 := &verts[i0], &verts[i1], &verts[i2]
	cross := (v1.DstX-v0.DstX)*(v2.DstY-v0.DstY) - (v1.DstY-v0.DstY)*(v2.DstX-v0.DstX)
	// Screen y points down, so glTF's counter-clockwise front faces
	// have a negative cross product here. An outline hull shows its
	// back faces instead.
	if cross == 0 || (pi.cull && (cross > 0) != (pi.hull > 0)) {
		return out, false
	}
	if max(v0.DstX, v1.DstX, v2.DstX) < 0 || min(v0.DstX, v1.DstX, v2.DstX) > f.View.Width ||
		max(v0.DstY, v1.DstY, v2.DstY) < 0 || min(v0.DstY, v1.DstY, v2.DstY) > f.View.Height {
		return out, false
	}
	d := v0.Custom2 + v1.Custom2 + v2.Custom2
	b.keys[len(out)/3] = depthKey(d)
	out = append(out, i0, i1, i2)
	b.lo[0] = min(b.lo[0], v0.DstX, v1.DstX, v2.DstX)
	b.lo[1] = min(b.lo[1], v0.DstY, v1.DstY, v2.DstY)
	b.hi[0] = max(b.hi[0], v0.DstX, v1.DstX, v2.DstX)
	b.hi[1] = max(b.hi[1], v0.DstY, v1.DstY, v2.DstY)
	acc.screenArea += abs32(cross)
	acc.depthSum += d
	acc.coverSum += abs32(cross) * d
	acc.coverArea += abs32(cross)
	return out, true
}

// clipNear clips a triangle with one or two vertices behind the near plane
// against it: the part in front is a triangle or a quad, kept as one or two
// triangles through new vertices written from verts[next]. It returns the
// index list and the next free vertex. When the primitive's spare vertices
// run out the triangle is dropped. Clipped triangles leave the level of
// detail alone (they are the closest, largest ones; their UV area is not
// summed).
func (b *builder) clipNear(pi *primInfo, posed *avatar.PosedPrimitive, verts []ebiten.Vertex, out []uint32, next int, acc *triStats, i0, i1, i2 uint32) ([]uint32, int) {
	f := b.f
	zs := f.z[pi.base : pi.base+len(posed.Positions)]
	near := f.View.NearClip
	tri := [3]uint32{i0, i1, i2}
	var poly [4]uint32
	np := 0
	for k := range 3 {
		a, b := tri[k], tri[(k+1)%3]
		za, zb := zs[a], zs[b]
		if za >= near {
			poly[np] = a
			np++
		}
		if (za >= near) == (zb >= near) {
			continue
		}
		if next >= len(verts) {
			return out, next
		}
		f.clipVertex(pi, posed, &verts[next], a, b, (near-za)/(zb-za))
		poly[np] = uint32(next)
		np++
		next++
	}
	if np < 3 {
		return out, next
	}
	area := acc.screenArea
	out, _ = b.keep(pi, verts, out, acc, poly[0], poly[1], poly[2])
	if np == 4 {
		out, _ = b.keep(pi, verts, out, acc, poly[0], poly[2], poly[3])
	}
	acc.screenArea = area
	return out, next
}

// clipVertex writes the screen-space vertex at fraction t from vertex a to
// vertex b of a primitive, interpolating its attributes in world space.
func (f *Frame) clipVertex(pi *primInfo, posed *avatar.PosedPrimitive, vt *ebiten.Vertex, a, b uint32, t float32) {
	v := &f.View
	p := posed.Positions[a].Add(posed.Positions[b].Sub(posed.Positions[a]).Mul(t))
	nrm := posed.Normals[a].Add(posed.Normals[b].Sub(posed.Normals[a]).Mul(t))
	d := p.Sub(v.Eye)
	z := max(d.Dot(v.Forward), v.NearClip)
	iw := 1 / z
	ca, cb := white, white
	if pi.colors != nil {
		ca, cb = &pi.colors[a], &pi.colors[b]
	}
	lerp := func(x, y float32) float32 { return (x + (y-x)*t) * iw }
	vt.DstX = v.CenterX + v.Focal*d.Dot(v.Right)*iw
	vt.DstY = v.CenterY - v.Focal*d.Dot(v.Up)*iw
	if pi.lit {
		f.lightVertex(vt, &nrm, d[0], d[1], d[2], iw)
	} else {
		vt.ColorR, vt.ColorG, vt.ColorB = nrm[0]*iw, nrm[1]*iw, nrm[2]*iw
		vt.SrcX, vt.SrcY, vt.Custom3, vt.ColorA = lerp(ca[0], cb[0]), lerp(ca[1], cb[1]), lerp(ca[2], cb[2]), lerp(ca[3], cb[3])
	}
	if pi.uv != nil {
		vt.Custom0, vt.Custom1 = lerp(pi.uv[a][0], pi.uv[b][0]), lerp(pi.uv[a][1], pi.uv[b][1])
	}
	da, db := v.depthCoeffs()
	vt.Custom2 = (da - iw) * db
}

// orderBlended moves blended draws after the others, farthest first
// (insertion sort: there are only a few draws).
func (f *Frame) orderBlended() {
	d := f.Draws
	for i := 1; i < len(d); i++ {
		for j := i; j > 0 && drawAfter(&d[j-1], &d[j]); j-- {
			d[j-1], d[j] = d[j], d[j-1]
		}
	}
}

// drawAfter reports whether a must be drawn after b.
func drawAfter(a, b *Draw) bool {
	if a.Blend != b.Blend {
		return a.Blend
	}
	return a.Blend && a.Depth < b.Depth
}

func abs32(x float32) float32 {
	if x < 0 {
		return -x
	}
	return x
}
