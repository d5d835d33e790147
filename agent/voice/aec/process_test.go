package aec

import (
	"math"
	"math/rand/v2"
	"testing"
	"time"
)

// TestTransparentWithoutEcho: while kin is silent the microphone comes out as it
// went in, only Latency later.
func TestTransparentWithoutEcho(t *testing.T) {
	for _, rate := range []int{16000, 24000} {
		c := New(Config{Rate: rate})
		rng := rand.New(rand.NewPCG(3, 4))
		n := 2 * rate
		mic := make([]int16, n)
		for i := range mic {
			mic[i] = int16(3000 * math.Sin(float64(i)*0.05) * (1 + 0.3*rng.NormFloat64()))
		}
		frame := rate / 100
		var out []int16
		for i := 0; i+frame <= n; i += frame {
			out = append(out, c.Process(mic[i:i+frame], nil)...)
		}
		lag := 2*c.b - 1
		if got := c.Latency(); got != time.Duration(lag)*time.Second/time.Duration(rate) {
			t.Errorf("%d Hz: Latency %v, want %d samples", rate, got, lag)
		}
		var sig, diff float64
		for i := lag; i < len(out); i++ {
			d := float64(out[i]) - float64(mic[i-lag])
			sig += float64(mic[i-lag]) * float64(mic[i-lag])
			diff += d * d
		}
		if snr := db(sig, diff+1); snr < 60 {
			t.Errorf("%d Hz: output differs from the input %v earlier: SNR %.1f dB, want ≥ 60", rate, c.Latency(), snr)
		}
	}
}

// TestProcessLengths: any frame length comes back whole, and a short reference
// counts as silence.
func TestProcessLengths(t *testing.T) {
	c := New(Config{})
	for _, n := range []int{1, 63, 64, 160, 333, 1000} {
		if got := len(c.Process(make([]int16, n), make([]int16, n/2))); got != n {
			t.Errorf("Process(%d samples) returned %d", n, got)
		}
	}
}

// TestProcessAllocatesNothing in steady state.
func TestProcessAllocatesNothing(t *testing.T) {
	c := New(Config{Rate: 16000, FrameMs: 10})
	mic, ref := make([]int16, 160), make([]int16, 160)
	for i := range ref {
		ref[i] = int16(i * 37)
		mic[i] = int16(i * 11)
	}
	c.Process(mic, ref)
	if a := testing.AllocsPerRun(200, func() { c.Process(mic, ref) }); a != 0 {
		t.Errorf("Process allocates %.1f times per frame, want 0", a)
	}
}

// TestDelayFound: the estimator finds the start of each room's echo, never
// after it (the filter would miss the direct sound) and at most 30 ms before.
func TestDelayFound(t *testing.T) {
	kin, _ := speech(t)
	n := 6 * testRate
	ref := loop(kin, n)
	for _, r := range rooms {
		echo := r.echo(ref, 0.1)
		c := New(Config{Rate: testRate})
		runSplit(t, c, ref, 160, echo)
		st := c.Stats()
		truth := time.Duration(r.delayMs) * time.Millisecond
		if !st.DelayFound || st.Delay > truth || st.Delay < truth-30*time.Millisecond {
			t.Errorf("%s: delay %v (found %v), want within 30 ms before %v", r.name, st.Delay, st.DelayFound, truth)
		}
	}
}

// TestResetForgets: after Reset the canceller no longer removes the old echo at once.
func TestResetForgets(t *testing.T) {
	kin, _ := speech(t)
	n := 6 * testRate
	ref := loop(kin, n)
	echo := rooms[0].echo(ref, 0.1)
	c := New(Config{Rate: testRate})
	runSplit(t, c, ref, 160, echo)
	if c.Stats().ERLE < 20 {
		t.Fatalf("ERLE estimate %.1f dB before Reset, want ≥ 20", c.Stats().ERLE)
	}
	c.Reset()
	if st := c.Stats(); st.ERLE != 0 || st.DelayFound || st.Delay != 0 {
		t.Errorf("after Reset: %+v, want zero", st)
	}
}

// BenchmarkProcess10ms is the cost of one 10 ms frame at 16 kHz, mid-speech,
// with the default 200 ms filter and 400 ms delay search.
func BenchmarkProcess10ms(b *testing.B) {
	benchProcess(b, 16000)
}

// BenchmarkProcess10ms24k is the same at 24 kHz.
func BenchmarkProcess10ms24k(b *testing.B) {
	benchProcess(b, 24000)
}

func benchProcess(b *testing.B, rate int) {
	c := New(Config{Rate: rate})
	rng := rand.New(rand.NewPCG(1, 1))
	frame := rate / 100
	ref := make([]int16, 50*frame)
	mic := make([]int16, len(ref))
	for i := range ref {
		ref[i] = int16(rng.NormFloat64() * 3000)
		if i > 100 {
			mic[i] = ref[i-100] / 2
		}
	}
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		at := (i % 50) * frame
		c.Process(mic[at:at+frame], ref[at:at+frame])
		i++
	}
}
