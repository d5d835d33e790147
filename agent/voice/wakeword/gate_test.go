package wakeword

import (
	"context"
	"sync/atomic"
	"testing"
	"time"

	"github.com/kin-companion/kin/agent/voice/audio"
	"github.com/kin-companion/kin/agent/voice/espeak"
)

// TestGate: before the wake phrase nothing passes; after it, speech passes
// and keeps kin awake; a long quiet puts it back to sleep.
func TestGate(t *testing.T) {
	tpl := template(t)
	var clock atomic.Int64 // nanoseconds; the test advances it, the gate reads it
	a := &Awake{Timeout: 2 * time.Second, Now: func() time.Time { return time.Unix(0, clock.Load()) }}
	var stream []int16
	stream = append(stream, pad(say(t, "what a lovely day it is", espeak.Options{Voice: "en-us", WPM: 165}), 300*time.Millisecond)...)
	wakeAt := len(stream)
	stream = append(stream, pad(say(t, phrase, espeak.Options{Voice: "en+m2", WPM: 165}), 300*time.Millisecond)...)
	stream = append(stream, say(t, "tell me a joke", espeak.Options{Voice: "en-us", WPM: 165})...)
	stream = append(stream, make([]int16, audio.Samples(4*time.Second, Rate))...)

	in := make(chan []int16)
	var woke, slept atomic.Int32
	out := Gate(context.Background(), in, NewDetector(tpl, Options{}), a, func() { woke.Add(1) }, func() { slept.Add(1) })
	passedBefore, passedAfter := 0, 0
	done := make(chan struct{})
	go func() {
		defer close(done)
		for range out {
			passedAfter++
		}
	}()
	for i, f := range audio.Frames(stream, Rate/50) {
		clock.Add(int64(20 * time.Millisecond))
		in <- f
		if i*Rate/50 < wakeAt && woke.Load() > 0 {
			passedBefore++
		}
	}
	close(in)
	<-done
	if woke.Load() != 1 || passedBefore > 0 {
		t.Fatalf("woke %d times (%d frames woke early)", woke.Load(), passedBefore)
	}
	if passedAfter < 40 {
		t.Errorf("only %d frames passed after waking; the request should follow", passedAfter)
	}
	if slept.Load() != 1 {
		t.Errorf("slept %d times after 4 s of quiet, want 1", slept.Load())
	}
}
