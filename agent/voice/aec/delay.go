package aec

import "math/cmplx"

// delayEstimator finds the bulk delay between the far-end reference and its echo
// in the microphone, in blocks, by GCC-PHAT over the block spectra both already
// have: for every candidate lag it keeps a running average of the
// phase-only cross-spectrum conj(X[t-lag])·Y[t]/|X||Y| over the speech band. At
// the lag of the echo path the phases agree from block to block and the average
// stays large; elsewhere it averages towards zero.
type delayEstimator struct {
	lags   int
	lo, hi int           // bins used
	xn     [][]complex64 // ring of phase-only far-end spectra, [lags][hi-lo]
	yn     []complex64
	head   int
	phi    [][]complex64 // running cross-spectra, [lags][hi-lo]
	score  []float32
	alpha  complex64
	active int // blocks with far-end sound seen since the last decision
	best   int // the lag found, -1 until one is
	cand   int
	stable int
}

func newDelayEstimator(lags, bins, rate int) *delayEstimator {
	n := 2 * (bins - 1)
	lo := max(1, 300*n/rate)
	hi := min(bins-1, 4000*n/rate+1)
	d := &delayEstimator{lags: lags, lo: lo, hi: hi, xn: make([][]complex64, lags),
		phi: make([][]complex64, lags), score: make([]float32, lags), yn: make([]complex64, hi-lo)}
	for i := range lags {
		d.xn[i] = make([]complex64, hi-lo)
		d.phi[i] = make([]complex64, hi-lo)
	}
	// A time constant of about 0.25 s of far-end sound.
	d.alpha = complex(float32(n/2)/float32(rate)/0.25, 0)
	d.reset()
	return d
}

func (d *delayEstimator) reset() {
	for i := range d.lags {
		clear(d.xn[i])
		clear(d.phi[i])
	}
	d.active, d.best, d.cand, d.stable = 0, -1, -1, 0
}

// phase writes z/|z| for the bins used, 0 where z is 0.
func (d *delayEstimator) phase(dst, spec []complex64) {
	for i, z := range spec[d.lo:d.hi] {
		m := float32(cmplx.Abs(complex128(z)))
		if m == 0 {
			dst[i] = 0
			continue
		}
		dst[i] = z / complex(m, 0)
	}
}

// push takes the spectra of this block's reference x and microphone y; active
// says both carry sound. It reports true when the estimate changed.
func (d *delayEstimator) push(x, y []complex64, active bool) bool {
	d.head = (d.head + 1) % d.lags
	d.phase(d.xn[d.head], x)
	if !active {
		return false
	}
	d.phase(d.yn, y)
	for lag := range d.lags {
		xs := d.xn[(d.head-lag+d.lags)%d.lags]
		phi := d.phi[lag]
		for i, yv := range d.yn {
			phi[i] += d.alpha * (conj(xs[i])*yv - phi[i])
		}
	}
	d.active++
	if d.active%16 != 0 || d.active < 48 {
		return false
	}
	return d.decide()
}

// decide picks the lag where the echo starts: the earliest lag, at or before
// the most coherent one, still at least half as coherent — in a reverberant
// room the peak can wander over the early reflections, the onset does not. The
// peak must stand clearly above the average, and the onset must be the same
// three times in a row and at least two blocks from the current estimate to replace it.
func (d *delayEstimator) decide() bool {
	var sum float32
	top := 0
	for lag, phi := range d.phi {
		var s float32
		for _, v := range phi {
			s += float32(cmplx.Abs(complex128(v)))
		}
		d.score[lag] = s
		sum += s
		if s > d.score[top] {
			top = lag
		}
	}
	if d.score[top] < 2*sum/float32(d.lags) {
		d.stable = 0
		return false
	}
	onset := top
	for onset > 0 && d.score[onset-1] >= 0.5*d.score[top] {
		onset--
	}
	if onset != d.cand {
		d.cand, d.stable = onset, 0
	}
	d.stable++
	if d.stable < 3 || d.best >= 0 && abs(onset-d.best) < 2 {
		return false
	}
	d.best = onset
	return true
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}
