package turn

import (
	"context"
	"math"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/kin-companion/kin/agent/voice/audio"
	"github.com/kin-companion/kin/agent/voice/espeak"
)

// say is text spoken by espeak-ng at 16 kHz, skipped when espeak-ng is missing.
func say(t *testing.T, text, voice string) []int16 {
	t.Helper()
	if !espeak.Available() {
		t.Skip("espeak-ng is not installed")
	}
	c, err := espeak.Synthesize(context.Background(), text, espeak.Options{Rate: audio.CaptureRate, Voice: voice})
	if err != nil {
		t.Fatal(err)
	}
	return c.Samples
}

// room is a quiet room: low noise, so the VAD has a floor to learn.
func room(d time.Duration, r *rand.Rand) []int16 {
	out := make([]int16, audio.Samples(d, audio.CaptureRate))
	for i := range out {
		out[i] = int16(r.NormFloat64() * 30)
	}
	return out
}

// cough is a burst of noise with a fast attack and a 60 ms decay.
func cough(r *rand.Rand) []int16 {
	out := make([]int16, audio.Samples(220*time.Millisecond, audio.CaptureRate))
	for i := range out {
		env := math.Exp(-float64(i) / float64(audio.CaptureRate) / 0.06)
		out[i] = int16(r.NormFloat64() * 6000 * env)
	}
	return out
}

// laugh is "ha-ha-ha-ha": four 90 ms voiced bursts 80 ms apart.
func laugh(r *rand.Rand) []int16 {
	var out []int16
	for range 4 {
		for i := range audio.Samples(90*time.Millisecond, audio.CaptureRate) {
			ph := 2 * math.Pi * 180 * float64(i) / audio.CaptureRate
			out = append(out, int16(5000*math.Sin(ph)+r.NormFloat64()*1500))
		}
		out = append(out, room(80*time.Millisecond, r)...)
	}
	return out
}

// run feeds a second of room tone, clip, then a second of room tone in 20 ms
// frames and returns the actions in order, with the time of the first Stop
// after the clip began (or -1).
func run(clip []int16, r *rand.Rand) (acts []Action, stopAt time.Duration) {
	b := NewBargeIn(Config{})
	lead := room(time.Second, r)
	in := append(append(append([]int16(nil), lead...), clip...), room(time.Second, r)...)
	stopAt = -1
	for i, f := range audio.Frames(in, 320) {
		a := b.Write(f)
		if a == Keep {
			continue
		}
		acts = append(acts, a)
		if a == Stop && stopAt < 0 {
			stopAt = audio.Duration((i+1)*320-len(lead), audio.CaptureRate)
		}
	}
	return acts, stopAt
}

func TestBackchannelsDuckButDoNotStop(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	clips := map[string][]int16{"cough": cough(r), "laugh": laugh(r)}
	for _, voice := range []string{"en-us", "en+f3"} {
		for _, text := range []string{"mhm", "yeah", "ok", "okay", "uh huh", "right", "hmm", "ha ha"} {
			clips[text+" ("+voice+")"] = say(t, text, voice)
		}
	}
	for name, clip := range clips {
		t.Run(name, func(t *testing.T) {
			acts, _ := run(clip, r)
			for _, a := range acts {
				if a == Stop {
					t.Fatalf("a backchannel stopped kin: actions %v", acts)
				}
			}
			if len(acts) > 0 && (acts[0] != Duck || acts[len(acts)-1] != Restore) {
				t.Errorf("actions %v: want duck … restore", acts)
			}
		})
	}
}

func TestSentencesStop(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for _, tc := range []struct{ text, voice string }{
		{"Wait, stop, I want to ask you about something else instead.", "en-us"},
		{"Wait, stop, I want to ask you about something else instead.", "en+f3"},
		{"Hold on a second.", "en-us"},
		{"Hold on a second.", "en+f3"},
		{"Actually, wait a moment.", "en-us"},
		{"Sorry, can I say something?", "en+f3"},
	} {
		t.Run(tc.text+" "+tc.voice, func(t *testing.T) {
			acts, stopAt := run(say(t, tc.text, tc.voice), r)
			if len(acts) < 2 || acts[0] != Duck || acts[1] != Stop {
				t.Fatalf("actions %v: want duck, stop", acts)
			}
			if stopAt > 1200*time.Millisecond {
				t.Errorf("stopped %v into the sentence; want within 1.2 s", stopAt)
			}
			for _, a := range acts[2:] {
				if a == Restore {
					t.Errorf("restored the volume after stopping: %v", acts)
				}
			}
		})
	}
}

func TestSilenceKeeps(t *testing.T) {
	acts, _ := run(nil, rand.New(rand.NewPCG(5, 6)))
	if len(acts) != 0 {
		t.Errorf("room tone alone gave %v", acts)
	}
}

func TestWriteAnyLength(t *testing.T) {
	// The same audio in odd-sized pieces decides the same way as in frames.
	r := rand.New(rand.NewPCG(7, 8))
	in := append(room(time.Second, r), say(t, "Hold on a second.", "en-us")...)
	b := NewBargeIn(Config{})
	stopped := false
	for len(in) > 0 {
		n := min(len(in), 97)
		if b.Write(in[:n]) == Stop {
			stopped = true
		}
		in = in[n:]
	}
	if !stopped {
		t.Error("a sentence fed in 97-sample pieces did not stop kin")
	}
}

// BenchmarkBargeInFrame: the detector's cost per 20 ms microphone frame, paid
// on the path from the microphone to the server.
func BenchmarkBargeInFrame(b *testing.B) {
	r := rand.New(rand.NewPCG(9, 10))
	frames := audio.Frames(append(room(time.Second, r), laugh(r)...), 320)
	d := NewBargeIn(Config{})
	i := 0
	for b.Loop() {
		d.Write(frames[i%len(frames)])
		i++
	}
}
