package raster

import (
	"encoding/binary"
	"math"
)

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

// lin256 decodes an 8-bit sRGB channel.
var lin256 [256]float32

func init() {
	for i := range lin256 {
		lin256[i] = float32(math.Pow(float64(i)/255, 2.2))
	}
}

// fillFast is fill for a draw that fastFor accepts.
func (t *triangle) fillFast(tg *Target, sh *shader, out *output, y0, y1 int) {
	w := tg.Rect.Dx()
	l, m, img := sh.l, sh.m, sh.base
	mask := m.Alpha == Mask
	dw0, dw1 := l.DepthW[0], l.DepthW[1]
	fw, fh := float32(img.W), float32(img.H)
	br, bg, bb := m.BaseColor[0], m.BaseColor[1], m.BaseColor[2]
	cut := m.Cutoff / max(m.BaseColor[3], 1e-6) // the texel alpha that passes
	t.clip(tg.Rect.Min.X, tg.Rect.Max.X-1)
	for y := y0; y <= y1; y++ {
		yc := float32(y) + 0.5
		lo, hi := t.span(yc)
		if lo > hi {
			continue
		}
		fy := yc - t.y0
		zrow := t.a0[aDepth] + t.dy[aDepth]*fy
		base := (y-tg.Rect.Min.Y)*w - tg.Rect.Min.X
		zs := tg.z[base+lo : base+hi+1]
		pix := tg.Pix[4*(base+lo) : 4*(base+hi+1)]
		fx := float32(lo) + 0.5 - t.x0
		for j := range zs {
			z := zrow + t.dx[aDepth]*fx
			if !(z < zs[j]) { // draws run nearest first: ties go to the one drawn first; NaN fails
				fx++
				continue
			}
			// The other attributes only for fragments that pass: most rows
			// of a character's small triangles have one or two.
			t.planes()
			at := func(k int) float32 { return t.a0[k] + t.dy[k]*fy + t.dx[k]*fx }
			iw := 1 / (dw0 - z*dw1)
			u, v := at(aU)*iw, at(aV)*iw
			tx := sampleFast(img, m.Sampler.WrapS, m.Sampler.WrapT, u*fw-0.5, v*fh-0.5)
			ta := tx >> 24
			if mask && float32(ta) < cut*255 {
				fx++
				continue
			}
			var lr, lg, lb float32
			if ta == 255 {
				lr, lg, lb = lin256[tx&255], lin256[tx>>8&255], lin256[tx>>16&255]
			} else {
				k := 1 / max(float32(ta), 0.5)
				lr, lg, lb = toLinear(float32(tx&255)*k), toLinear(float32(tx>>8&255)*k), toLinear(float32(tx>>16&255)*k)
			}
			nx, ny, nz := at(aR)*iw, at(aG)*iw, at(aB)*iw
			cv, ch := at(aS0)*iw, at(aS1)*iw
			r, g, b := litVertex(l, br*lr, bg*lg, bb*lb, nx, ny, nz, cv, ch)
			e := &m.Emissive
			binary.LittleEndian.PutUint32(pix[4*j:], uint32(out.byteOf(r+e[0]))|uint32(out.byteOf(g+e[1]))<<8|uint32(out.byteOf(b+e[2]))<<16|255<<24)
			zs[j] = z
			fx++
		}
	}
}

// sampleFast filters img bilinearly at texel coordinates (px, py) (texel
// centres at integers) and returns the premultiplied sRGB texel packed as
// Image.Pix packs them.
func sampleFast(img *Image, ws, wt Wrap, px, py float32) uint32 {
	ix, iy := floorInt(px), floorInt(py)
	fx := uint32((px - float32(ix)) * 256)
	fy := uint32((py - float32(iy)) * 256)
	var x0, x1, y0, y1 int
	if uint(ix) < uint(img.W-1) && uint(iy) < uint(img.H-1) {
		x0, x1, y0, y1 = ix, ix+1, iy, iy+1
	} else {
		x0, x1 = wrapPair(ix, img.W, ws)
		y0, y1 = wrapPair(iy, img.H, wt)
	}
	r0, r1 := y0*img.W, y1*img.W
	a, b, c, d := img.Pix[r0+x0], img.Pix[r0+x1], img.Pix[r1+x0], img.Pix[r1+x1]
	w11 := fx * fy >> 8
	w10 := fx - w11
	w01 := fy - w11
	w00 := 256 - fx - w01
	const m = 0x00ff00ff
	rb := (a&m)*w00 + (b&m)*w10 + (c&m)*w01 + (d&m)*w11
	ag := (a>>8&m)*w00 + (b>>8&m)*w10 + (c>>8&m)*w01 + (d>>8&m)*w11
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
