package aec

import (
	"math"
	"math/bits"
)

// fft transforms real signals of n samples (a power of two, at least 4) with a
// radix-2 complex FFT of n/2 points and one pass of twiddles. Written here rather
// than taken from a library: the canceller needs only power-of-two sizes, the
// code is a page, transforms allocate nothing and it adds no module. Forward is
// unscaled; inverse divides by n, so inverse(forward(x)) == x.
type fft struct {
	n, half int
	rev     []int32     // bit-reversed index of each of the half points
	tw      []complex64 // exp(-2πik/half), k < half/2
	post    []complex64 // exp(-2πik/n), k ≤ half
	work    []complex64
}

func newFFT(n int) *fft {
	if n < 4 || n&(n-1) != 0 {
		panic("aec: FFT size must be a power of two ≥ 4")
	}
	h := n / 2
	f := &fft{n: n, half: h, rev: make([]int32, h), tw: make([]complex64, h/2),
		post: make([]complex64, h+1), work: make([]complex64, h)}
	shift := 64 - bits.Len(uint(h-1))
	for i := range f.rev {
		f.rev[i] = int32(bits.Reverse64(uint64(i)) >> shift)
	}
	if h == 1 {
		f.rev[0] = 0
	}
	for k := range f.tw {
		s, c := math.Sincos(-2 * math.Pi * float64(k) / float64(h))
		f.tw[k] = complex(float32(c), float32(s))
	}
	for k := range f.post {
		s, c := math.Sincos(-2 * math.Pi * float64(k) / float64(n))
		f.post[k] = complex(float32(c), float32(s))
	}
	return f
}

// butterflies runs the in-place stages of a decimation-in-time FFT on a, which
// must already be in bit-reversed order.
func (f *fft) butterflies(a []complex64) {
	h := f.half
	for size := 2; size <= h; size <<= 1 {
		m, step := size/2, h/size
		for i := 0; i < h; i += size {
			lo, hi := a[i:i+m], a[i+m:i+size]
			for j := range lo {
				t := f.tw[j*step] * hi[j]
				hi[j] = lo[j] - t
				lo[j] += t
			}
		}
	}
}

// forward writes the spectrum of x (n samples) to X (n/2+1 bins).
func (f *fft) forward(X []complex64, x []float32) {
	a, h := f.work, f.half
	for k := range h {
		a[f.rev[k]] = complex(x[2*k], x[2*k+1])
	}
	f.butterflies(a)
	for k := 0; k <= h; k++ {
		zk := a[k%h]
		zc := conj(a[(h-k)%h])
		even := (zk + zc) * 0.5
		odd := (zk - zc) * complex(0, -0.5)
		X[k] = even + f.post[k]*odd
	}
}

// inverse writes the signal (n samples) whose spectrum is X (n/2+1 bins) to x.
func (f *fft) inverse(x []float32, X []complex64) {
	a, h := f.work, f.half
	for k := range h {
		xc := conj(X[h-k])
		even := (X[k] + xc) * 0.5
		odd := (X[k] - xc) * 0.5 * conj(f.post[k])
		a[f.rev[k]] = conj(even + complex(0, 1)*odd) // conjugate: forward FFT computes the inverse
	}
	f.butterflies(a)
	scale := 1 / float32(h)
	for k, z := range a {
		x[2*k] = real(z) * scale
		x[2*k+1] = -imag(z) * scale
	}
}

func conj(z complex64) complex64 { return complex(real(z), -imag(z)) }

// abs2 is |z|².
func abs2(z complex64) float32 { return real(z)*real(z) + imag(z)*imag(z) }
