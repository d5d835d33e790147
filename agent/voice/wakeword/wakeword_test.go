package wakeword

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/kin-companion/kin/agent/voice/audio"
	"github.com/kin-companion/kin/agent/voice/espeak"
)

const phrase = "Hey Mika"

func say(t testing.TB, text string, opt espeak.Options) []int16 {
	t.Helper()
	if !espeak.Available() {
		t.Skip("espeak-ng not installed (make deps-test installs it)")
	}
	opt.Rate = Rate
	c, err := espeak.Synthesize(context.Background(), text, opt)
	if err != nil {
		t.Fatal(err)
	}
	return c.Samples
}

// trainVoices stand in for the user's recordings: six takes, none in a voice or at a
// speed the tests use.
var trainVoices = []espeak.Options{{Voice: "en-us", WPM: 160}, {Voice: "en+m3", WPM: 150}, {Voice: "en+f3", WPM: 175},
	{Voice: "en-029", WPM: 170}, {Voice: "en-gb-scotland+f1", WPM: 150}, {Voice: "en-us-nyc+m5", WPM: 185}}

func template(t testing.TB) *Template {
	var takes [][]int16
	for _, v := range trainVoices {
		takes = append(takes, say(t, phrase, v))
	}
	tpl, err := NewTemplate("mika", takes)
	if err != nil {
		t.Fatal(err)
	}
	return tpl
}

func noisy(pcm []int16, rms float64, seed uint64) []int16 {
	rng := rand.New(rand.NewPCG(seed, 3))
	out := make([]int16, len(pcm))
	for i, s := range pcm {
		out[i] = audio.Clamp16(float64(s) + rng.NormFloat64()*rms*32768)
	}
	return out
}

func pad(pcm []int16, d time.Duration) []int16 {
	s := make([]int16, audio.Samples(d, Rate))
	return append(append(append([]int16(nil), s...), pcm...), s...)
}

// detect runs a fresh detector over pcm in 20 ms frames.
func detect(tpl *Template, pcm []int16) []Detection {
	d := NewDetector(tpl, Options{})
	var out []Detection
	for _, f := range audio.Frames(pcm, 320) {
		if det, ok := d.Write(f); ok {
			out = append(out, det)
		}
	}
	return out
}

// Voices and speeds none of the training takes used.
var testVoices = func() []espeak.Options {
	var out []espeak.Options
	for _, v := range []string{"en-gb", "en-us+f2", "en+m2", "en-gb+f4", "en-us+m7", "en+f5", "en-gb-x-rp", "en-us+m4"} {
		for _, wpm := range []int{130, 165, 200} {
			out = append(out, espeak.Options{Voice: v, WPM: wpm})
		}
	}
	return out
}()

// TestWakePhraseDetected: the phrase, spoken in 8 voices × 3 speeds that were not
// used for the template, in noise at −50 dBFS, is detected at least 90% of the time
// (exactly once each time).
func TestWakePhraseDetected(t *testing.T) {
	tpl := template(t)
	hits := 0
	voices := testVoices
	for i, v := range voices {
		pcm := noisy(pad(say(t, phrase, v), 700*time.Millisecond), 0.003, uint64(i))
		dets := detect(tpl, pcm)
		if len(dets) > 1 {
			t.Errorf("%s@%d: detected %d times", v.Voice, v.WPM, len(dets))
		}
		if len(dets) > 0 {
			hits++
			t.Logf("hit %s@%d: score %.3f count %d", v.Voice, v.WPM, dets[0].Score, dets[0].Count)
		} else {
			t.Logf("missed: %s@%d", v.Voice, v.WPM)
		}
	}
	rate := float64(hits) / float64(len(voices))
	t.Logf("detected %d/%d = %.0f%%", hits, len(voices), 100*rate)
	if rate < 0.9 {
		t.Errorf("detection rate %.0f%%, want ≥ 90%%", 100*rate)
	}
}

var otherSpeech = []string{
	"Hey Mike, are you coming to the party tonight?",
	"The weather is lovely today, let us go for a walk in the park.",
	"Monica said she would call back after lunch.",
	"I need to buy milk, eggs, bread and some coffee.",
	"Can you hear me? Hello? Is anybody there?",
	"My car is parked right next to the bakery.",
	"We watched a film about a fox who lived in a forest.",
	"Okay, thanks a lot, I will see you tomorrow morning.",
	"Hey, make a cake for the kids, they will like it.",
	"The meeting has been moved to Thursday at three.",
	"Mix the flour with the sugar and a pinch of salt.",
	"He came home late, tired but very happy.",
	"America is a big country with many different climates.",
	"Hey, my cat knocked over the vase again.",
	"Remind me to water the plants on Sunday.",
	"I think the music is a bit too loud right now.",
}

// TestNoFalseWakes: minutes of other speech — including near misses such as "Hey
// Mike", "Monica", "Hey, make a…" — in several voices and speeds gives no
// detection; the test reports the duration examined (the issue asks for at most one
// false wake per hour).
func TestNoFalseWakes(t *testing.T) {
	tpl := template(t)
	voices := testVoices
	if testing.Short() || raceEnabled {
		voices = voices[:9] // 3 minutes of speech
	}
	var total time.Duration
	false_ := 0
	for i, v := range voices {
		var pcm []int16
		for j, s := range otherSpeech {
			if (i+j)%3 != 0 { // a third of the sentences per voice keeps the test short
				continue
			}
			pcm = append(pcm, say(t, s, v)...)
			pcm = append(pcm, make([]int16, Rate/2)...)
		}
		pcm = noisy(pcm, 0.003, uint64(i))
		total += audio.Duration(len(pcm), Rate)
		for _, d := range detect(tpl, pcm) {
			false_++
			t.Errorf("false wake in %s@%d at %v (score %.3f count %d)", v.Voice, v.WPM, d.At, d.Score, d.Count)
		}
	}
	t.Logf("%d false wakes in %v of other speech", false_, total.Round(time.Second))
}

func TestTemplateSaveLoad(t *testing.T) {
	tpl := template(t)
	path := filepath.Join(t.TempDir(), "wake", "mika.json")
	if err := tpl.Save(path); err != nil {
		t.Fatal(err)
	}
	got, err := Load(path)
	if err != nil || got.Name != "mika" || len(got.Takes) != len(trainVoices) || len(got.Avg) != len(tpl.Avg) {
		t.Fatalf("Load: %v", err)
	}
	if _, err := NewTemplate("x", [][]int16{{1}, {2}}); err != ErrTakes {
		t.Errorf("2 takes: %v", err)
	}
}

func TestAwake(t *testing.T) {
	now := time.Unix(0, 0)
	a := &Awake{Timeout: 10 * time.Second, Now: func() time.Time { return now }}
	if a.Awake() {
		t.Fatal("awake before a wake word")
	}
	a.Wake()
	now = now.Add(8 * time.Second)
	a.Activity()
	now = now.Add(8 * time.Second)
	if !a.Awake() {
		t.Error("activity did not extend the awake period")
	}
	now = now.Add(3 * time.Second)
	if a.Awake() {
		t.Error("still awake after the silence timeout")
	}
	a.Activity()
	if a.Awake() {
		t.Error("activity woke kin up")
	}
}

// BenchmarkDetector reports the share of one core the detector needs in real time
// (cpu_percent), on speech (every window examined), against the ≤ 5% asked for.
func BenchmarkDetector(b *testing.B) {
	tpl := template(b)
	var pcm []int16
	for _, s := range otherSpeech[:4] {
		pcm = append(pcm, say(b, s, espeak.Options{Voice: "en-us"})...)
	}
	pcm = noisy(pcm, 0.003, 1)
	frames := audio.Frames(pcm, 320)
	b.ResetTimer()
	for b.Loop() {
		d := NewDetector(tpl, Options{})
		for _, f := range frames {
			d.Write(f)
		}
	}
	perOp := float64(b.Elapsed()) / float64(b.N)
	b.ReportMetric(100*perOp/float64(audio.Duration(len(pcm), Rate)), "cpu_percent")
}

func ExampleNewDetector() {
	fmt.Println(Dims)
	// Output: 15
}

// TestFalseWakesPerHour runs the detector over an hour of other speech (every
// sentence in every test voice, repeated with varied noise) to measure the
// false-wake rate the issue asks about (≤ 1 an hour). It takes minutes, so it
// runs only with KIN_LONG=1.
func TestFalseWakesPerHour(t *testing.T) {
	if os.Getenv("KIN_LONG") != "1" {
		t.Skip("set KIN_LONG=1 to measure an hour of speech")
	}
	tpl := template(t)
	var speech [][]int16
	for _, v := range testVoices {
		var pcm []int16
		for _, s := range otherSpeech {
			pcm = append(pcm, say(t, s, v)...)
			pcm = append(pcm, make([]int16, Rate/2)...)
		}
		speech = append(speech, pcm)
	}
	var total time.Duration
	wakes := 0
	for round := uint64(0); total < time.Hour; round++ {
		for i, pcm := range speech {
			noisyPCM := noisy(pcm, 0.002+0.002*float64(round%3), round*100+uint64(i))
			total += audio.Duration(len(noisyPCM), Rate)
			for _, d := range detect(tpl, noisyPCM) {
				wakes++
				t.Logf("false wake: %s@%d at %v, score %.3f, count %d", testVoices[i].Voice, testVoices[i].WPM, d.At, d.Score, d.Count)
			}
		}
	}
	t.Logf("%d false wakes in %v of other speech", wakes, total.Round(time.Minute))
	if per := float64(wakes) / total.Hours(); per > 1 {
		t.Errorf("%.1f false wakes per hour, want ≤ 1", per)
	}
}
