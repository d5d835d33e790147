package aec

import (
	"math"
	"math/cmplx"
	"math/rand/v2"
	"testing"
)

// naiveDFT is the textbook transform the FFT must agree with.
func naiveDFT(x []float32) []complex128 {
	n := len(x)
	out := make([]complex128, n/2+1)
	for k := range out {
		for t, v := range x {
			out[k] += complex(float64(v), 0) * cmplx.Exp(complex(0, -2*math.Pi*float64(k*t)/float64(n)))
		}
	}
	return out
}

func TestFFTMatchesDFT(t *testing.T) {
	for _, n := range []int{4, 8, 16, 128, 256, 512} {
		rng := rand.New(rand.NewPCG(1, uint64(n)))
		x := make([]float32, n)
		for i := range x {
			x[i] = float32(rng.NormFloat64())
		}
		f := newFFT(n)
		X := make([]complex64, n/2+1)
		f.forward(X, x)
		want := naiveDFT(x)
		for k := range X {
			if d := cmplx.Abs(complex128(X[k]) - want[k]); d > 1e-3*math.Sqrt(float64(n)) {
				t.Fatalf("n=%d bin %d: got %v, want %v", n, k, X[k], want[k])
			}
		}
		back := make([]float32, n)
		f.inverse(back, X)
		for i := range x {
			if d := math.Abs(float64(back[i] - x[i])); d > 1e-4 {
				t.Fatalf("n=%d sample %d: round trip gave %v, want %v", n, i, back[i], x[i])
			}
		}
	}
}

func TestFFTRejectsBadSize(t *testing.T) {
	for _, n := range []int{0, 2, 6, 100} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("newFFT(%d) did not panic", n)
				}
			}()
			newFFT(n)
		}()
	}
}

func BenchmarkFFT128(b *testing.B) {
	f := newFFT(128)
	x := make([]float32, 128)
	X := make([]complex64, 65)
	for i := range x {
		x[i] = float32(i % 7)
	}
	b.ReportAllocs()
	for b.Loop() {
		f.forward(X, x)
		f.inverse(x, X)
	}
}
