package raster

import (
	"runtime"
	"sync/atomic"

	"github.com/kin-companion/kin/internal/par"
)

// Draw is one draw call: triangles of a primitive with one material.
// Draws are drawn in order; Blend materials test depth but do not write
// it, so the engine orders them after the others, far to near.
type Draw struct {
	Verts   []Vertex
	Indices []uint32
	Mat     *Material
	// Base and Emit are the texture levels this draw samples (nil when the
	// material has none); Aux is an MToon material's shade texture or
	// MatCap (see MToon.ShadeTex and MToon.Matcap).
	Base, Emit, Aux *Image
	// Depth is how near the draw is (as Vertex.Custom2: smaller is
	// nearer), say the mean depth of what it covers. The opaque and masked
	// draws are drawn nearest first, so that fewer hidden fragments are
	// shaded; it changes the time a frame takes, not the picture.
	Depth float32
}

// Renderer draws frames with a few goroutines, each taking bands of rows.
// Its buffers are reused: drawing a frame like the last allocates nothing.
// A Renderer draws one frame at a time.
type Renderer struct {
	// Workers is how many goroutines draw (the caller's included); 0 means
	// GOMAXPROCS.
	Workers int

	frame struct {
		t       *Target
		draws   []Draw
		l       *Lights
		shaders []shader  // per draw
		vecs    []vecDraw // per draw, for vector shading
		order   []int32   // the opaque and masked draws in drawing order
		tris    []binned  // the triangles that cover a pixel, in drawing order
		first   []int32   // per band, and one more: where its triangles start in list
		list    []int32   // indices into tris, band after band
		bands   int32
		next    atomic.Int32
		group   par.Group
		open    atomic.Bool  // bands are being drawn: Help may take some
		helping atomic.Int32 // goroutines in Help
	}
	out output
}

// binned is a triangle that covers pixel centres of the target: its draw,
// its first index in the draw's index list, its first and last rows and
// the bands they lie in.
type binned struct {
	draw   int32
	index  int32
	lo, hi int32
	b0, b1 int32
}

// bandRows is the height of a band of rows: small enough that two cores
// share a character's rows evenly, large enough that few triangles are set
// up twice.
const bandRows = 32

// Render draws the draws into t (already Reset) with lights l: the opaque
// and masked draws first, nearest first (by Depth, and of equal depths the
// one listed last first; each draw's triangles, which run far to near, in
// reverse), so that hidden fragments fail the depth test before they are
// shaded; then the blended draws in order. Of two fragments at the same
// depth the one listed later shows, as on the GPU, whatever order they
// were drawn in (see Target).
func (r *Renderer) Render(t *Target, draws []Draw, l *Lights) {
	r.Begin(t, draws, l)
	r.Finish()
}

// Begin readies a frame for Render's drawing: it sets up each draw's
// shading and lists the triangles in each band of rows. Finish (on this
// goroutine or another) draws the bands; Help may draw some of them
// meanwhile.
func (r *Renderer) Begin(t *Target, draws []Draw, l *Lights) {
	f := &r.frame
	f.t, f.draws, f.l = t, draws, l
	r.out.set(l.Exposure)
	f.shaders = f.shaders[:0]
	if cap(f.vecs) < len(draws) {
		f.vecs = make([]vecDraw, len(draws))
	}
	f.vecs = f.vecs[:len(draws)]
	for i := range draws {
		d := &draws[i]
		sh := shader{m: d.Mat, l: l, base: d.Base, emit: d.Emit, aux: d.Aux, nearer: d.Mat.Alpha != Blend}
		if sh.fast = fastFor(d.Mat, d.Base); sh.fast {
			sh.fd = newFastDraw(d.Mat, d.Base)
			if sh.queued = queueFor(&sh); sh.queued {
				sh.vec = &f.vecs[i]
				sh.vec.set(&sh, &r.out)
			}
		}
		f.shaders = append(f.shaders, sh)
	}
	f.bands = int32((t.Rect.Dy() + bandRows - 1) / bandRows)
	r.bin()
	f.next.Store(0)
	f.open.Store(true)
}

// Finish draws the bands of the frame Begin readied, on the calling
// goroutine and helpers, and returns when every band is drawn.
func (r *Renderer) Finish() {
	f := &r.frame
	n := r.Workers
	if n <= 0 {
		n = runtime.GOMAXPROCS(0)
	}
	n = max(min(n, int(f.bands)), 1)
	f.group.Run(n, n, (*bandJob)(r))
	f.open.Store(false)
	for f.helping.Load() != 0 { // a band Help took is being drawn
		runtime.Gosched()
	}
	f.t, f.draws, f.l = nil, nil, nil
}

// Help draws bands of the frame begun (see Begin) on another goroutine,
// until none is left to take, and reports whether there was such a frame.
// Finish returns only once the bands Help took are drawn.
func (r *Renderer) Help() bool {
	f := &r.frame
	f.helping.Add(1)
	defer f.helping.Add(-1)
	if !f.open.Load() {
		return false
	}
	r.drawBands()
	return true
}

// bandJob is a frame's bands drawn by several goroutines ([par.Job]):
// each takes bands until none is left.
type bandJob Renderer

// Part draws bands until none is left.
func (j *bandJob) Part(int) { (*Renderer)(j).drawBands() }

// drawBands draws bands until none is left.
func (r *Renderer) drawBands() {
	f := &r.frame
	for {
		b := f.next.Add(1) - 1
		if b >= f.bands {
			return
		}
		r.drawBand(b)
	}
}

// bin lists the triangles that cover pixel centres in drawing order (see
// Render) and, for each band of rows, those that reach into it.
func (r *Renderer) bin() {
	f := &r.frame
	f.tris = f.tris[:0]
	nb := int(f.bands)
	f.first = grow(f.first, nb+1) // first[b+1] counts band b's triangles, then sums them
	clear(f.first)
	for _, i := range r.opaqueOrder() {
		r.binDraw(int(i), true)
	}
	for i := range f.draws {
		if f.draws[i].Mat.Alpha == Blend {
			r.binDraw(i, false)
		}
	}
	for b := 1; b <= nb; b++ {
		f.first[b] += f.first[b-1]
	}
	f.list = grow(f.list, int(f.first[nb]))
	fill := f.first[:nb] // advanced as the bands fill, then moved back
	for k := range f.tris {
		t := &f.tris[k]
		for b := t.b0; b <= t.b1; b++ {
			f.list[fill[b]] = int32(k)
			fill[b]++
		}
	}
	copy(f.first[1:], f.first[:nb])
	f.first[0] = 0
}

// opaqueOrder lists the opaque and masked draws nearest first by Depth, of
// equal depths the one listed last first (an insertion sort: a frame has a
// few draws). With more draws than a Target tells apart, in the reverse of
// the order listed.
func (r *Renderer) opaqueOrder() []int32 {
	f := &r.frame
	f.order = f.order[:0]
	for i := len(f.draws) - 1; i >= 0; i-- {
		if f.draws[i].Mat.Alpha != Blend {
			f.order = append(f.order, int32(i))
		}
	}
	if len(f.draws) >= maxDrawID {
		return f.order
	}
	o := f.order
	for i := 1; i < len(o); i++ {
		for j := i; j > 0 && f.draws[o[j]].Depth < f.draws[o[j-1]].Depth; j-- {
			o[j], o[j-1] = o[j-1], o[j]
		}
	}
	return o
}

// drawID is the number draw i of a frame marks its pixels with (see
// Target): its place in the list, counted from 1.
func drawID(i int32) uint16 { return uint16(min(i+1, maxDrawID)) }

// binDraw adds draw i's triangles that cover pixel centres to the list,
// last first when reverse is set, and counts them in the bands they reach.
func (r *Renderer) binDraw(i int, reverse bool) {
	f := &r.frame
	d := &f.draws[i]
	vs, ind := d.Verts, d.Indices
	n := len(ind) / 3
	y0 := f.t.Rect.Min.Y
	top, bottom := float64(y0), float64(f.t.Rect.Max.Y) // the target's rows' bounds
	for j := range n {
		k := j
		if reverse {
			k = n - 1 - j
		}
		a, b, c := vs[ind[3*k]].DstY, vs[ind[3*k+1]].DstY, vs[ind[3*k+2]].DstY
		// Rows whose centre (y + 0.5) lies within the triangle's span and
		// the target's: ⌈max(top, min − ½)⌉ to ⌈min(bottom, max − ½)⌉ − 1,
		// as span finds columns (a triangle with a NaN may be listed:
		// setup refuses it).
		l, r := top, bottom
		if y := float64(min3(a, b, c) - 0.5); y > l {
			l = y
		}
		if y := float64(max3(a, b, c) - 0.5); y < r {
			r = y
		}
		if !(l < r) {
			continue
		}
		lo, hi := ceilIn(l), ceilIn(r)-1
		if lo > hi {
			continue
		}
		b0, b1 := int32(uint(lo-y0)/bandRows), int32(uint(hi-y0)/bandRows)
		f.tris = append(f.tris, binned{draw: int32(i), index: int32(3 * k), lo: int32(lo), hi: int32(hi), b0: b0, b1: b1})
		for b := b0; b <= b1; b++ {
			f.first[b+1]++
		}
	}
}

// grow returns s with length n, reallocated only when too small.
func grow(s []int32, n int) []int32 {
	if cap(s) < n {
		return make([]int32, n)
	}
	return s[:n]
}

// min3 and max3 are the builtins min and max of three float32s without
// their care for NaN and signed zeros, which costs several instructions:
// with a NaN among them they return a NaN or another of the three.
func min3(a, b, c float32) float32 {
	if b < a {
		a = b
	}
	if c < a {
		a = c
	}
	return a
}

// max3 is max(a, b, c) likewise.
func max3(a, b, c float32) float32 {
	if b > a {
		a = b
	}
	if c > a {
		a = c
	}
	return a
}

// ceilRange bounds the rows and columns ceilIn rounds: callers clamp to
// the target's, which lie well within it.
const ceilRange = 30000

// ceilIn is ⌈x⌉ for x within ±ceilRange: truncating a positive number
// floors it, and ⌈x⌉ = R − ⌊R − x⌋ (R − x rounds, so an x a hair above an
// integer counts as that integer, alike for every triangle).
func ceilIn(x float64) int { return ceilRange - int(ceilRange-x) }

// drawBand draws band b's rows of every triangle that reaches into it.
func (r *Renderer) drawBand(b int32) {
	f := &r.frame
	y0 := f.t.Rect.Min.Y + int(b)*bandRows
	y1 := min(y0+bandRows, f.t.Rect.Max.Y) - 1
	var tri triangle
	var q queue
	tri.clip(f.t.Rect.Min.X, f.t.Rect.Max.X)
	for _, k := range f.list[f.first[b]:f.first[b+1]] {
		t := &f.tris[k]
		d := &f.draws[t.draw]
		ind := (*[3]uint32)(d.Indices[t.index:])
		if !tri.setup(&d.Verts[ind[0]], &d.Verts[ind[1]], &d.Verts[ind[2]]) {
			continue
		}
		sh := &f.shaders[t.draw]
		id, lo, hi := drawID(t.draw), max(int(t.lo), y0), min(int(t.hi), y1)
		if q.sh != sh { // the queue holds one draw's fragments, written before any other's
			q.hold(f.t, &r.out, sh, id)
		}
		switch {
		case sh.queued:
			tri.fillFast(f.t, sh, &q, &r.out, id, lo, hi)
		case sh.fast:
			tri.fillFast(f.t, sh, nil, &r.out, id, lo, hi)
		default:
			tri.fill(f.t, sh, &r.out, id, lo, hi)
		}
	}
	q.flush(f.t, &r.out)
}
