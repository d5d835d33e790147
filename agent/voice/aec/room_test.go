package aec

import (
	"context"
	"math"
	"math/rand/v2"
	"sync"
	"testing"

	"github.com/kin-companion/kin/agent/voice/espeak"
)

const testRate = 16000

// kinLines and userLines are what the two voices say in the synthetic rooms.
var (
	kinLines = []string{
		"Good morning! I looked at your calendar and you have three meetings today.",
		"The first one is at ten with the design team, about the new window layout.",
		"After lunch there is a call with Maria, and at four the weekly review.",
		"Would you like me to move anything, or shall I remind you ten minutes before each one?",
	}
	userLines = []string{
		"Wait, can you move the call with Maria to tomorrow?",
		"And please remind me to buy milk on the way home.",
	}
	speechOnce  sync.Once
	kinSpeech   []int16
	userSpeech  []int16
	speechError error
)

// speech returns kin's and the user's speech at 16 kHz, two espeak-ng voices,
// made once per test binary.
func speech(t testing.TB) (kin, user []int16) {
	t.Helper()
	if !espeak.Available() {
		t.Skip("espeak-ng not installed (make deps-test installs it)")
	}
	speechOnce.Do(func() {
		say := func(lines []string, voice string, pause int) []int16 {
			var pcm []int16
			for _, l := range lines {
				c, err := espeak.Synthesize(context.Background(), l, espeak.Options{Voice: voice, Rate: testRate})
				if err != nil {
					speechError = err
					return nil
				}
				pcm = append(pcm, c.Samples...)
				pcm = append(pcm, make([]int16, pause)...)
			}
			return pcm
		}
		kinSpeech = say(kinLines, "en-us+f3", testRate/5)
		userSpeech = say(userLines, "en-gb+m3", testRate/3)
	})
	if speechError != nil {
		t.Fatal(speechError)
	}
	return kinSpeech, userSpeech
}

// room is a synthetic echo path: the speaker's soft clipping, then a bulk delay,
// a direct path and an exponentially decaying reverberant tail.
type room struct {
	name    string
	delayMs int     // playback to capture
	rt60Ms  int     // reverberation time (60 dB decay)
	drrDB   float64 // direct-to-reverberant energy ratio
	clip    float64 // soft-clipping knee as a fraction of the speech's peak; 0 for none
	seed    uint64
}

var rooms = []room{
	{name: "desk", delayMs: 20, rt60Ms: 150, drrDB: 6, clip: 0.8, seed: 1},
	{name: "laptop", delayMs: 60, rt60Ms: 250, drrDB: 3, clip: 0.6, seed: 2},
	{name: "far", delayMs: 150, rt60Ms: 300, drrDB: 0, clip: 0.7, seed: 3},
	{name: "late", delayMs: 110, rt60Ms: 200, drrDB: -3, clip: 0.5, seed: 4},
}

// impulse is the room's impulse response, normalised to unit energy.
func (r room) impulse() []float64 {
	rng := rand.New(rand.NewPCG(r.seed, 99))
	d := r.delayMs * testRate / 1000
	n := d + r.rt60Ms*testRate/1000
	h := make([]float64, n)
	h[d] = 1
	decay := math.Pow(10, -3/(float64(r.rt60Ms)/1000*testRate)) // amplitude per sample
	var tail float64
	for i, amp := d+1, 1.0; i < n; i++ {
		amp *= decay
		h[i] = amp * rng.NormFloat64()
		tail += h[i] * h[i]
	}
	g := math.Sqrt(math.Pow(10, -r.drrDB/10) / tail)
	for i := d + 1; i < n; i++ {
		h[i] *= g
	}
	var e float64
	for _, v := range h {
		e += v * v
	}
	for i := range h {
		h[i] /= math.Sqrt(e)
	}
	return h
}

// speaker is the loudspeaker's soft clipping: tanh with its knee at clip × peak.
func (r room) speaker(x []int16) []float64 {
	peak := 1.0
	for _, v := range x {
		peak = max(peak, math.Abs(float64(v)))
	}
	out := make([]float64, len(x))
	for i, v := range x {
		if r.clip == 0 {
			out[i] = float64(v)
			continue
		}
		k := r.clip * peak
		out[i] = k * math.Tanh(float64(v)/k)
	}
	return out
}

// echo is what the microphone hears of x played in the room, scaled to level
// (RMS relative to full scale).
func (r room) echo(x []int16, level float64) []float64 {
	y := convolve(r.speaker(x), r.impulse())[:len(x)]
	return scaleTo(y, level)
}

func scaleTo(y []float64, level float64) []float64 {
	var e float64
	for _, v := range y {
		e += v * v
	}
	g := level * 32768 / math.Sqrt(e/float64(len(y))+1e-9)
	for i := range y {
		y[i] *= g
	}
	return y
}

// convolve is x*h by overlap-add with this package's FFT.
func convolve(x, h []float64) []float64 {
	n := 1
	for n < 2*len(h) {
		n *= 2
	}
	n = max(n, 4096)
	step := n - len(h) + 1
	f := newFFT(n)
	H := make([]complex64, n/2+1)
	buf := make([]float32, n)
	for i, v := range h {
		buf[i] = float32(v)
	}
	f.forward(H, buf)
	X := make([]complex64, n/2+1)
	out := make([]float64, len(x)+len(h)-1)
	for start := 0; start < len(x); start += step {
		clear(buf)
		for i := 0; i < step && start+i < len(x); i++ {
			buf[i] = float32(x[start+i])
		}
		f.forward(X, buf)
		for k := range X {
			X[k] *= H[k]
		}
		f.inverse(buf, X)
		for i, v := range buf {
			if start+i < len(out) {
				out[start+i] += float64(v)
			}
		}
	}
	return out
}

// noise is white noise at level (RMS relative to full scale).
func noise(n int, level float64, seed uint64) []float64 {
	rng := rand.New(rand.NewPCG(seed, 7))
	out := make([]float64, n)
	for i := range out {
		out[i] = rng.NormFloat64() * level * 32768
	}
	return out
}

// loop repeats pcm until it is n samples long.
func loop(pcm []int16, n int) []int16 {
	out := make([]int16, n)
	for i := range out {
		out[i] = pcm[i%len(pcm)]
	}
	return out
}

// placed is pcm starting at sample at in a silent signal of n samples.
func placed(pcm []int16, at, n int) []float64 {
	out := make([]float64, n)
	for i, v := range pcm {
		if at+i < n {
			out[at+i] = float64(v)
		}
	}
	return out
}
