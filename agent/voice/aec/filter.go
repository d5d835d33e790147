package aec

import "math"

// Constants of the adaptive filter, as in speexdsp's MDF (values in 16-bit
// sample units, spectra scaled by 1/n).
const (
	minLeak      = 0.005 // the filter is not expected to do better than ~33 dB alone
	var1Update   = 0.5
	var2Update   = 0.25
	varBacktrack = 4.0
)

// filter is a partitioned-block frequency-domain adaptive filter (MDF) of m
// partitions of b samples, run as two paths: bg adapts on every block, fg makes
// the output and takes bg's weights only when bg is significantly better
// (and bg falls back to fg when it is significantly worse — double talk made it
// learn the user's voice). The step size of each bin follows the estimated
// residual echo (Valin's learning rate), so adaptation slows when the error is
// mostly near-end speech.
type filter struct {
	b, bins, m int
	ft         *fft
	bg, fg     [][]complex64 // [m][bins] weights
	prop       []float32     // proportionate share of the step per partition
	spec       []complex64   // scratch spectrum
	grad       []complex64
	errSpec    []complex64 // background error, zero-padded, as a spectrum
	rotate     int         // partition whose gradient is constrained next
	wave       []float32   // scratch, 2b
	yBg, yFg   []float32   // echo estimates of the block, b
	eBg        []float32   // background error, b
	out        []float32   // the output error (foreground), b
	echo       []float32   // the foreground echo estimate, b
	rf, yf     []float32   // |E|², |Ŷ|² of the block, bins
	power      []float32   // far-end power per bin, for normalising the step
	step       []float32   // learning rate per bin
	eh, yh     []float32   // smoothed rf and yf, for the leak estimate

	pey, pyy                    float64
	leak                        float64
	adapted                     bool
	sumAdapt                    float64
	davg1, davg2, dvar1, dvar2  float64
	spectralAvg, beta0, betaMax float64
	saturated                   int
	talk                        *talkDetector
	dt                          bool // the last block held double talk
	fast, fastBlocks            int  // blocks left of fast re-learning after the path moved; its length
	farEnv                      float64
}

func newFilter(ft *fft, b, m, rate int) *filter {
	bins := b + 1
	f := &filter{b: b, bins: bins, m: m, ft: ft,
		bg: make([][]complex64, m), fg: make([][]complex64, m), prop: make([]float32, m),
		spec: make([]complex64, bins), grad: make([]complex64, bins), errSpec: make([]complex64, bins), wave: make([]float32, 2*b),
		yBg: make([]float32, b), yFg: make([]float32, b), eBg: make([]float32, b),
		out: make([]float32, b), echo: make([]float32, b),
		rf: make([]float32, bins), yf: make([]float32, bins),
		power: make([]float32, bins), step: make([]float32, bins),
		eh: make([]float32, bins), yh: make([]float32, bins)}
	for i := range m {
		f.bg[i] = make([]complex64, bins)
		f.fg[i] = make([]complex64, bins)
	}
	f.talk = newTalkDetector(b, rate)
	f.fastBlocks = 3 * rate / 2 / b
	f.spectralAvg = float64(b) / float64(rate)
	f.beta0 = 8 * float64(b) / float64(rate) // four times speexdsp's: re-converges within a second
	f.betaMax = 2 * float64(b) / float64(rate)
	f.reset()
	return f
}

// reset forgets everything learnt.
func (f *filter) reset() {
	for i := range f.bg {
		clear(f.bg[i])
		clear(f.fg[i])
		f.prop[i] = 0.8 / float32(f.m)
	}
	clear(f.power)
	clear(f.eh)
	clear(f.yh)
	f.pey, f.pyy, f.leak = 1, 1, minLeak
	f.adapted, f.sumAdapt = false, 0
	f.davg1, f.davg2, f.dvar1, f.dvar2 = 0, 0, 0, 0
	f.talk.reset()
	f.dt, f.fast = false, 0
}

// shift moves the weights by d partitions, when the bulk delay in front of the
// filter grew by d blocks (or shrank, d < 0): what partition m+d modelled, m now does.
func (f *filter) shift(d int) {
	for _, w := range [][][]complex64{f.bg, f.fg} {
		if d > 0 {
			for i := range f.m {
				if i+d < f.m {
					copy(w[i], w[i+d])
				} else {
					clear(w[i])
				}
			}
		} else if d < 0 {
			for i := f.m - 1; i >= 0; i-- {
				if i+d >= 0 {
					copy(w[i], w[i+d])
				} else {
					clear(w[i])
				}
			}
		}
	}
	f.davg1, f.davg2, f.dvar1, f.dvar2 = 0, 0, 0, 0
	if d != 0 { // the echo path moved: learn fast again, and trust nothing learnt about it
		f.pey = f.pyy
		f.leak = 1
		if d > 2 || d < -2 { // more than the estimator wavering over early reflections
			f.fast = f.fastBlocks
		}
		f.talk.reset()
	}
}

// respond writes the last b samples of the echo estimate of weights w for the
// far-end partitions x into y.
func (f *filter) respond(y []float32, w, x [][]complex64) {
	spec := f.spec
	clear(spec)
	for p := range f.m {
		wp, xp := w[p][:len(spec)], x[p][:len(spec)] // lengths known: no bounds checks below
		for k := range spec {
			spec[k] += wp[k] * xp[k]
		}
	}
	f.ft.inverse(f.wave, f.spec)
	scale := float32(2 * f.b) // spectra are scaled by 1/n
	for i := range y {
		y[i] = f.wave[f.b+i] * scale
	}
}

// process runs one block: mic is the microphone (b samples), x the far-end
// spectra of the filter's partitions (x[0] the most recent). It leaves the
// output in f.out and the echo it removed in f.echo.
func (f *filter) process(mic []float32, x [][]complex64, xEnergy float64) {
	f.respond(f.yFg, f.fg, x)
	f.respond(f.yBg, f.bg, x)
	var sff, see, dbf, sdd, syy float64
	for i, v := range mic {
		ef, eb := v-f.yFg[i], v-f.yBg[i]
		f.out[i], f.eBg[i] = ef, eb
		sff += float64(ef * ef)
		see += float64(eb * eb)
		dbf += float64((ef - eb) * (ef - eb))
		sdd += float64(v * v)
		syy += float64(f.yFg[i] * f.yFg[i])
	}
	if !(sff < 1e4*(sdd+1e6)) { // diverged (or NaN): start again
		f.reset()
		copy(f.out, mic)
		clear(f.echo)
		return
	}
	f.normalise(x)
	f.dt = f.talk.update(sdd, syy, sff, f.farEnv, xEnergy > farFloor*float64(f.b), farFloor*float64(f.b))
	f.twoPath(mic, sff, see, dbf+10)
	for i, v := range mic {
		if v >= 32000 || v <= -32000 {
			f.saturated = 3
		}
		f.echo[i] = v - f.out[i]
	}
	f.learnRate(xEnergy)
	if f.saturated > 0 {
		f.saturated--
		return
	}
	if f.dt {
		return
	}
	f.adapt(x)
	f.adjustProp()
}

// twoPath decides whether the foreground takes the background's weights, or the
// background goes back to the foreground's.
func (f *filter) twoPath(mic []float32, sff, see, dbf float64) {
	d := sff - see
	f.davg1 = 0.6*f.davg1 + 0.4*d
	f.davg2 = 0.85*f.davg2 + 0.15*d
	f.dvar1 = 0.36*f.dvar1 + 0.16*sff*dbf
	f.dvar2 = 0.7225*f.dvar2 + 0.0225*sff*dbf
	switch {
	case f.dt: // neither filter changes while the user speaks
	case d*math.Abs(d) > sff*dbf, f.davg1*math.Abs(f.davg1) > var1Update*f.dvar1,
		f.davg2*math.Abs(f.davg2) > var2Update*f.dvar2:
		f.davg1, f.davg2, f.dvar1, f.dvar2 = 0, 0, 0, 0
		for i := range f.m {
			copy(f.fg[i], f.bg[i])
		}
		for i := range f.out { // cross-fade to the better filter within the block
			a := float32(i+1) / float32(f.b)
			f.out[i] = (1-a)*f.out[i] + a*f.eBg[i]
		}
	case -d*math.Abs(d) > varBacktrack*sff*dbf, -f.davg1*math.Abs(f.davg1) > varBacktrack*f.dvar1,
		-f.davg2*math.Abs(f.davg2) > varBacktrack*f.dvar2:
		f.davg1, f.davg2, f.dvar1, f.dvar2 = 0, 0, 0, 0
		for i := range f.m {
			copy(f.bg[i], f.fg[i])
		}
		copy(f.yBg, f.yFg)
		for i, v := range mic {
			f.eBg[i] = v - f.yBg[i]
		}
	}
}
