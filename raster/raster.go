package raster

import (
	"runtime"
	"sync"
	"sync/atomic"
)

// Draw is one draw call: triangles of a primitive with one material.
// Draws are drawn in order; Blend materials test depth but do not write
// it, so the engine orders them after the others, far to near.
type Draw struct {
	Verts   []Vertex
	Indices []uint32
	Mat     *Material
	// Base and Emit are the texture levels this draw samples (nil when the
	// material has none).
	Base, Emit *Image
}

// Renderer draws frames with a few goroutines, each taking bands of rows.
// Its buffers are reused: drawing a frame like the last allocates nothing.
// A Renderer draws one frame at a time.
type Renderer struct {
	// Workers is how many goroutines draw (the caller's included); 0 means
	// GOMAXPROCS.
	Workers int

	frame struct {
		t     *Target
		draws []Draw
		l     *Lights
		rows  []uint32 // per triangle of all draws: first row | last row << 16 (from t.Rect.Min.Y), or empty
		start []int    // per draw: its first triangle's index into rows
		bandH int
		bands int32
		next  atomic.Int32
		wg    sync.WaitGroup
	}
	out     output
	work    chan struct{}
	started int
}

// bandRows is the height of a band of rows: small enough that two cores
// share a character's rows evenly, large enough that few triangles are set
// up twice.
const bandRows = 32

// emptyRows marks a triangle that covers no pixel centre of the target.
const emptyRows = 0xffffffff

// Render draws the draws into t (already Reset) with lights l.
func (r *Renderer) Render(t *Target, draws []Draw, l *Lights) {
	f := &r.frame
	f.t, f.draws, f.l = t, draws, l
	r.out.set(l.Exposure)
	r.bin()
	h := t.Rect.Dy()
	f.bandH = bandRows
	f.bands = int32((h + bandRows - 1) / bandRows)
	f.next.Store(0)
	n := r.Workers
	if n <= 0 {
		n = runtime.GOMAXPROCS(0)
	}
	n = min(n, int(f.bands))
	r.startWorkers(n - 1)
	f.wg.Add(n - 1)
	for range n - 1 {
		r.work <- struct{}{}
	}
	r.drawBands()
	f.wg.Wait()
	f.t, f.draws, f.l = nil, nil, nil
}

// startWorkers keeps n goroutines waiting for frames.
func (r *Renderer) startWorkers(n int) {
	if r.work == nil {
		r.work = make(chan struct{})
	}
	for ; r.started < n; r.started++ {
		go func() {
			for range r.work {
				r.drawBands()
				r.frame.wg.Done()
			}
		}()
	}
}

// Close stops the renderer's goroutines.
func (r *Renderer) Close() {
	if r.work != nil {
		close(r.work)
		r.work, r.started = nil, 0
	}
}

// drawBands draws bands until none is left.
func (r *Renderer) drawBands() {
	f := &r.frame
	for {
		b := f.next.Add(1) - 1
		if b >= f.bands {
			return
		}
		y0 := f.t.Rect.Min.Y + int(b)*f.bandH
		r.drawBand(y0, min(y0+f.bandH, f.t.Rect.Max.Y))
	}
}

// bin works out the rows each triangle covers, once for all bands.
func (r *Renderer) bin() {
	f := &r.frame
	n := 0
	f.start = f.start[:0]
	for i := range f.draws {
		f.start = append(f.start, n)
		n += len(f.draws[i].Indices) / 3
	}
	if cap(f.rows) < n {
		f.rows = make([]uint32, n)
	}
	f.rows = f.rows[:n]
	y0, y1 := f.t.Rect.Min.Y, f.t.Rect.Max.Y-1
	k := 0
	for i := range f.draws {
		d := &f.draws[i]
		vs, ind := d.Verts, d.Indices
		for j := 0; j+2 < len(ind); j += 3 {
			a, b, c := vs[ind[j]].DstY, vs[ind[j+1]].DstY, vs[ind[j+2]].DstY
			// Rows whose centre (y + 0.5) lies within the triangle's span.
			lo := max(ceilInt(min(a, b, c)-0.5), y0)
			hi := min(ceilInt(max(a, b, c)-0.5)-1, y1)
			if lo > hi {
				f.rows[k] = emptyRows
			} else {
				f.rows[k] = uint32(lo-y0) | uint32(hi-y0)<<16
			}
			k++
		}
	}
}

// ceilInt is ⌈x⌉, clamped to a range rows and columns never leave.
func ceilInt(x float32) int {
	if !(x > -30000) {
		return -30000
	}
	if x > 30000 {
		return 30000
	}
	i := int(x)
	if float32(i) < x {
		i++
	}
	return i
}

// drawBand draws every triangle's rows within [y0, y1): the opaque and
// masked draws first, nearest first (the reverse of the order they are
// listed in: each draw's triangles run far to near), so that hidden
// fragments fail the depth test before they are shaded; then the blended
// draws in order. Of two fragments at the same depth the one listed later
// shows, as on the GPU.
func (r *Renderer) drawBand(y0, y1 int) {
	f := &r.frame
	for i := len(f.draws) - 1; i >= 0; i-- {
		if f.draws[i].Mat.Alpha != Blend {
			r.drawTriangles(i, y0, y1, true)
		}
	}
	for i := range f.draws {
		if f.draws[i].Mat.Alpha == Blend {
			r.drawTriangles(i, y0, y1, false)
		}
	}
}

// drawTriangles draws draw i's triangles within rows [y0, y1), last first
// when reverse is set.
func (r *Renderer) drawTriangles(i, y0, y1 int, reverse bool) {
	f := &r.frame
	d := &f.draws[i]
	sh := shader{m: d.Mat, l: f.l, base: d.Base, emit: d.Emit, nearer: reverse}
	rows := f.rows[f.start[i] : f.start[i]+len(d.Indices)/3]
	var tri triangle
	for j := range rows {
		k := j
		if reverse {
			k = len(rows) - 1 - j
		}
		rr := rows[k]
		if rr == emptyRows {
			continue
		}
		lo, hi := f.t.Rect.Min.Y+int(rr&0xffff), f.t.Rect.Min.Y+int(rr>>16)
		if hi < y0 || lo >= y1 {
			continue
		}
		ind := d.Indices[3*k : 3*k+3]
		if !tri.setup(&d.Verts[ind[0]], &d.Verts[ind[1]], &d.Verts[ind[2]]) {
			continue
		}
		tri.fill(f.t, &sh, &r.out, max(lo, y0), min(hi, y1-1))
	}
}
