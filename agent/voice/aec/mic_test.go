package aec

import (
	"math"
	"testing"

	"github.com/kin-companion/kin/agent/voice/audio"
)

func TestReferenceOrderUnderrunAndLag(t *testing.T) {
	r, err := NewReference(16000, 16000)
	if err != nil {
		t.Fatal(err)
	}
	r.Write([]int16{1, 2, 3})
	r.Write([]int16{4})
	got := make([]int16, 6)
	r.Read(got)
	if want := []int16{1, 2, 3, 4, 0, 0}; !equal(got, want) {
		t.Errorf("Read = %v, want %v (then silence)", got, want)
	}
	r.Write(make([]int16, 16000)) // a second with no reader: only the last 250 ms stay
	r.Write([]int16{9})
	rest := make([]int16, 4001)
	r.Read(rest)
	if rest[3999] != 9 || rest[4000] != 0 {
		t.Errorf("after an overrun the newest sample came out at %d, want 3999", indexOf(rest, 9))
	}
	if _, err := NewReference(0, 16000); err == nil {
		t.Error("NewReference(0, 16000) did not fail")
	}
}

func equal(a, b []int16) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func indexOf(a []int16, v int16) int {
	for i, x := range a {
		if x == v {
			return i
		}
	}
	return -1
}

// TestEchoStage runs the stage as kin runs it: the speaker pulls 24 kHz audio in
// 40 ms buffers into the Reference, the microphone delivers 20 ms frames at
// 16 kHz with the room's echo and, later, the user. Once converged, kin's own
// voice is at least 30 dB down, and the user, as loud as the echo, gets through
// while kin speaks — more of it than through the level gate alone.
func TestEchoStage(t *testing.T) {
	kin, user := speech(t)
	n := 12 * testRate
	ref16 := loop(kin, n)
	play, err := audio.Resample(audio.Clip{Rate: testRate, Samples: ref16}, audio.PlaybackRate)
	if err != nil {
		t.Fatal(err)
	}
	at := 6 * testRate
	// The echo at the coupling the level gate assumes (half the playback level);
	// the user as loud as the echo.
	lvl := 0.5 * audio.RMS(ref16)
	echo := rooms[1].echo(ref16, lvl)
	near := scaleTo(placed(user, at, n), lvl*math.Sqrt(float64(n)/float64(len(user))))
	level := func(i int) func() float64 { // the player's recent level: the last 200 ms played
		return func() float64 {
			from := max(0, i*3/2-audio.PlaybackRate/5)
			return audio.RMS(play.Samples[from : i*3/2])
		}
	}
	run := func(withAEC bool) (echoOut, userPassed float64) {
		r, _ := NewReference(audio.PlaybackRate, testRate)
		var i int
		e := NewEcho(r, func() float64 { return level(i)() })
		gate := &audio.EchoGate{Reference: func() float64 { return level(i)() }}
		var userIn float64
		for i = 0; i+320 <= n; i += 320 {
			r.Write(play.Samples[i*3/2 : i*3/2+480])
			frame := make([]int16, 320)
			for j := range frame {
				frame[j] = clamp16(float32(echo[i+j] + near[i+j]))
			}
			var passed bool
			var out []int16
			if withAEC {
				out, passed = e.Process(frame)
			} else {
				out, passed = gate.Process(frame)
			}
			u := energy(near, i, i+320)
			switch {
			case i >= 2*testRate && i < at:
				for _, v := range out {
					echoOut += float64(v) * float64(v)
				}
			case i >= at && u > 0:
				userIn += u
				if passed {
					userPassed += u
				}
			}
		}
		return echoOut / energy(echo, 2*testRate, at), userPassed / userIn
	}
	echoAEC, userAEC := run(true)
	echoGate, userGate := run(false)
	t.Logf("kin alone, echo left: %.1f dB with the canceller, %.1f dB with the gate alone", 10*math.Log10(echoAEC), 10*math.Log10(echoGate))
	t.Logf("double talk, user's speech let through: %.0f%% with the canceller, %.0f%% with the gate alone", 100*userAEC, 100*userGate)
	if echoAEC > 1e-3 {
		t.Errorf("with the canceller kin's echo is only %.1f dB down, want ≤ −30 dB", 10*math.Log10(echoAEC))
	}
	if userAEC < 0.9 || userAEC <= userGate {
		t.Errorf("with the canceller %.0f%% of the user's speech passed during double talk, want ≥ 90%% and more than the gate alone's %.0f%%",
			100*userAEC, 100*userGate)
	}
}
