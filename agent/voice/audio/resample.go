package audio

import (
	"fmt"
	"math"
	"sync"
)

// Resampler converts a stream of samples from one rate to another with a polyphase
// windowed-sinc (Kaiser) low-pass filter: flat to 0.45 of the lower rate, at least
// 80 dB down from its Nyquist frequency on. Any pair of integer rates works (16k↔24k,
// 48k→16k, 22.05k→16k…). Output is rounded and saturated, never wrapped. A
// Resampler keeps the tail of its input between calls, so feeding a stream in any
// chunking gives the same samples; it is not safe for concurrent use.
type Resampler struct {
	from, to int
	up, down int         // to/g, from/g
	taps     int         // per phase
	coef     [][]float32 // [phase][k], k weighs input base-(taps-1-k)
	delay    int         // output samples of group delay

	buf   []float32 // taps-1 samples of history, then pending input
	base  int       // index in buf of the next output's newest input
	phase int
}

type filterKey struct{ up, down, taps int }

// filters caches coefficient tables, which are shared read-only by resamplers.
var filters sync.Map // filterKey -> [][]float32

// NewResampler returns a resampler from rate from to rate to (samples per second).
func NewResampler(from, to int) (*Resampler, error) {
	if from <= 0 || to <= 0 {
		return nil, fmt.Errorf("audio: resample %d Hz to %d Hz: rates must be positive", from, to)
	}
	g := gcd(from, to)
	r := &Resampler{from: from, to: to, up: to / g, down: from / g}
	if r.up > 4096 {
		return nil, fmt.Errorf("audio: resample %d Hz to %d Hz: ratio %d/%d too fine", from, to, r.up, r.down)
	}
	// Transition band 0.45..0.5 of the lower rate; Kaiser length for 80 dB.
	low := float64(min(from, to))
	upRate := float64(from) * float64(r.up)
	width := 2 * math.Pi * 0.05 * low / upRate
	n := int(math.Ceil((80-7.95)/(2.285*width))) + 1
	r.taps = (n + r.up - 1) / r.up
	key := filterKey{r.up, r.down, r.taps}
	if c, ok := filters.Load(key); ok {
		r.coef = c.([][]float32)
	} else {
		r.coef = design(r.up, r.taps, 0.475*low/upRate)
		filters.Store(key, r.coef)
	}
	r.delay = (r.up*r.taps - 1) / 2 / r.down
	r.Reset()
	return r, nil
}

// MustResampler is NewResampler for rates known to be valid; it panics otherwise.
func MustResampler(from, to int) *Resampler {
	r, err := NewResampler(from, to)
	if err != nil {
		panic(err)
	}
	return r
}

// design returns the polyphase table of a Kaiser-windowed sinc of up*taps points
// with cutoff fc (cycles per upsampled sample), scaled by up for unity gain.
func design(up, taps int, fc float64) [][]float32 {
	n := up * taps
	const beta = 7.857 // 80 dB
	mid := float64(n-1) / 2
	coef := make([][]float32, up)
	for p := range coef {
		coef[p] = make([]float32, taps)
	}
	for i := range n {
		x := float64(i) - mid
		sinc := 2 * fc
		if x != 0 {
			sinc = math.Sin(2*math.Pi*fc*x) / (math.Pi * x)
		}
		w := bessel0(beta*math.Sqrt(1-(x/mid)*(x/mid))) / bessel0(beta)
		coef[i%up][taps-1-i/up] = float32(sinc * w * float64(up)) // reversed: a plain dot product
	}
	return coef
}

// bessel0 is the zeroth-order modified Bessel function of the first kind.
func bessel0(x float64) float64 {
	sum, term := 1.0, 1.0
	for k := 1; k < 50; k++ {
		term *= (x / 2) / float64(k)
		sum += term * term
		if term*term < sum*1e-12 {
			break
		}
	}
	return sum
}

func gcd(a, b int) int {
	for b != 0 {
		a, b = b, a%b
	}
	return a
}

// Rates returns the input and output rates.
func (r *Resampler) Rates() (from, to int) { return r.from, r.to }

// Delay is the filter's group delay in output samples.
func (r *Resampler) Delay() int { return r.delay }

// Reset forgets the stream so far.
func (r *Resampler) Reset() {
	r.buf = append(r.buf[:0], make([]float32, r.taps-1)...)
	r.base, r.phase = r.taps-1, 0
}

// Process resamples the next chunk of the stream and appends the output to dst.
func (r *Resampler) Process(dst, in []int16) []int16 {
	if r.up == r.down {
		return append(dst, in...)
	}
	for _, s := range in {
		r.buf = append(r.buf, float32(s))
	}
	for r.base < len(r.buf) {
		c := r.coef[r.phase]
		x := r.buf[r.base-len(c)+1 : r.base+1]
		x = x[:len(c)]
		var acc float32
		for k, v := range c {
			acc += v * x[k]
		}
		dst = append(dst, Clamp16(float64(acc)))
		r.phase += r.down
		r.base += r.phase / r.up
		r.phase %= r.up
	}
	keep := r.base - (r.taps - 1)
	n := copy(r.buf, r.buf[keep:])
	r.buf = r.buf[:n]
	r.base -= keep
	return dst
}

// Flush pushes the filter's tail out (as if silence followed) and resets the stream.
func (r *Resampler) Flush(dst []int16) []int16 {
	if r.up != r.down {
		dst = r.Process(dst, make([]int16, r.taps))
	}
	r.Reset()
	return dst
}

// Resample converts a whole clip to rate, compensating the filter delay so the
// output lines up with the input and has len ≈ len(in)·to/from.
func Resample(c Clip, rate int) (Clip, error) {
	if c.Rate == rate {
		return Clip{Rate: rate, Samples: append([]int16(nil), c.Samples...)}, nil
	}
	r, err := NewResampler(c.Rate, rate)
	if err != nil {
		return Clip{}, err
	}
	out := r.Process(make([]int16, 0, len(c.Samples)*rate/c.Rate+r.taps), c.Samples)
	out = r.Flush(out)
	want := int(int64(len(c.Samples)) * int64(rate) / int64(c.Rate))
	out = out[min(r.delay, len(out)):]
	if len(out) > want {
		out = out[:want]
	}
	return Clip{Rate: rate, Samples: out}, nil
}
