package aec

import (
	"math"
	"math/bits"
	"time"
)

// Config sets up a [Canceller]. Zero fields take the defaults.
type Config struct {
	// Rate is the sample rate of both the microphone and the reference; 16000.
	Rate int
	// FrameMs is the frame length Process is usually called with, to size its
	// buffers (any length works); 10.
	FrameMs int
	// FilterMs is how much of the echo's tail, after the bulk delay, the adaptive
	// filter models; 200. Longer handles livelier rooms, converges more slowly
	// and costs more.
	FilterMs int
	// MaxDelayMs is the longest bulk delay between playback and capture the
	// estimator looks for; 400. Negative turns estimation off: the filter then
	// starts at zero delay and must cover the delay itself.
	MaxDelayMs int
	// SuppressDB is the deepest attenuation of the residual echo suppressor, in
	// dB; 40. Negative turns the suppressor off (the linear filter alone).
	SuppressDB float64
}

func (c *Config) defaults() {
	if c.Rate <= 0 {
		c.Rate = 16000
	}
	if c.FrameMs <= 0 {
		c.FrameMs = 10
	}
	if c.FilterMs <= 0 {
		c.FilterMs = 200
	}
	if c.MaxDelayMs == 0 {
		c.MaxDelayMs = 400
	}
	if c.SuppressDB == 0 {
		c.SuppressDB = 40
	}
}

// Stats is what a canceller knows about how it is doing.
type Stats struct {
	// Delay is the bulk delay the reference is shifted by before the filter.
	Delay time.Duration
	// DelayFound reports that the estimator has locked on to the echo.
	DelayFound bool
	// ERLE is the echo return loss enhancement, in dB, measured over the recent
	// blocks where only the far end was heard; 0 until the filter explains the echo.
	ERLE float64
	// DoubleTalk reports that the last block held near-end speech along with echo.
	DoubleTalk bool
}

// Canceller removes the echo of a far-end reference from a microphone signal,
// frame by frame. Not safe for concurrent use; one per microphone stream.
type Canceller struct {
	cfg        Config
	b, m       int
	ft         *fft
	filt       *filter
	sup        *suppressor
	delay      *delayEstimator // nil when estimation is off
	hist       [][]complex64   // ring of far-end block spectra (scaled 1/n)
	head       int
	xs         [][]complex64 // the filter's partitions, newest first
	bulk       int           // bulk delay in blocks
	xwin, ywin []float32     // the last two blocks of reference and microphone
	yspec      []complex64
	inMic      []float32 // pending input, fewer than b samples after Process
	inRef      []float32
	outQ       []float32 // output not yet returned
	block      []float32
	ret        []int16
	pMic       float64 // smoothed energies for the ERLE estimate
	pOut       float64

	onBlock func(echo, gain []float32) // tests: the echo removed and the gains of each block
}

// New returns a canceller for cfg.
func New(cfg Config) *Canceller {
	cfg.defaults()
	b := 1 << bits.Len(uint(cfg.Rate*4/1000-1)) // 4 ms, rounded up to a power of two
	b = max(b, 16)
	m := max(1, (cfg.FilterMs*cfg.Rate/1000+b-1)/b)
	ft := newFFT(2 * b)
	c := &Canceller{cfg: cfg, b: b, m: m, ft: ft, filt: newFilter(ft, b, m, cfg.Rate),
		sup: newSuppressor(ft, b, cfg.Rate, max(cfg.SuppressDB, 0)), xs: make([][]complex64, m),
		xwin: make([]float32, 2*b), ywin: make([]float32, 2*b), yspec: make([]complex64, b+1),
		block: make([]float32, b)}
	lags := 0
	if cfg.MaxDelayMs > 0 {
		lags = (cfg.MaxDelayMs*cfg.Rate/1000+b-1)/b + 1
		c.delay = newDelayEstimator(lags, b+1, cfg.Rate)
	}
	c.hist = make([][]complex64, lags+m+1)
	for i := range c.hist {
		c.hist[i] = make([]complex64, b+1)
	}
	frame := cfg.FrameMs * cfg.Rate / 1000
	c.inMic = make([]float32, 0, b+frame)
	c.inRef = make([]float32, 0, b+frame)
	c.outQ = make([]float32, 0, 2*b+frame)
	c.ret = make([]int16, 0, frame)
	c.Reset()
	return c
}

// Reset forgets the echo path and the delay, as after the devices changed.
func (c *Canceller) Reset() {
	c.filt.reset()
	c.sup.reset()
	if c.delay != nil {
		c.delay.reset()
	}
	for _, h := range c.hist {
		clear(h)
	}
	clear(c.xwin)
	clear(c.ywin)
	c.bulk, c.pMic, c.pOut = 0, 0, 0
	c.inMic, c.inRef = c.inMic[:0], c.inRef[:0]
	c.outQ = append(c.outQ[:0], make([]float32, c.b-1)...)
}

// Latency is how much later a sample comes out of Process than it went in.
func (c *Canceller) Latency() time.Duration {
	return time.Duration(2*c.b-1) * time.Second / time.Duration(c.cfg.Rate)
}

// Process takes the next microphone frame and the reference played over the
// same span of time (at the same rate; a short reference is padded with
// silence) and returns the microphone with the echo removed: len(mic) samples,
// [Canceller.Latency] late. The returned slice is reused by the next call.
// Process allocates nothing while frames are no longer than Config.FrameMs.
func (c *Canceller) Process(mic, ref []int16) []int16 {
	for i, v := range mic {
		r := float32(0)
		if i < len(ref) {
			r = float32(ref[i])
		}
		c.inMic = append(c.inMic, float32(v))
		c.inRef = append(c.inRef, r)
	}
	b := c.b
	done := 0
	for ; done+b <= len(c.inMic); done += b {
		c.processBlock(c.inMic[done:done+b], c.inRef[done:done+b])
		c.outQ = append(c.outQ, c.block...)
	}
	c.inMic = c.inMic[:copy(c.inMic, c.inMic[done:])]
	c.inRef = c.inRef[:copy(c.inRef, c.inRef[done:])]
	c.ret = c.ret[:0]
	for _, v := range c.outQ[:len(mic)] {
		c.ret = append(c.ret, clamp16(v))
	}
	c.outQ = c.outQ[:copy(c.outQ, c.outQ[len(mic):])]
	return c.ret
}

func clamp16(v float32) int16 {
	switch {
	case v >= math.MaxInt16:
		return math.MaxInt16
	case v <= math.MinInt16:
		return math.MinInt16
	}
	return int16(math.Round(float64(v)))
}

// Stats reports the delay found, the measured ERLE and double talk.
func (c *Canceller) Stats() Stats {
	s := Stats{Delay: time.Duration(c.bulk*c.b) * time.Second / time.Duration(c.cfg.Rate), DoubleTalk: c.filt.dt}
	s.DelayFound = c.delay != nil && c.delay.best >= 0
	if c.pOut > 0 && c.pMic > c.pOut {
		s.ERLE = 10 * math.Log10(c.pMic/c.pOut)
	}
	return s
}
