package aec

import "math"

// Tuning of the suppressor, on the synthetic rooms of the tests: the residual
// echo is taken to be at least 12% of the echo estimate (the speaker's
// distortion and the filter's misadjustment that the leak does not see), and is
// subtracted seven times over; this keeps the user's voice within about 4 dB
// during double talk and lets ≥ 90% of it through the level gate after
// (TestEchoStage), while a changed echo path is ≥ 25 dB down within a second.
const (
	resFloor     = 0.12
	overSubtract = 7
)

// suppressor removes the echo the linear filter leaves: per frequency bin, a
// gain that takes away the estimated residual echo power from the error's power
// (spectral subtraction with over-subtraction, floored at minGain). The residual
// echo is the filter's own echo estimate scaled by its leak, held with a decay
// that follows a room's reverberation, and spread to neighbouring bins for the
// speaker's distortion. Analysis and synthesis use a square-root Hann window over
// two blocks, overlap-added, so the output lags the input by one block.
type suppressor struct {
	b, bins int
	ft      *fft
	win     []float32 // 2b, sin(πi/2b): squares add to one at a hop of b
	wave    []float32
	spec    []complex64
	ePow    []float32 // |E|² of the windowed error
	resid   []float32 // residual echo power estimate
	gain    []float32
	minGain float32
	decay   float32
	err     ola // the error's analysis/synthesis state
	echo    ola // the echo estimate's analysis state (never synthesised)
}

// ola is one signal's overlap-add state: its previous block and the tail that the
// next output adds.
type ola struct{ prev, tail []float32 }

func newOLA(b int) ola { return ola{prev: make([]float32, b), tail: make([]float32, b)} }

func newSuppressor(ft *fft, b, rate int, suppressDB float64) *suppressor {
	s := &suppressor{b: b, bins: b + 1, ft: ft, win: make([]float32, 2*b), wave: make([]float32, 2*b),
		spec: make([]complex64, b+1), ePow: make([]float32, b+1), resid: make([]float32, b+1),
		gain: make([]float32, b+1), err: newOLA(b), echo: newOLA(b)}
	for i := range s.win {
		s.win[i] = float32(math.Sin(math.Pi * float64(i) / float64(2*b)))
	}
	s.minGain = float32(math.Pow(10, -suppressDB/20))
	// The residual's hold falls 60 dB in 300 ms: a lively room's reverberation.
	s.decay = float32(math.Pow(10, -6*float64(b)/float64(rate)/0.3))
	for i := range s.gain {
		s.gain[i] = 1
	}
	return s
}

func (s *suppressor) reset() {
	clear(s.resid)
	for _, o := range []ola{s.err, s.echo} {
		clear(o.prev)
		clear(o.tail)
	}
	for i := range s.gain {
		s.gain[i] = 1
	}
}

// analyse writes the spectrum of the windowed last two blocks of a signal whose
// newest block is v, and remembers v.
func (s *suppressor) analyse(o *ola, v []float32) {
	for i := range s.b {
		s.wave[i] = s.win[i] * o.prev[i]
		s.wave[s.b+i] = s.win[s.b+i] * v[i]
	}
	copy(o.prev, v)
	s.ft.forward(s.spec, s.wave)
}

// synthesise applies gain to s.spec and overlap-adds the result into out (b
// samples): the block before the one analysed last.
func (s *suppressor) synthesise(o *ola, out []float32, gain []float32) {
	for k, g := range gain {
		s.spec[k] *= complex(g, 0)
	}
	s.ft.inverse(s.wave, s.spec)
	for i := range s.b {
		out[i] = o.tail[i] + s.win[i]*s.wave[i]
		o.tail[i] = s.win[s.b+i] * s.wave[s.b+i]
	}
}

// process suppresses the residual echo in e, given the filter's echo estimate y
// and leak, and writes the previous block's result to out.
func (s *suppressor) process(out, e, y []float32, leak float64) {
	s.analyse(&s.echo, y)
	l := float32(min(max(2*leak, resFloor), 1))
	for k, z := range s.spec {
		r := l * abs2(z)
		s.resid[k] = max(r, s.decay*s.resid[k])
	}
	s.analyse(&s.err, e)
	for k, z := range s.spec {
		s.ePow[k] = abs2(z)
	}
	s.gains()
	s.synthesise(&s.err, out, s.gain)
}

// gains sets the gain of every bin from the residual echo around it.
func (s *suppressor) gains() {
	last := s.bins - 1
	for k := range s.bins {
		r := s.resid[k]
		r = max(r, 0.5*s.resid[max(k-1, 0)], 0.5*s.resid[min(k+1, last)])
		g := 1 - overSubtract*r/(s.ePow[k]+1e-3)
		s.gain[k] = min(max(g, s.minGain), 1)
	}
}
