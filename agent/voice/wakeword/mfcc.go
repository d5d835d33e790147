package wakeword

import (
	"math"
	"math/cmplx"
)

// Feature extraction as rustpotter does it (protocols.md §E): 16 kHz input, 30 ms
// frames every 10 ms, pre-emphasis 0.97, Hamming window, FFT magnitude, a triangular
// mel bank with as many filters as coefficients, ln, DCT, coefficient 0 dropped.
const (
	Rate     = 16000
	frameLen = 480 // 30 ms
	hop      = 160 // 10 ms
	fftLen   = 512
	nMel     = 16
	// Dims is the length of a feature vector.
	Dims = nMel - 1
)

// mfcc computes feature frames; it keeps the tail of the stream between calls.
type mfcc struct {
	window []float64
	bank   [][]float64 // [filter][bin]
	dct    [][]float64 // [coef][filter]
	buf    []float64   // pending samples (pre-emphasised)
	prev   float64     // last raw sample, for pre-emphasis
	spec   []complex128
}

func newMFCC() *mfcc {
	m := &mfcc{window: make([]float64, frameLen), spec: make([]complex128, fftLen)}
	for i := range m.window {
		m.window[i] = 0.54 - 0.46*math.Cos(2*math.Pi*float64(i)/float64(frameLen-1))
	}
	mel := func(f float64) float64 { return 2595 * math.Log10(1+f/700) }
	inv := func(m float64) float64 { return 700 * (math.Pow(10, m/2595) - 1) }
	lo, hi := mel(60), mel(Rate/2)
	edges := make([]float64, nMel+2)
	for i := range edges {
		edges[i] = inv(lo+(hi-lo)*float64(i)/float64(nMel+1)) * fftLen / Rate
	}
	m.bank = make([][]float64, nMel)
	for f := range m.bank {
		m.bank[f] = make([]float64, fftLen/2+1)
		for b := range m.bank[f] {
			x := float64(b)
			switch {
			case x > edges[f] && x <= edges[f+1]:
				m.bank[f][b] = (x - edges[f]) / (edges[f+1] - edges[f])
			case x > edges[f+1] && x < edges[f+2]:
				m.bank[f][b] = (edges[f+2] - x) / (edges[f+2] - edges[f+1])
			}
		}
	}
	m.dct = make([][]float64, nMel)
	for k := range m.dct {
		m.dct[k] = make([]float64, nMel)
		for n := range m.dct[k] {
			m.dct[k][n] = math.Cos(math.Pi * float64(k) * (float64(n) + 0.5) / nMel)
		}
	}
	return m
}

// write appends the features of every complete frame of pcm to out, with each
// frame's energy (dBFS) to energy.
func (m *mfcc) write(pcm []int16, out [][]float32, energy []float64) ([][]float32, []float64) {
	for _, s := range pcm {
		x := float64(s) / 32768
		m.buf = append(m.buf, x-0.97*m.prev)
		m.prev = x
	}
	for len(m.buf) >= frameLen {
		f, e := m.frame(m.buf[:frameLen])
		out, energy = append(out, f), append(energy, e)
		m.buf = m.buf[hop:]
	}
	m.buf = append(m.buf[:0:0], m.buf...)
	return out, energy
}

//go:norace
func (m *mfcc) frame(x []float64) ([]float32, float64) {
	var pow float64
	for i := range m.spec {
		m.spec[i] = 0
		if i < frameLen {
			m.spec[i] = complex(x[i]*m.window[i], 0)
			pow += x[i] * x[i]
		}
	}
	fft(m.spec)
	var mels [nMel]float64
	for f, w := range m.bank {
		var e float64
		for b, g := range w {
			if g != 0 {
				e += g * cmplx.Abs(m.spec[b])
			}
		}
		mels[f] = math.Log(e + 1e-10)
	}
	out := make([]float32, Dims)
	for k := 1; k < nMel; k++ {
		var c float64
		for n, v := range mels {
			c += m.dct[k][n] * v
		}
		out[k-1] = float32(c)
	}
	return out, 10 * math.Log10(pow/frameLen+1e-12)
}

// fft is an in-place radix-2 FFT; len(a) is a power of two.
//
//go:norace
func fft(a []complex128) {
	n := len(a)
	for i, j := 1, 0; i < n; i++ {
		bit := n >> 1
		for ; j&bit != 0; bit >>= 1 {
			j ^= bit
		}
		j ^= bit
		if i < j {
			a[i], a[j] = a[j], a[i]
		}
	}
	for size := 2; size <= n; size <<= 1 {
		w := cmplx.Exp(complex(0, -2*math.Pi/float64(size)))
		for start := 0; start < n; start += size {
			wk := complex(1, 0)
			for k := 0; k < size/2; k++ {
				u, v := a[start+k], a[start+k+size/2]*wk
				a[start+k], a[start+k+size/2] = u+v, u-v
				wk *= w
			}
		}
	}
}

// Features returns the feature frames of a whole clip of 16 kHz audio.
func Features(pcm []int16) [][]float32 {
	f, _ := newMFCC().write(pcm, nil, nil)
	return f
}
