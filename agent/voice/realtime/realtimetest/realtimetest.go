// Package realtimetest holds helpers for testing voice sessions: real speech from
// espeak-ng, a microphone fed from PCM at a chosen pace, a virtual speaker that
// drains a [audio.Player] at the same pace, and a recording [realtime.ToolRunner].
package realtimetest

import (
	"context"
	"encoding/json"
	"sync"
	"testing"
	"time"

	"github.com/kin-companion/kin/agent/voice/audio"
	"github.com/kin-companion/kin/agent/voice/espeak"
	"github.com/kin-companion/kin/agent/voice/realtime"
)

// Speech returns text spoken by espeak-ng at 16 kHz, skipping the test when
// espeak-ng is missing.
func Speech(t testing.TB, text string, opt espeak.Options) []int16 {
	t.Helper()
	if !espeak.Available() {
		t.Skip("espeak-ng not installed (make deps-test installs it)")
	}
	opt.Rate = audio.CaptureRate
	c, err := espeak.Synthesize(context.Background(), text, opt)
	if err != nil {
		t.Fatal(err)
	}
	return c.Samples
}

// Silence is d of 16 kHz silence.
func Silence(d time.Duration) []int16 { return make([]int16, audio.Samples(d, audio.CaptureRate)) }

// Speed is how many times faster than real time the helpers run.
const Speed = 4

// Mic sends pcm as 20 ms frames, one every 20 ms / Speed, then closes the channel.
func Mic(ctx context.Context, pcm []int16) <-chan []int16 {
	ch := make(chan []int16)
	go func() {
		defer close(ch)
		t := time.NewTicker(20 * time.Millisecond / Speed)
		defer t.Stop()
		for _, f := range audio.Frames(pcm, 320) {
			select {
			case ch <- f:
			case <-ctx.Done():
				return
			}
			<-t.C
		}
	}()
	return ch
}

// Speaker drains p as a device would: 20 ms every 20 ms / Speed. It keeps what it
// played (audio and silence between) until ctx ends.
type Speaker struct {
	mu     sync.Mutex
	played []int16
	audio  int
}

// Play starts draining p.
func Play(ctx context.Context, p *audio.Player) *Speaker {
	s := &Speaker{}
	go func() {
		t := time.NewTicker(20 * time.Millisecond / Speed)
		defer t.Stop()
		buf := make([]int16, audio.Samples(20*time.Millisecond, p.Rate()))
		for {
			select {
			case <-ctx.Done():
				return
			case <-t.C:
			}
			n := p.Fill(buf)
			s.mu.Lock()
			s.audio += n
			s.played = append(s.played, buf[:n]...)
			s.mu.Unlock()
		}
	}()
	return s
}

// Audio is the audio played so far (silence left out).
func (s *Speaker) Audio() []int16 {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]int16(nil), s.played...)
}

// Tools is a recording ToolRunner with one tool, get_time, answering
// {"time":"10:00"} after Delay (or when its ctx is cancelled).
type Tools struct {
	Delay time.Duration
	mu    sync.Mutex
	calls []string
	// Cancelled counts calls that ended because their ctx was cancelled.
	cancelled int
}

// Tools implements realtime.ToolRunner.
func (t *Tools) Tools() []realtime.ToolSpec {
	return []realtime.ToolSpec{{Name: "get_time", Description: "Current time",
		Schema: json.RawMessage(`{"type":"object","properties":{}}`)}}
}

// Run implements realtime.ToolRunner.
func (t *Tools) Run(ctx context.Context, name string, args json.RawMessage) (string, error) {
	t.mu.Lock()
	t.calls = append(t.calls, name+" "+string(args))
	t.mu.Unlock()
	select {
	case <-time.After(t.Delay):
	case <-ctx.Done():
		t.mu.Lock()
		t.cancelled++
		t.mu.Unlock()
		return "", ctx.Err()
	}
	return `{"time":"10:00"}`, nil
}

// Calls lists the calls made ("name args").
func (t *Tools) Calls() []string {
	t.mu.Lock()
	defer t.mu.Unlock()
	return append([]string(nil), t.calls...)
}

// Cancelled counts calls aborted through their context.
func (t *Tools) Cancelled() int {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.cancelled
}

// NoSleep replaces Session.Sleep: it records the waits and returns at once.
type NoSleep struct {
	mu    sync.Mutex
	waits []time.Duration
}

// Sleep records d.
func (n *NoSleep) Sleep(ctx context.Context, d time.Duration) error {
	n.mu.Lock()
	n.waits = append(n.waits, d)
	n.mu.Unlock()
	return ctx.Err()
}

// Waits lists the recorded waits.
func (n *NoSleep) Waits() []time.Duration {
	n.mu.Lock()
	defer n.mu.Unlock()
	return append([]time.Duration(nil), n.waits...)
}
