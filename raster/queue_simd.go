//go:build goexperiment.simd && amd64

package raster

import "simd/archsimd"

// vectorShading: this build shades a queue's fragments four at once, on a
// machine with AVX2 (the broadcasts need it; the rest, AVX). The
// arithmetic is the scalar path's, operation for operation and in the
// same order, so a frame's pixels are the same either way (see
// TestQueuedSamePicture).
//
// The vectors are 128 bits wide. The compiler writes scalar float code
// with the older SSE encoding, and on this project's VMs one SSE
// instruction after a 256-bit one that left the upper halves in use cost
// about 100 ns: eight lanes drew a frame five times slower than one.
var vectorShading = archsimd.X86.AVX2()

type (
	f32x4 = archsimd.Float32x4
	u32x4 = archsimd.Uint32x4
	i32x4 = archsimd.Int32x4
)

// f32s, u32s and i32s are x in every lane.
func f32s(x float32) f32x4 { return archsimd.BroadcastFloat32x4(x) }
func u32s(x uint32) u32x4  { return archsimd.BroadcastUint32x4(x) }
func i32s(x int32) i32x4   { return archsimd.BroadcastInt32x4(x) }

// lanes is a float32 in each of four lanes, so that a vector of it is one
// load (a value broadcast takes two instructions).
type lanes = [4]float32

// fill4 is x in each lane.
func fill4(x float32) lanes { return lanes{x, x, x, x} }

// ld is the vector of a.
func ld(a *lanes) f32x4 { return archsimd.LoadFloat32x4(a) }

// The constants shade4 reads, in lanes.
var (
	one4, half4, zero4, k256   = fill4(1), fill4(0.5), fill4(0), fill4(256)
	tiny4, rimK, rimC, outMax4 = fill4(1e-30), fill4(0.6), fill4(0.4), fill4(outLen - 2)
)

// vecDraw is what shade4 reads of a draw and of the frame's lights and
// exposure, in lanes.
type vecDraw struct {
	dw0, dw1, w, h, w1, h1 lanes
	base, emit             [3]lanes
	lm                     [9]lanes
	lb, hemiMid, hemiSlope [3]lanes
	key, fill, spec, rim   [3]lanes
	scale                  lanes
	alpha                  uint32 // an opaque pixel's alpha, in place
}

// set fills v for the draw of shader sh, drawn with output out.
func (v *vecDraw) set(sh *shader, out *output) {
	l, fd := sh.l, &sh.fd
	v.dw0, v.dw1 = fill4(l.DepthW[0]), fill4(l.DepthW[1])
	v.w, v.h, v.w1, v.h1 = fill4(fd.w), fill4(fd.h), fill4(fd.w1), fill4(fd.h1)
	for c := range 3 {
		v.base[c], v.emit[c] = fill4(sh.m.BaseColor[c]), fill4(sh.m.Emissive[c])
		v.lb[c], v.hemiMid[c], v.hemiSlope[c] = fill4(l.LightBias[c]), fill4(l.HemiMid[c]), fill4(l.HemiSlope[c])
		v.key[c], v.fill[c], v.spec[c], v.rim[c] = fill4(l.KeyColor[c]), fill4(l.FillColor[c]), fill4(l.KeySpec[c]), fill4(l.RimColor[c])
	}
	for k := range 9 {
		v.lm[k] = fill4(l.LightMat[k])
	}
	v.scale = fill4(out.scale)
	v.alpha = 255 << 24
}

// interpolate8 writes the first eight attributes of the fragment at
// (fx, fy) from t's vertex 0 into a, four at a time, as put
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
	vd, img, sm := sh.vec, sh.base, &sh.m.Sampler
	z, u, v, cv, ch, nx, ny, nz := q.attrs4(h)
	iw := ld(&one4).Div(ld(&vd.dw0).Sub(z.Mul(ld(&vd.dw1))))
	px := u.Mul(iw).Mul(ld(&vd.w)).Sub(ld(&half4))
	py := v.Mul(iw).Mul(ld(&vd.h)).Sub(ld(&half4))
	zero := ld(&zero4)
	in := px.GreaterEqual(zero).And(px.Less(ld(&vd.w1))).And(py.GreaterEqual(zero)).And(py.Less(ld(&vd.h1)))
	sx := px.Mul(ld(&k256)).ConvertToInt32()
	sy := py.Mul(ld(&k256)).ConvertToInt32()
	// The index of each fragment's top left texel (0 where its texels
	// wrap), and the 8-bit fractions of the way across.
	var at [4]int32
	var wx, wy [4]uint32
	sy.ShiftAllRight(8).Mul(i32s(int32(img.W))).Add(sx.ShiftAllRight(8)).Masked(in).Store(&at)
	sx.AsUint32x4().And(u32s(255)).Store(&wx)
	sy.AsUint32x4().And(u32s(255)).Store(&wy)
	var a, b, c, d [4]uint32
	pix, w := img.Pix, img.W
	for k, i := range at {
		i := int(i)
		a[k], b[k], c[k], d[k] = pix[i], pix[i+1], pix[i+w], pix[i+w+1]
	}
	if inside := in.ToBits(); inside != 0b1111 {
		for k := range 4 {
			if inside>>k&1 == 0 {
				var x0, x1, y0, y1 int
				x0, x1, wx[k] = wrapTexelPair(px.GetElem(uint8(k)), w, sm.WrapS)
				y0, y1, wy[k] = wrapTexelPair(py.GetElem(uint8(k)), img.H, sm.WrapT)
				a[k], b[k], c[k], d[k] = img.quad(x0, x1, y0, y1)
			}
		}
	}
	var t4 [4]uint32
	tx := filter4(&a, &b, &c, &d, archsimd.LoadUint32x4(&wx), archsimd.LoadUint32x4(&wy))
	tx.Store(&t4)
	var lr, lg, lb [4]float32
	for k, p := range t4 {
		lr[k], lg[k], lb[k] = lin256[p&255], lin256[p>>8&255], lin256[p>>16&255]
	}
	if opaque := tx.ShiftAllRight(24).Equal(u32s(255)).ToBits(); opaque != 0b1111 {
		for k, p := range t4 {
			if opaque>>k&1 == 0 {
				s := 1 / max(float32(p>>24), 0.5)
				lr[k], lg[k], lb[k] = toLinear(float32(p&255)*s), toLinear(float32(p>>8&255)*s), toLinear(float32(p>>16&255)*s)
			}
		}
	}
	r, g, bl := litVertex4(vd,
		ld(&vd.base[0]).Mul(ld(&lr)), ld(&vd.base[1]).Mul(ld(&lg)), ld(&vd.base[2]).Mul(ld(&lb)),
		nx.Mul(iw), ny.Mul(iw), nz.Mul(iw), cv.Mul(iw), ch.Mul(iw))
	var ir, ig, ib [4]int32
	vd.index4(r.Add(ld(&vd.emit[0]))).Store(&ir)
	vd.index4(g.Add(ld(&vd.emit[1]))).Store(&ig)
	vd.index4(bl.Add(ld(&vd.emit[2]))).Store(&ib)
	t := &out.t
	at4 := (*[4]int32)(q.i[h : h+4])
	put := func(k int) {
		// index4's indices are below 1<<16, within the table. (The alpha
		// is a variable so that the pixel is stored whole: a constant's
		// byte was stored apart.)
		c := uint32(t[uint16(ir[k])]) | uint32(t[uint16(ig[k])])<<8 | uint32(t[uint16(ib[k])])<<16 | vd.alpha
		tg.put(int(at4[k]), c)
	}
	n := min(q.n-h, 4)
	if q.mask {
		for k := range n {
			if t4[k]>>24 >= sh.fd.cut && q.shows(tg, h+k) {
				put(k)
			}
		}
		return
	}
	for k := range n {
		put(k)
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

// litVertex4 is litVertex for four fragments, with the lights of vd.
func litVertex4(vd *vecDraw, br, bg, bb, nx, ny, nz, cv, ch f32x4) (r, g, b f32x4) {
	k := ld(&one4).Div(nx.Mul(nx).Add(ny.Mul(ny)).Add(nz.Mul(nz)).Max(ld(&tiny4)).Sqrt())
	nx, ny, nz, cv, ch = nx.Mul(k), ny.Mul(k), nz.Mul(k), cv.Mul(k), ch.Mul(k)
	// Turned to face the viewer where N·V < 0: the sign bits flipped.
	flip := cv.Less(ld(&zero4)).ToInt32x4().AsUint32x4().And(u32s(1 << 31))
	nx = nx.AsUint32x4().Xor(flip).AsFloat32x4()
	ny = ny.AsUint32x4().Xor(flip).AsFloat32x4()
	nz = nz.AsUint32x4().Xor(flip).AsFloat32x4()
	cv = cv.AsUint32x4().Xor(flip).AsFloat32x4()
	ch = ch.AsUint32x4().Xor(flip).AsFloat32x4()
	lm, lb := &vd.lm, &vd.lb
	dk := pos4(nx.Mul(ld(&lm[0])).Add(ny.Mul(ld(&lm[1]))).Add(nz.Mul(ld(&lm[2]))).Add(ld(&lb[0])))
	df := pos4(nx.Mul(ld(&lm[3])).Add(ny.Mul(ld(&lm[4]))).Add(nz.Mul(ld(&lm[5]))).Add(ld(&lb[1])))
	dr := pos4(nx.Mul(ld(&lm[6])).Add(ny.Mul(ld(&lm[7]))).Add(nz.Mul(ld(&lm[8]))).Add(ld(&lb[2])))
	t := ld(&one4).Sub(cv)
	rim := t.Mul(t).Mul(t).Mul(dr)
	spec := pow40x4(pos4(ch))
	return vd.channel4(0, br, ny, dk, df, spec, rim), vd.channel4(1, bg, ny, dk, df, spec, rim), vd.channel4(2, bb, ny, dk, df, spec, rim)
}

// channel4 is colour channel c of litVertex4, of base colour base.
func (vd *vecDraw) channel4(c int, base, ny, dk, df, spec, rim f32x4) f32x4 {
	lit := ld(&vd.hemiMid[c]).Add(ld(&vd.hemiSlope[c]).Mul(ny)).Add(ld(&vd.key[c]).Mul(dk)).Add(ld(&vd.fill[c]).Mul(df))
	return base.Mul(lit).Add(ld(&vd.spec[c]).Mul(spec)).
		Add(ld(&vd.rim[c]).Mul(rim).Mul(base.Mul(ld(&rimK)).Add(ld(&rimC))))
}

// pos4 is pos for four values.
func pos4(x f32x4) f32x4 { return x.Masked(x.Greater(ld(&zero4))) }

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
func (vd *vecDraw) index4(c f32x4) i32x4 {
	x := c.Mul(ld(&vd.scale)).Add(ld(&half4)).Min(ld(&outMax4))
	return x.ConvertToInt32().Max(i32s(0))
}
