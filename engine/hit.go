package engine

import (
	"image"

	"github.com/kin-companion/kin/avatar"
)

// hit is the overlay's click test: whether pixel (x, y) of the last built
// frame shows the character. A triangle of a material with see-through
// texels (hair cards, lashes, lace) counts only where the texture's alpha,
// times the base colour's and the vertex colour's, reaches the material's
// cut-off, so clicks between strands of hair pass to the desktop.
func (g *Mesh) hit(x, y float32) bool {
	f := g.Frame
	a, b := f.View.depthCoeffs()
	for i := range f.Draws {
		d := &f.Draws[i]
		s := g.slot(d.Material)
		for t := 0; t+2 < len(d.Indices); t += 3 {
			l, ok := barycentric(d, t, x, y)
			if !ok {
				continue
			}
			am := g.alpha[s]
			if am == nil || am.covers(d, t, l, a, b) {
				return true
			}
		}
	}
	return false
}

// barycentric returns the screen-space barycentric weights of (x, y) in
// triangle t of draw d, and whether the point is inside it.
func barycentric(d *Draw, t int, x, y float32) ([3]float32, bool) {
	v, ind := d.Verts, d.Indices
	p, q, r := &v[ind[t]], &v[ind[t+1]], &v[ind[t+2]]
	if x < min(p.DstX, q.DstX, r.DstX) || x > max(p.DstX, q.DstX, r.DstX) ||
		y < min(p.DstY, q.DstY, r.DstY) || y > max(p.DstY, q.DstY, r.DstY) {
		return [3]float32{}, false
	}
	e0 := edge(q.DstX, q.DstY, r.DstX, r.DstY, x, y)
	e1 := edge(r.DstX, r.DstY, p.DstX, p.DstY, x, y)
	e2 := edge(p.DstX, p.DstY, q.DstX, q.DstY, x, y)
	if !((e0 >= 0 && e1 >= 0 && e2 >= 0) || (e0 <= 0 && e1 <= 0 && e2 <= 0)) {
		return [3]float32{}, false
	}
	sum := e0 + e1 + e2
	if sum == 0 {
		return [3]float32{1, 0, 0}, true // degenerate: any corner will do
	}
	return [3]float32{e0 / sum, e1 / sum, e2 / sum}, true
}

// edge is the signed area of (a, b, p): which side of ab the point p is on.
func edge(ax, ay, bx, by, px, py float32) float32 {
	return (bx-ax)*(py-ay) - (by-ay)*(px-ax)
}

// alphaHitSize bounds an alpha map's sides: fine enough to tell a strand
// of hair from the gap beside it at overlay sizes.
const alphaHitSize = 256

// alphaHit is a small copy of a see-through material's alpha, kept on the
// CPU for the overlay's click test (the decoded textures themselves are
// dropped once on the GPU).
type alphaHit struct {
	w, h   int
	a      []uint8 // alpha, row by row, box-filtered from the texture
	wrapS  avatar.Wrap
	wrapT  avatar.Wrap
	factor float32 // the base colour's alpha
	cut    float32 // the alpha from which a texel is the character's
}

// alphaMaps builds the alpha maps of a model's material slots (the default
// material last, always solid): on the loading goroutine, as they read
// every texture they copy.
func alphaMaps(m *avatar.Model) []*alphaHit {
	out := make([]*alphaHit, len(m.Materials)+1)
	for i := range m.Materials {
		mat := &m.Materials[i]
		if t := baseTexture(m, mat); t >= 0 && mat.AlphaMode != avatar.AlphaOpaque {
			out[i] = newAlphaHit(m.Textures[t].Image, m.Textures[t].Sampler, mat)
		}
	}
	return out
}

// newAlphaHit builds the map for a blended or masked material whose base
// colour texture img has see-through texels; it returns nil when every
// texel is opaque (the triangles then count wherever they are). Each map
// texel averages up to four texels of its block, evenly spread.
func newAlphaHit(img image.Image, s avatar.Sampler, mat *avatar.Material) *alphaHit {
	b := img.Bounds()
	if b.Empty() || opaqueImage(img) {
		return nil
	}
	w, h := min(b.Dx(), alphaHitSize), min(b.Dy(), alphaHitSize)
	m := &alphaHit{w: w, h: h, a: make([]uint8, w*h), wrapS: s.WrapS, wrapT: s.WrapT, factor: mat.BaseColor[3], cut: 0.35}
	if mat.AlphaMode == avatar.AlphaMask {
		m.cut = mat.AlphaCutoff
		if m.cut == 0 {
			m.cut = 0.5
		}
	}
	for y := range h {
		y0, y1 := b.Min.Y+y*b.Dy()/h, b.Min.Y+(y+1)*b.Dy()/h
		for x := range w {
			x0, x1 := b.Min.X+x*b.Dx()/w, b.Min.X+(x+1)*b.Dx()/w
			var sum uint32
			for _, q := range [4][2]int{{1, 1}, {3, 1}, {1, 3}, {3, 3}} {
				_, _, _, a := img.At(x0+(x1-x0)*q[0]/4, y0+(y1-y0)*q[1]/4).RGBA()
				sum += a >> 8
			}
			m.a[y*w+x] = uint8(sum / 4)
		}
	}
	return m
}

// opaqueImage reports whether img has no see-through texel.
func opaqueImage(img image.Image) bool {
	if o, ok := img.(interface{ Opaque() bool }); ok {
		return o.Opaque()
	}
	return false
}

// covers reports whether triangle t of draw d is solid at barycentric l:
// the perspective-correct UV and vertex alpha there, against the map.
func (m *alphaHit) covers(d *Draw, t int, l [3]float32, a, b float32) bool {
	var iw, u, v, va float32
	for k := range 3 {
		vt := &d.Verts[d.Indices[t+k]]
		w := a - vt.Custom2/b // 1/z, as the shaders recover it
		iw += l[k] * w
		u += l[k] * vt.Custom0
		v += l[k] * vt.Custom1
		va += l[k] * vt.ColorA
	}
	if iw <= 0 {
		return true
	}
	u, v, va = u/iw, v/iw, va/iw
	x := wrapIndex(u, m.w, m.wrapS)
	y := wrapIndex(v, m.h, m.wrapT)
	return float32(m.a[y*m.w+x])/255*m.factor*va >= m.cut
}

// wrapIndex maps a texture coordinate to a texel index as the sampler's
// wrap mode does.
func wrapIndex(c float32, n int, w avatar.Wrap) int {
	switch w {
	case avatar.WrapClamp:
		c = min(max(c, 0), 1)
	case avatar.WrapMirror:
		c = c - 2*float32(int(c/2))
		if c < 0 {
			c += 2
		}
		if c > 1 {
			c = 2 - c
		}
	default:
		c -= float32(int(c))
		if c < 0 {
			c++
		}
	}
	return min(int(c*float32(n)), n-1)
}
