package wakeword

import (
	"errors"
	"testing"
	"time"

	"github.com/kin-companion/kin/agent/voice/audio"
	"github.com/kin-companion/kin/agent/voice/espeak"
)

// stream sends pcm in 20 ms frames, as a microphone does, then closes.
func stream(pcm []int16) <-chan []int16 {
	ch := make(chan []int16)
	go func() {
		defer close(ch)
		for _, f := range audio.Frames(pcm, 320) {
			ch <- f
		}
	}()
	return ch
}

// TestRecordAndListen: three takes said one after another with pauses are
// cut into three takes that make a template; Listen hears the phrase in a
// voice none of them used, and not in silence; a stream that ends early
// fails the recording.
func TestRecordAndListen(t *testing.T) {
	var mic []int16
	for i, v := range trainVoices[:3] {
		mic = append(mic, noisy(pad(say(t, phrase, v), 700*time.Millisecond), 0.003, uint64(i))...)
	}
	var prompts []int
	takes, err := Record(stream(mic), 3, func(i int) { prompts = append(prompts, i) })
	if err != nil {
		t.Fatal(err)
	}
	if len(takes) != 3 || len(prompts) != 3 || prompts[2] != 3 {
		t.Fatalf("%d takes after prompts %v, want 3 after 1, 2, 3", len(takes), prompts)
	}
	for i, tk := range takes {
		if d := audio.Duration(len(tk), Rate); d < 400*time.Millisecond || d > 3*time.Second {
			t.Errorf("take %d lasts %v, want the phrase's length", i+1, d)
		}
	}
	tpl, err := NewTemplate("mika", takes)
	if err != nil {
		t.Fatal(err)
	}
	heard := pad(say(t, phrase, espeak.Options{Voice: "en-gb", WPM: 165}), 700*time.Millisecond)
	det, ok := Listen(stream(heard), tpl, 5*time.Second)
	if !ok || det.Score <= 0 {
		t.Errorf("Listen did not hear the phrase (%+v)", det)
	}
	if det, ok := Listen(stream(make([]int16, audio.Samples(2*time.Second, Rate))), tpl, 5*time.Second); ok {
		t.Errorf("Listen heard the phrase in silence: %+v", det)
	}
	if _, err := Record(stream(mic[:len(mic)/3]), 3, func(int) {}); err == nil || errors.Is(err, ErrTakes) {
		t.Errorf("a stream with one take recorded: %v", err)
	}
}
