package raster

import "math"

// The fast path: most of a character's pixels belong to opaque or masked,
// textured, bilinear materials lit per vertex (a glTF avatar's skin,
// clothes and hair). For those, fillFast does what fill and shade do with
// fewer instructions: only the attributes such a material reads, the four
// texels filtered in 8-bit fixed point two channels at a time (as a GPU's
// texture unit does, with 8-bit weights), and opaque texels decoded with a
// 256-entry table.

// fastFor reports whether the draw's fragments can take the fast path.
func fastFor(m *Material, base *Image) bool {
	return m.VertexLit && m.MToon == nil && !m.Outline && m.Textured && base != nil && !m.EmitTex && m.Alpha != Blend &&
		!m.Sampler.Nearest && base.W > 1 && base.H > 1
}

// fastDraw is what the fast path reads of a draw, worked out once a frame.
type fastDraw struct {
	w, h   float32 // the base texture's size in texels
	w1, h1 float32 // less one: the texel coordinates below need no wrapping
	// cut is the least texel alpha, in 0..255, of a Mask material's
	// fragment that shows; 0 for an opaque material.
	cut uint32
}

// newFastDraw works out the fast path's constants of a draw of material m
// with base texture base.
func newFastDraw(m *Material, base *Image) fastDraw {
	fd := fastDraw{w: float32(base.W), h: float32(base.H), w1: float32(base.W - 1), h1: float32(base.H - 1)}
	if m.Alpha == Mask {
		// A texel alpha ta is cut when float32(ta) < k, near ta/255 ·
		// BaseColor[3] < Cutoff; counted once here (a NaN cuts none).
		k := m.Cutoff / max(m.BaseColor[3], 1e-6) * 255
		for fd.cut < 256 && float32(fd.cut) < k {
			fd.cut++
		}
	}
	return fd
}

// lin256 decodes an 8-bit sRGB channel.
var lin256 [256]float32

func init() {
	for i := range lin256 {
		lin256[i] = float32(math.Pow(float64(i)/255, 2.2))
	}
}

// fillFast is fill for a draw that fastFor accepts. With a queue (for a
// draw that queueFor accepts), the fragments that pass the depth test go
// into q, which holds sh's fragments (or none), their depth and draw
// written at once; without one (nil), each is shaded as it passes.
func (t *triangle) fillFast(tg *Target, sh *shader, q *queue, out *output, id uint16, y0, y1 int) {
	w := tg.Rect.Dx()
	base := (y0-tg.Rect.Min.Y)*w - tg.Rect.Min.X // row y's start in the buffers
	for y := y0; y <= y1; y, base = y+1, base+w {
		yc := float32(y) + 0.5
		lo, hi := t.span(yc)
		if lo > hi {
			continue
		}
		fy := yc - t.y0
		zrow := t.a0[aDepth] + t.dy[aDepth]*fy
		fx := float32(lo) + 0.5 - t.x0
		for i, end := base+lo, base+hi; i <= end; i, fx = i+1, fx+1 {
			z := zrow + t.dx[aDepth]*fx
			// A tie goes to the draw listed later, within a draw to the
			// triangle drawn first; NaN fails.
			if tg.shows(i, z, id) {
				// The other attributes only once a fragment passes: many
				// of a character's small triangles are hidden.
				if !t.planed {
					t.planes()
				}
				if q == nil {
					t.put(tg, sh, out, id, i, fx, fy, z)
					continue
				}
				if !q.mask {
					tg.z[i], tg.id[i] = z, id
				}
				q.push(t, i, fx, fy)
				if q.n == queueLen {
					q.flush(tg, out)
				}
			}
		}
	}
}

// put shades the fragment at (fx, fy) from vertex 0, of pixel index i and
// depth z, and writes it for draw id unless a Mask material cuts it out.
func (t *triangle) put(tg *Target, sh *shader, out *output, id uint16, i int, fx, fy, z float32) {
	at := func(k int) float32 { return t.a0[k] + t.dy[k]*fy + t.dx[k]*fx }
	if c, ok := sh.shadeAttrs(out, z, at(aU), at(aV), at(aR), at(aG), at(aB), at(aS0), at(aS1)); ok {
		tg.put(i, c)
		tg.z[i], tg.id[i] = z, id
	}
}

// shadeAttrs shades a fast-path fragment of depth z from its attributes
// as interpolated (u/w, v/w, the normal/w, N·V/w and N·H/w) and returns its
// pixel, or ok false when a Mask material cuts it out. The sampling in it
// is written out with inlined helpers: as a call of its own it cost an
// overlay frame 3% more instructions, in the values saved and restored
// around it.
func (sh *shader) shadeAttrs(out *output, z, u, v, nx, ny, nz, cv, ch float32) (pixel uint32, ok bool) {
	l, m, img := sh.l, sh.m, sh.base
	iw := 1 / (l.DepthW[0] - z*l.DepthW[1])
	u, v = u*iw, v*iw
	// The four texels around (px, py) (texel centres at integers) and
	// the 8-bit fractions of the way across them.
	fd := &sh.fd
	px, py := u*fd.w-0.5, v*fd.h-0.5
	var x0, x1, y0, y1 int
	var wx, wy uint32
	if px >= 0 && px < fd.w1 && py >= 0 && py < fd.h1 { // no wrapping; NaN fails
		// In 256ths of a texel (p·256 is exact): whole texels and the
		// 8-bit fractions frac8 finds.
		sx, sy := int(px*256), int(py*256)
		x0, y0 = sx>>8, sy>>8
		x1, y1, wx, wy = x0+1, y0+1, uint32(sx&255), uint32(sy&255)
	} else {
		x0, x1, wx = wrapTexelPair(px, img.W, m.Sampler.WrapS)
		y0, y1, wy = wrapTexelPair(py, img.H, m.Sampler.WrapT)
	}
	a, b, c, d := img.quad(x0, x1, y0, y1)
	w11 := wx * wy >> 8 // the weights, (1−wx)(1−wy), wx(1−wy), (1−wx)wy and wx·wy
	tx := filter(a, b, c, d, 256-wx-wy+w11, wx-w11, wy-w11, w11)
	ta := tx >> 24
	if ta < fd.cut {
		return 0, false
	}
	var lr, lg, lb float32
	if ta == 255 {
		lr, lg, lb = lin256[tx&255], lin256[tx>>8&255], lin256[tx>>16&255]
	} else {
		k := 1 / max(float32(ta), 0.5)
		lr, lg, lb = toLinear(float32(tx&255)*k), toLinear(float32(tx>>8&255)*k), toLinear(float32(tx>>16&255)*k)
	}
	bc := &m.BaseColor
	r, g, bl := litVertex(l, bc[0]*lr, bc[1]*lg, bc[2]*lb, nx*iw, ny*iw, nz*iw, cv*iw, ch*iw)
	e := &m.Emissive
	return uint32(out.byteOf(r+e[0])) | uint32(out.byteOf(g+e[1]))<<8 | uint32(out.byteOf(bl+e[2]))<<16 | 255<<24, true
}

// wrapTexelPair returns the texel columns (or rows) i0, i1 either side of
// texel coordinate p in a texture size texels across, wrapped with w, and
// p's 8-bit fraction of the way from i0 to i1.
func wrapTexelPair(p float32, size int, w Wrap) (i0, i1 int, f uint32) {
	i := floorInt(p)
	i0, i1 = wrapPair(i, size, w)
	return i0, i1, frac8(p, i)
}

// frac8 is the 8-bit fraction of the way from texel i, ⌊p⌋, to p.
func frac8(p float32, i int) uint32 { return uint32((p - float32(i)) * 256) }

// quad returns the texels at columns x0, x1 of rows y0 and y1.
func (img *Image) quad(x0, x1, y0, y1 int) (a, b, c, d uint32) {
	r0, r1 := y0*img.W, y1*img.W
	return img.Pix[r0+x0], img.Pix[r0+x1], img.Pix[r1+x0], img.Pix[r1+x1]
}

// filter mixes texels a, b, c, d (premultiplied sRGB, packed as Image.Pix
// packs them) with 8-bit weights summing to 256, two channels at a time,
// as a GPU's texture unit filters.
func filter(a, b, c, d, wa, wb, wc, wd uint32) uint32 {
	const m = 0x00ff00ff
	rb := (a&m)*wa + (b&m)*wb + (c&m)*wc + (d&m)*wd
	ag := (a>>8&m)*wa + (b>>8&m)*wb + (c>>8&m)*wc + (d>>8&m)*wd
	return (rb+0x00800080)>>8&m | (ag+0x00800080)&^m // rounded, as a GPU's filter rounds
}

// litVertex is vertexShaded for a fragment whose normal n (any length),
// and cosines N·V and N·H (scaled alike) are given, with base colour b.
func litVertex(l *Lights, br, bg, bb, nx, ny, nz, cv, ch float32) (r, g, b float32) {
	k := invSqrt(nx*nx + ny*ny + nz*nz)
	nx, ny, nz, cv, ch = nx*k, ny*k, nz*k, cv*k, ch*k
	if cv < 0 {
		nx, ny, nz, cv, ch = -nx, -ny, -nz, -cv, -ch
	}
	lm := &l.LightMat
	dk := pos(nx*lm[0] + ny*lm[1] + nz*lm[2] + l.LightBias[0])
	df := pos(nx*lm[3] + ny*lm[4] + nz*lm[5] + l.LightBias[1])
	dr := pos(nx*lm[6] + ny*lm[7] + nz*lm[8] + l.LightBias[2])
	t := 1 - cv
	rim := t * t * t * dr
	spec := pow40(pos(ch))
	r = br*(l.HemiMid[0]+l.HemiSlope[0]*ny+l.KeyColor[0]*dk+l.FillColor[0]*df) + l.KeySpec[0]*spec + l.RimColor[0]*rim*(br*0.6+0.4)
	g = bg*(l.HemiMid[1]+l.HemiSlope[1]*ny+l.KeyColor[1]*dk+l.FillColor[1]*df) + l.KeySpec[1]*spec + l.RimColor[1]*rim*(bg*0.6+0.4)
	b = bb*(l.HemiMid[2]+l.HemiSlope[2]*ny+l.KeyColor[2]*dk+l.FillColor[2]*df) + l.KeySpec[2]*spec + l.RimColor[2]*rim*(bb*0.6+0.4)
	return r, g, b
}

// pos is x where it is positive, else 0 (NaN included): max(x, 0)
// without the builtin's care for NaN and signed zeros, which costs a
// shader's inner loop several instructions.
func pos(x float32) float32 {
	if x > 0 {
		return x
	}
	return 0
}
