package raster

// The queued path: where the machine shades four fragments at once (see
// queue_simd.go), a fast-path draw's fragments that pass the depth test
// are not shaded one by one but queued, and shaded when the queue fills.
// The queue holds one draw's fragments, in the order they passed, and
// their pixels are written in that order. An opaque draw's fragment
// writes its depth and draw as it is queued: one queued later at the same
// pixel passed the test against it, and overwrites it, as it would have.
// A masked draw's fragment may yet be cut out, so it writes them only once
// shaded, after testing its depth again against what the fragments before
// it wrote: the test as it is queued, against older depths, lets through
// every fragment the second test passes, and the second decides.

// queueLen is how many fragments a queue holds: two vectors' worth.
const queueLen = 8

// queue is the fragments of one draw waiting to be shaded: for each, its
// pixel's index in the target's buffers and its first eight attributes
// as interpolated (see the attribute slots: its depth, u/w, v/w, N·V/w,
// N·H/w and the normal/w).
type queue struct {
	sh   *shader
	id   uint16 // the draw's (see drawID)
	mask bool   // the draw's material is masked: see the queued path
	n    int
	i    [queueLen]int32
	a    [queueLen][8]float32
}

// hold makes q the queue of the draw numbered id with shader sh, after
// writing the fragments it holds.
func (q *queue) hold(tg *Target, out *output, sh *shader, id uint16) {
	q.flush(tg, out)
	q.sh, q.id, q.mask = sh, id, sh.fd.cut > 0
}

// shows reports whether queued fragment k, once shaded and not cut out,
// shows over what its pixel holds (as fillFast tests it), and writes its
// depth and draw if so.
func (q *queue) shows(tg *Target, k int) bool {
	i, z := int(q.i[k]), q.a[k][aDepth]
	if tg.shows(i, z, q.id) {
		tg.z[i], tg.id[i] = z, q.id
		return true
	}
	return false
}

// queueFor reports whether the draw of shader sh takes the queued path: a
// fast-path draw, on a machine that shades a queue at once (or in tests
// that ask for it).
func queueFor(sh *shader) bool {
	return sh.fast && (vectorShading || queueAlways)
}

// queueAlways makes every draw queueFor accepts take the queued path,
// shaded lane by lane where vectors are not available; for tests.
var queueAlways bool

// push queues the fragment at (fx, fy) from t's vertex 0, of pixel index
// i. The queue is not full.
func (q *queue) push(t *triangle, i int, fx, fy float32) {
	k := q.n & (queueLen - 1)
	q.i[k] = int32(i)
	if vectorShading {
		interpolate8(&q.a[k], t, fx, fy)
	} else {
		a := &q.a[k]
		for s := range a {
			a[s] = t.a0[s] + t.dy[s]*fy + t.dx[s]*fx
		}
	}
	q.n++
}

// flush shades the queued fragments and writes their pixels in order.
func (q *queue) flush(tg *Target, out *output) {
	if q.n == 0 {
		return
	}
	if vectorShading {
		q.shadeVector(tg, out)
	} else {
		for k := range q.n {
			q.shadeLane(tg, out, k)
		}
	}
	q.n = 0
}

// shadeLane shades queued fragment k alone and writes its pixel (unless
// it is cut out or, masked, hidden).
func (q *queue) shadeLane(tg *Target, out *output, k int) {
	a := &q.a[k]
	c, ok := q.sh.shadeAttrs(out, a[aDepth], a[aU], a[aV], a[aR], a[aG], a[aB], a[aS0], a[aS1])
	if q.mask && (!ok || !q.shows(tg, k)) {
		return
	}
	tg.put(int(q.i[k]), c)
}
