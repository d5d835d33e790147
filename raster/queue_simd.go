//go:build goexperiment.simd && amd64

package raster

import (
	"encoding/binary"
	"simd/archsimd"
)

// vectorShading: this build shades a queue's fragments four at once, on a
// machine with AVX. The arithmetic is the scalar path's, operation for
// operation and in the same order, so a frame's pixels are the same
// either way (see TestQueuedSamePicture).
//
// The vectors are 128 bits wide. The compiler writes scalar float code
// with the older SSE encoding, and on this project's VMs one SSE
// instruction after a 256-bit one that left the upper halves in use cost
// about 100 ns: eight lanes drew a frame five times slower than one.
var vectorShading = archsimd.X86.AVX()

type (
	f32x4 = archsimd.Float32x4
	u32x4 = archsimd.Uint32x4
	i32x4 = archsimd.Int32x4
)

// f32s, u32s and i32s are x in every lane.
func f32s(x float32) f32x4 { return archsimd.BroadcastFloat32x4(x) }
func u32s(x uint32) u32x4  { return archsimd.BroadcastUint32x4(x) }
func i32s(x int32) i32x4   { return archsimd.BroadcastInt32x4(x) }

// interpolate8 writes the first eight attributes of the fragment at
// (fx, fy) from t's vertex 0 into a, four at a time, as shadeFast
// interpolates each.
func interpolate8(a *[8]float32, t *triangle, fx, fy float32) {
	x, y := f32s(fx), f32s(fy)
	ld := func(s []float32) f32x4 { return archsimd.LoadFloat32x4((*[4]float32)(s)) }
	ld(t.a0[0:4]).Add(ld(t.dy[0:4]).Mul(y)).Add(ld(t.dx[0:4]).Mul(x)).Store((*[4]float32)(a[0:4]))
	ld(t.a0[4:8]).Add(ld(t.dy[4:8]).Mul(y)).Add(ld(t.dx[4:8]).Mul(x)).Store((*[4]float32)(a[4:8]))
}

// transpose turns four rows of four into four columns.
func transpose(r0, r1, r2, r3 f32x4) (c0, c1, c2, c3 f32x4) {
	t0, t1 := r0.SelectFromPair(0, 1, 4, 5, r1), r0.SelectFromPair(2, 3, 6, 7, r1)
	t2, t3 := r2.SelectFromPair(0, 1, 4, 5, r3), r2.SelectFromPair(2, 3, 6, 7, r3)
	return t0.SelectFromPair(0, 2, 4, 6, t2), t0.SelectFromPair(1, 3, 5, 7, t2),
		t1.SelectFromPair(0, 2, 4, 6, t3), t1.SelectFromPair(1, 3, 5, 7, t3)
}

// attrs4 is the attributes of queued fragments h to h+3, an attribute a
// vector.
func (q *queue) attrs4(h int) (z, u, v, cv, ch, nx, ny, nz f32x4) {
	a := (*[4][8]float32)(q.a[h : h+4])
	half := func(k, s int) f32x4 { return archsimd.LoadFloat32x4((*[4]float32)(a[k][s : s+4])) }
	z, u, v, cv = transpose(half(0, 0), half(1, 0), half(2, 0), half(3, 0))
	ch, nx, ny, nz = transpose(half(0, 4), half(1, 4), half(2, 4), half(3, 4))
	return
}

// shadeVector shades the queued fragments as shadeAttrs does (for a draw
// that queueFor accepts), four at once, and writes their pixels in order.
func (q *queue) shadeVector(tg *Target, out *output) {
	for h := 0; h < q.n; h += 4 {
		q.shade4(tg, out, h)
	}
}

// shade4 shades queued fragments h to h+3 (those queued) and writes their
// pixels. The texels' addresses, where they wrap, and the colours of
// texels not opaque are worked out lane by lane, as shadeAttrs does.
func (q *queue) shade4(tg *Target, out *output, h int) {
	sh := q.sh
	l, fd, img, sm := sh.l, &sh.fd, sh.base, &sh.m.Sampler
	z, u, v, cv, ch, nx, ny, nz := q.attrs4(h)
	iw := f32s(1).Div(f32s(l.DepthW[0]).Sub(z.Mul(f32s(l.DepthW[1]))))
	px := u.Mul(iw).Mul(f32s(fd.w)).Sub(f32s(0.5))
	py := v.Mul(iw).Mul(f32s(fd.h)).Sub(f32s(0.5))
	zero := f32s(0)
	inside := px.GreaterEqual(zero).And(px.Less(f32s(fd.w1))).And(py.GreaterEqual(zero)).And(py.Less(f32s(fd.h1))).ToBits()
	sx := px.Mul(f32s(256)).ConvertToInt32()
	sy := py.Mul(f32s(256)).ConvertToInt32()
	// The index of each fragment's top left texel, and the 8-bit fractions
	// of the way across, where its texels need no wrapping.
	var at [4]int32
	var wx, wy [4]uint32
	sy.ShiftAllRight(8).Mul(i32s(int32(img.W))).Add(sx.ShiftAllRight(8)).Store(&at)
	sx.AsUint32x4().And(u32s(255)).Store(&wx)
	sy.AsUint32x4().And(u32s(255)).Store(&wy)
	var a, b, c, d [4]uint32
	pix, w := img.Pix, img.W
	for k := range 4 {
		if inside>>k&1 != 0 {
			i := int(at[k])
			a[k], b[k], c[k], d[k] = pix[i], pix[i+1], pix[i+w], pix[i+w+1]
			continue
		}
		var x0, x1, y0, y1 int
		x0, x1, wx[k] = wrapTexelPair(px.GetElem(uint8(k)), w, sm.WrapS)
		y0, y1, wy[k] = wrapTexelPair(py.GetElem(uint8(k)), img.H, sm.WrapT)
		a[k], b[k], c[k], d[k] = img.quad(x0, x1, y0, y1)
	}
	var t4 [4]uint32
	filter4(&a, &b, &c, &d, archsimd.LoadUint32x4(&wx), archsimd.LoadUint32x4(&wy)).Store(&t4)
	var lr, lg, lb [4]float32
	for k, p := range t4 {
		if p>>24 == 255 {
			lr[k], lg[k], lb[k] = lin256[p&255], lin256[p>>8&255], lin256[p>>16&255]
			continue
		}
		s := 1 / max(float32(p>>24), 0.5)
		lr[k], lg[k], lb[k] = toLinear(float32(p&255)*s), toLinear(float32(p>>8&255)*s), toLinear(float32(p>>16&255)*s)
	}
	bc := &sh.m.BaseColor
	r, g, bl := litVertex4(l,
		f32s(bc[0]).Mul(archsimd.LoadFloat32x4(&lr)), f32s(bc[1]).Mul(archsimd.LoadFloat32x4(&lg)), f32s(bc[2]).Mul(archsimd.LoadFloat32x4(&lb)),
		nx.Mul(iw), ny.Mul(iw), nz.Mul(iw), cv.Mul(iw), ch.Mul(iw))
	e := &sh.m.Emissive
	var ir, ig, ib [4]int32
	out.index4(r.Add(f32s(e[0]))).Store(&ir)
	out.index4(g.Add(f32s(e[1]))).Store(&ig)
	out.index4(bl.Add(f32s(e[2]))).Store(&ib)
	t := &out.t
	for k := range min(q.n-h, 4) {
		// index4's indices are below 1<<16, within the table.
		c := uint32(t[uint16(ir[k])]) | uint32(t[uint16(ig[k])])<<8 | uint32(t[uint16(ib[k])])<<16 | 255<<24
		binary.LittleEndian.PutUint32(tg.Pix[4*int(q.i[h+k]):], c)
	}
}

// filter4 is filter for four fragments, with the 8-bit fractions wx, wy
// of the way across their texels a, b (one row) and c, d (the next).
func filter4(a, b, c, d *[4]uint32, wx, wy u32x4) u32x4 {
	w11 := wx.Mul(wy).ShiftAllRight(8)
	wa := u32s(256).Sub(wx).Sub(wy).Add(w11)
	wb, wc := wx.Sub(w11), wy.Sub(w11)
	va, vb := archsimd.LoadUint32x4(a), archsimd.LoadUint32x4(b)
	vc, vd := archsimd.LoadUint32x4(c), archsimd.LoadUint32x4(d)
	m := u32s(0x00ff00ff)
	rb := va.And(m).Mul(wa).Add(vb.And(m).Mul(wb)).Add(vc.And(m).Mul(wc)).Add(vd.And(m).Mul(w11))
	ag := va.ShiftAllRight(8).And(m).Mul(wa).Add(vb.ShiftAllRight(8).And(m).Mul(wb)).
		Add(vc.ShiftAllRight(8).And(m).Mul(wc)).Add(vd.ShiftAllRight(8).And(m).Mul(w11))
	round := u32s(0x00800080)
	return rb.Add(round).ShiftAllRight(8).And(m).Or(ag.Add(round).AndNot(m))
}

// litVertex4 is litVertex for four fragments.
func litVertex4(l *Lights, br, bg, bb, nx, ny, nz, cv, ch f32x4) (r, g, b f32x4) {
	k := f32s(1).Div(nx.Mul(nx).Add(ny.Mul(ny)).Add(nz.Mul(nz)).Max(f32s(1e-30)).Sqrt())
	nx, ny, nz, cv, ch = nx.Mul(k), ny.Mul(k), nz.Mul(k), cv.Mul(k), ch.Mul(k)
	// Turned to face the viewer where N·V < 0: the sign bits flipped.
	flip := cv.Less(f32s(0)).ToInt32x4().AsUint32x4().And(u32s(1 << 31))
	nx = nx.AsUint32x4().Xor(flip).AsFloat32x4()
	ny = ny.AsUint32x4().Xor(flip).AsFloat32x4()
	nz = nz.AsUint32x4().Xor(flip).AsFloat32x4()
	cv = cv.AsUint32x4().Xor(flip).AsFloat32x4()
	ch = ch.AsUint32x4().Xor(flip).AsFloat32x4()
	lm, lb := &l.LightMat, &l.LightBias
	dk := pos4(nx.Mul(f32s(lm[0])).Add(ny.Mul(f32s(lm[1]))).Add(nz.Mul(f32s(lm[2]))).Add(f32s(lb[0])))
	df := pos4(nx.Mul(f32s(lm[3])).Add(ny.Mul(f32s(lm[4]))).Add(nz.Mul(f32s(lm[5]))).Add(f32s(lb[1])))
	dr := pos4(nx.Mul(f32s(lm[6])).Add(ny.Mul(f32s(lm[7]))).Add(nz.Mul(f32s(lm[8]))).Add(f32s(lb[2])))
	t := f32s(1).Sub(cv)
	rim := t.Mul(t).Mul(t).Mul(dr)
	spec := pow40x4(pos4(ch))
	return l.channel4(0, br, ny, dk, df, spec, rim), l.channel4(1, bg, ny, dk, df, spec, rim), l.channel4(2, bb, ny, dk, df, spec, rim)
}

// channel4 is colour channel c of litVertex4, of base colour base.
func (l *Lights) channel4(c int, base, ny, dk, df, spec, rim f32x4) f32x4 {
	lit := f32s(l.HemiMid[c]).Add(f32s(l.HemiSlope[c]).Mul(ny)).Add(f32s(l.KeyColor[c]).Mul(dk)).Add(f32s(l.FillColor[c]).Mul(df))
	return base.Mul(lit).Add(f32s(l.KeySpec[c]).Mul(spec)).
		Add(f32s(l.RimColor[c]).Mul(rim).Mul(base.Mul(f32s(0.6)).Add(f32s(0.4))))
}

// pos4 is pos for four values.
func pos4(x f32x4) f32x4 { return x.Masked(x.Greater(f32s(0))) }

// pow40x4 is pow40 for four values.
func pow40x4(x f32x4) f32x4 {
	x2 := x.Mul(x)
	x4 := x2.Mul(x2)
	x8 := x4.Mul(x4)
	x32 := x8.Mul(x8)
	x32 = x32.Mul(x32)
	return x32.Mul(x8)
}

// index4 is where byteOf looks up four channel values in the table, but
// below 1<<16: the table's last two entries are alike (see output).
func (o *output) index4(c f32x4) i32x4 {
	x := c.Mul(f32s(o.scale)).Add(f32s(0.5)).Min(f32s(outLen - 2))
	return x.ConvertToInt32().Max(i32s(0))
}
