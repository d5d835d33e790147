package raster

import (
	"cmp"
	"math"
	"slices"
)

// camera projects view space (the eye at the origin looking down −z) to
// the render pixels of a w×h target with focal length f pixels, and
// depths between near and far to [0, 1] as the engine's frame does.
type camera struct {
	w, h, f   float64
	near, far float64
}

// depthW is the Lights.DepthW of c.
func (c camera) depthW() [2]float32 {
	return [2]float32{float32(1 / c.near), float32(1/c.near - 1/c.far)}
}

// vertex projects the point p of unit normal n and texture coordinates
// (u, v) to a vertex lit per vertex (with key light direction key), its
// attributes divided by its view depth.
func (c camera) vertex(p, n vec, u, v float64, key vec) Vertex {
	w := -p[2]
	iw := 1 / w
	dw := c.depthW()
	view := p.scale(-1).norm()
	h := key.add(view).norm()
	return Vertex{
		DstX: float32(c.w/2 + c.f*p[0]*iw), DstY: float32(c.h/2 - c.f*p[1]*iw),
		SrcX: float32(n.dot(view) * iw), SrcY: float32(n.dot(h) * iw),
		ColorR: float32(n[0] * iw), ColorG: float32(n[1] * iw), ColorB: float32(n[2] * iw), ColorA: float32(iw),
		Custom0: float32(u * iw), Custom1: float32(v * iw),
		Custom2: float32((float64(dw[0]) - iw) / float64(dw[1])),
	}
}

// sphere is a draw of a UV sphere of radius r centred at centre (view
// space), rings × segments quads, its back faces culled and its triangles
// sorted far to near, as the engine's frame builds a primitive.
func (c camera) sphere(m *Material, tex *Image, centre vec, r float64, rings, segments int) Draw {
	var vs []Vertex
	for i := 0; i <= rings; i++ {
		th := math.Pi * float64(i) / float64(rings)
		for j := 0; j <= segments; j++ {
			ph := 2 * math.Pi * float64(j) / float64(segments)
			n := vec{math.Sin(th) * math.Cos(ph), math.Cos(th), math.Sin(th) * math.Sin(ph)}
			vs = append(vs, c.vertex(centre.add(n.scale(r)), n, 4*float64(j)/float64(segments), float64(i)/float64(rings), testRig.key))
		}
	}
	type tri struct {
		i     [3]uint32
		depth float32
	}
	var tris []tri
	add := func(a, b, cc int) {
		p, q, s := &vs[a], &vs[b], &vs[cc]
		if (q.DstX-p.DstX)*(s.DstY-p.DstY)-(s.DstX-p.DstX)*(q.DstY-p.DstY) <= 0 {
			return // facing away
		}
		tris = append(tris, tri{[3]uint32{uint32(a), uint32(b), uint32(cc)}, max(p.Custom2, q.Custom2, s.Custom2)})
	}
	for i := range rings {
		for j := range segments {
			a, b := i*(segments+1)+j, (i+1)*(segments+1)+j
			add(a, b, b+1)
			add(a, b+1, a+1)
		}
	}
	slices.SortStableFunc(tris, func(a, b tri) int { return cmp.Compare(b.depth, a.depth) })
	ind := make([]uint32, 0, 3*len(tris))
	for _, t := range tris {
		ind = append(ind, t.i[:]...)
	}
	return Draw{Verts: vs, Indices: ind, Mat: m, Base: tex}
}

// pattern is a w×h opaque texture of soft stripes and noise, so that
// neighbouring texels differ.
func pattern(w, h int) *Image {
	pix := make([]byte, 0, 4*w*h)
	s := uint32(1)
	for y := range h {
		for x := range w {
			s = s*1664525 + 1013904223
			n := byte(s >> 27)
			pix = append(pix, byte(x*255/w)^n, byte(y*255/h)+n, byte((x+y)*3)|n, 255)
		}
	}
	return NewImage(w, h, pix)
}

// avatarScene is a synthetic frame like the default avatar's in a w×h
// window: a textured body lit per vertex, tris triangles over about
// 60,000 pixels, and an outfit over most of it (two layers deep) —
// tessellated spheres, their back faces culled. With glass, a blended
// sphere floats in front.
func avatarScene(w, h, tris int, glass bool) ([]Draw, *Lights) {
	cam := camera{w: float64(w), h: float64(h), f: 790 * float64(h) / 720, near: 2, far: 4}
	l := testRig.lights()
	l.DepthW = cam.depthW()
	tex := pattern(512, 512)
	body := &Material{BaseColor: [4]float32{1, 0.95, 0.9, 1}, Textured: true, VertexLit: true}
	outfit := *body
	outfit.Alpha, outfit.Cutoff = Mask, 0.5
	// Each sphere draws about half its 2·rings·segments = seg² triangles,
	// a little less seen from near.
	seg := int(math.Sqrt(1.4 * float64(tris)))
	draws := []Draw{
		cam.sphere(body, tex, vec{0, 0, -3}, 0.49, seg/2, seg),
		cam.sphere(&outfit, tex, vec{0, -0.06, -2.97}, 0.5, seg/2, seg),
	}
	if glass {
		m := &Material{BaseColor: [4]float32{0.6, 0.8, 1, 0.4}, Alpha: Blend, Sampler: Sampler{Nearest: true, WrapT: Mirror}, Textured: true, VertexLit: true}
		draws = append(draws, cam.sphere(m, pattern(64, 32), vec{0.2, 0.3, -2.3}, 0.12, 24, 48))
	}
	return draws, l
}
