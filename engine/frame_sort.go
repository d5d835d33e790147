package engine

// sortBuckets is the depth resolution of the back-to-front sort of a
// primitive's triangles.
const sortBuckets = 4096

// depthKey is the sort bucket of a triangle whose vertices' depths (in
// [0, 1], see View.depthCoeffs) sum to d: the farthest first.
func depthKey(d float32) uint16 {
	m := d / 3
	if m < 0 { // comparisons, not min and max: those also order NaNs
		m = 0
	} else if m > 1 {
		m = 1
	}
	return uint16(sortBuckets - 1 - int(m*(sortBuckets-1)))
}

// sortBackToFront orders triangles from far to near with a counting sort on
// their mean depth (their buckets written to b.keys as they were kept), so
// overlapping blended layers compose correctly, and of two opaque surfaces
// closer than the depth test resolves (a 1020th of the model's depth) the
// nearer is drawn last and shows. Only the buckets between the nearest and
// the farthest triangle are counted: a small part spans a few of them.
func (b *builder) sortBackToFront(ind []uint32) {
	n := len(ind) / 3
	keys := b.keys[:n]
	lo, hi := uint16(sortBuckets-1), uint16(0)
	for _, k := range keys {
		lo, hi = min(lo, k), max(hi, k)
	}
	count := b.count[lo : int(hi)+1]
	clear(count)
	for _, k := range keys {
		count[k-lo]++
	}
	sum := int32(0)
	for k := range count {
		c := count[k]
		count[k] = sum
		sum += c
	}
	tmp := b.tmp[:len(ind)]
	for t, k := range keys {
		j := count[k-lo] * 3
		count[k-lo]++
		tmp[j], tmp[j+1], tmp[j+2] = ind[3*t], ind[3*t+1], ind[3*t+2]
	}
	copy(ind, tmp)
}
