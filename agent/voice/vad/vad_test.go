package vad

import (
	"context"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/kin-companion/kin/agent/voice/audio"
	"github.com/kin-companion/kin/agent/voice/espeak"
)

const rate = audio.CaptureRate

func say(t *testing.T, text string, opt espeak.Options) []int16 {
	t.Helper()
	if !espeak.Available() {
		t.Skip("espeak-ng not installed (make deps-test installs it)")
	}
	opt.Rate = rate
	c, err := espeak.Synthesize(context.Background(), text, opt)
	if err != nil {
		t.Fatal(err)
	}
	return c.Samples
}

func silence(d time.Duration) []int16 { return make([]int16, audio.Samples(d, rate)) }

// addNoise mixes white noise of the given RMS (relative to full scale) into pcm.
func addNoise(pcm []int16, rms float64, seed uint64) {
	rng := rand.New(rand.NewPCG(seed, 7))
	for i, s := range pcm {
		pcm[i] = audio.Clamp16(float64(s) + rng.NormFloat64()*rms*32768)
	}
}

// span is where speech really is in a clean clip: the first and last 10 ms above
// −40 dBFS.
func span(pcm []int16) (from, to int) {
	n := rate / 100
	from, to = -1, 0
	for i := 0; i+n <= len(pcm); i += n {
		if audio.DBFS(audio.RMS(pcm[i:i+n])) > -40 {
			if from < 0 {
				from = i
			}
			to = i + n
		}
	}
	return from, to
}

// TestVADOnSpeech: utterances spoken by espeak-ng in several voices and speeds,
// separated by a second of quiet, over white noise at −50 dBFS: each one is found
// once, starting within 100 ms and ending within 150 ms of where it really is.
func TestVADOnSpeech(t *testing.T) {
	voices := []espeak.Options{{Voice: "en-us", WPM: 150}, {Voice: "en+f3", WPM: 200},
		{Voice: "en-gb+m3", WPM: 130}, {Voice: "en-us+f4", WPM: 175, Pitch: 70}}
	texts := []string{"What time is it?", "Could you turn the music down a little, please.",
		"Yes.", "Remind me to call my sister tomorrow morning."}
	for vi, opt := range voices {
		var stream []int16
		type truth struct{ from, to int }
		var want []truth
		stream = append(stream, silence(time.Second)...)
		for _, text := range texts {
			s := say(t, text, opt)
			f, e := span(s)
			want = append(want, truth{len(stream) + f, len(stream) + e})
			stream = append(stream, s...)
			stream = append(stream, silence(1200*time.Millisecond)...)
		}
		addNoise(stream, 0.003, uint64(vi))
		seg := NewSegmenter(Config{})
		var got []Segment
		for _, f := range audio.Frames(stream, 320) {
			done, _ := seg.Write(f)
			got = append(got, done...)
		}
		if len(got) != len(want) {
			t.Errorf("%s@%d: %d utterances found, want %d", opt.Voice, opt.WPM, len(got), len(want))
			continue
		}
		for i, g := range got {
			start := g.Start + int64(audio.Samples(300*time.Millisecond, rate)) // pre-roll
			end := g.Start + int64(len(g.Samples))
			ms := func(n int64) int64 { return n * 1000 / rate }
			if d := ms(start - int64(want[i].from)); d < -100 || d > 100 {
				t.Errorf("%s@%d utterance %d: starts %d ms off", opt.Voice, opt.WPM, i, d)
			}
			if d := ms(end - int64(want[i].to)); d < -150 || d > 150 {
				t.Errorf("%s@%d utterance %d: ends %d ms off", opt.Voice, opt.WPM, i, d)
			}
		}
	}
}

// TestVADIgnoresNoise: steady noise at several levels, including a step up from
// −60 to −35 dBFS (a fan switching on), is never taken for speech.
func TestVADIgnoresNoise(t *testing.T) {
	for _, lv := range [][2]float64{{0.001, 0.001}, {0.004, 0.004}, {0.001, 0.018}} {
		a, b := silence(5*time.Second), silence(10*time.Second)
		addNoise(a, lv[0], 1)
		addNoise(b, lv[1], 2)
		v := New(Config{})
		var evs []Event
		for _, f := range audio.Frames(append(a, b...), 320) {
			evs = append(evs, v.Write(f)...)
		}
		// A sudden step may register once, then the floor adapts.
		if len(evs) > 2 || (len(evs) > 0 && lv[0] == lv[1]) {
			t.Errorf("noise %v: events %v", lv, evs)
		}
		if v.Speaking() {
			t.Errorf("noise %v: still speaking after 10 s of steady noise", lv)
		}
	}
}

// TestSegmenterFlushAndMax: an utterance longer than Max is cut at Max; Flush ends
// one in progress.
func TestSegmenterFlushAndMax(t *testing.T) {
	loud := make([]int16, 3*rate)
	for i := range loud {
		loud[i] = int16(8000 * ((i/20)%2*2 - 1))
	}
	s := &Segmenter{VAD: New(Config{}), Max: time.Second}
	var got []Segment
	for _, f := range audio.Frames(append(silence(time.Second), loud...), 320) {
		d, _ := s.Write(f)
		got = append(got, d...)
	}
	if len(got) != 1 || len(got[0].Samples) < rate || len(got[0].Samples) > rate+640 {
		t.Fatalf("Max: %d segments", len(got))
	}
	s = NewSegmenter(Config{})
	s.Write(silence(time.Second))
	if _, started := s.Write(loud[:rate/2]); !started {
		t.Fatal("no start")
	}
	if seg, ok := s.Flush(); !ok || len(seg.Samples) < rate/2 {
		t.Errorf("Flush: %v, %d samples", ok, len(seg.Samples))
	}
}
