package aec

import "math"

// spectrum writes the spectrum, scaled by 1/n, of b zeros followed by v.
func (f *filter) spectrum(dst []complex64, v []float32) {
	clear(f.wave[:f.b])
	copy(f.wave[f.b:], v)
	f.ft.forward(dst, f.wave)
	scale := complex(1/float32(2*f.b), 0)
	for k := range dst {
		dst[k] *= scale
	}
}

// learnRate sets the step of each bin from the residual echo the background
// filter is estimated to leave (Valin, "On adjusting the learning rate in
// frequency domain echo cancellation with double-talk", 2007): the leak is the
// regression of the error's power on the echo estimate's, per bin, over time.
func (f *filter) learnRate(sxx float64) {
	f.spectrum(f.errSpec, f.eBg)
	f.spectrum(f.spec, f.yBg)
	var pey, pyy float64
	for k := range f.bins {
		f.rf[k] = abs2(f.errSpec[k])
		f.yf[k] = abs2(f.spec[k])
		eh, yh := float64(f.rf[k]-f.eh[k]), float64(f.yf[k]-f.yh[k])
		pey += eh * yh
		pyy += yh * yh
		a := float32(f.spectralAvg)
		f.eh[k] = (1-a)*f.eh[k] + a*f.rf[k]
		f.yh[k] = (1-a)*f.yh[k] + a*f.yf[k]
	}
	var syy, see, sey float64
	for i, e := range f.eBg {
		y := f.yBg[i]
		syy += float64(y * y)
		see += float64(e * e)
		sey += float64(e * y)
	}
	see = max(see, float64(2*f.b)*100)
	f.updateLeak(pey, pyy, syy, see)
	rer := min(max((0.0001*sxx+3*f.leak*syy)/see, sey*sey/(1+see*syy)), 0.5)
	if !f.adapted && f.sumAdapt > float64(f.m) && f.leak*syy > 0.03*syy {
		f.adapted = true
	}
	if f.adapted {
		floor := float32(stepFloor)
		if f.fast > 0 {
			f.fast--
			floor = fastStepFloor
		}
		for k := range f.bins {
			e := f.rf[k] + 1
			r := min(float32(f.leak)*f.yf[k], 0.5*e)
			r = max(0.7*r+0.3*float32(rer)*e, floor*e)
			f.step[k] = r / (e*f.power[k] + 10)
		}
		return
	}
	rate := 0.0
	if sxx > float64(2*f.b)*1000 {
		rate = min(0.5*sxx, 0.5*see) / see
	}
	for k := range f.bins {
		f.step[k] = float32(rate) / (f.power[k] + 10)
	}
	f.sumAdapt += rate
}

// stepFloor is the least learning rate outside double talk. speexdsp's rule alone
// re-learns a changed echo path in seconds, because the leak it trusts is
// learnt on the old path; the double-talk detector makes a floor safe.
// For 1.5 s after the echo path moved (the bulk delay changed by more than the
// estimator's wavering) the floor is fastStepFloor: with
// it the harshest synthetic room (reverberation louder than the direct sound,
// hard clipping) is re-learnt to ≥ 25 dB within a second; at 0.2 it reached only
// 22.6 dB. Kept all the time, the faster floor would learn the user's first
// syllables before the double-talk detector sees them (TestEchoStage).
const (
	stepFloor     = 0.2
	fastStepFloor = 0.7
)

// normalise sets f.power to the far-end power each bin's step is divided by:
// the partitions' powers weighted by their share of the step (proportionate
// NLMS). Unlike a running average it follows speech onsets at once, so a loud
// first syllable cannot throw the weights off.
// It also sets f.farEnv, the far-end energy under the filter weighted by a
// room-like decay, which the double-talk detector compares the microphone with.
func (f *filter) normalise(x [][]complex64) {
	clear(f.power)
	f.farEnv = 0
	w := 1.0
	for p, xp := range x {
		s := f.prop[p]
		var e float32
		for k, v := range xp {
			a := abs2(v)
			f.power[k] += s * a
			e += a
		}
		f.farEnv += w * float64(e)
		w *= 0.8
	}
}

// updateLeak folds this block's regression into the running leak estimate.
func (f *filter) updateLeak(pey, pyy, syy, see float64) {
	pyy = math.Sqrt(pyy)
	if pyy > 0 {
		pey /= pyy
	}
	alpha := min(f.beta0*syy, f.betaMax*see) / see
	f.pey = (1-alpha)*f.pey + alpha*pey
	f.pyy = (1-alpha)*f.pyy + alpha*pyy
	f.pyy = max(f.pyy, 1)
	f.pey = min(max(f.pey, minLeak*f.pyy), f.pyy)
	f.leak = f.pey / f.pyy
}

// adapt moves the background weights along the constrained gradient. Partition 0
// and two others in turn get the gradient constraint (an IFFT, zeroing the
// wrap-around half, an FFT); the rest take the unconstrained gradient, as in
// speexdsp's alternately-updated MDF: a fraction of the cost for nearly the
// same convergence.
func (f *filter) adapt(x [][]complex64) {
	for p := range f.m {
		g, s := f.grad, f.prop[p]
		xp, step, e := x[p][:len(g)], f.step[:len(g)], f.errSpec[:len(g)]
		for k := range g {
			g[k] = complex(step[k]*s, 0) * conj(xp[k]) * e[k]
		}
		if p == 0 || p == f.rotate || p == (f.rotate+f.m/2)%f.m {
			f.ft.inverse(f.wave, g)
			clear(f.wave[f.b:])
			f.ft.forward(g, f.wave)
		}
		w := f.bg[p][:len(g)]
		for k := range w {
			w[k] += g[k]
		}
	}
	f.rotate = (f.rotate + 1) % f.m
}

// adjustProp shares the step between partitions in proportion to the energy of
// their weights (proportionate NLMS), which speeds up learning the sparse,
// decaying impulse responses of rooms.
func (f *filter) adjustProp() {
	maxSum, sum := float32(1), float32(1)
	for p, w := range f.bg {
		t := float32(1)
		for _, v := range w {
			t += abs2(v)
		}
		f.prop[p] = float32(math.Sqrt(float64(t)))
		maxSum = max(maxSum, f.prop[p])
	}
	for p := range f.prop {
		f.prop[p] += 0.1 * maxSum
		sum += f.prop[p]
	}
	for p := range f.prop {
		f.prop[p] = 0.99 * f.prop[p] / sum
	}
}
