package realtime_test

import (
	"context"
	"math"
	"sync"
	"testing"
	"time"

	"github.com/kin-companion/kin/agent/voice/audio"
	"github.com/kin-companion/kin/agent/voice/espeak"
	"github.com/kin-companion/kin/agent/voice/realtime"
	rt "github.com/kin-companion/kin/agent/voice/realtime/realtimetest"
	"github.com/kin-companion/kin/agent/voice/turn"
)

// storyConn is a connection whose model tells one long story (a steady tone,
// reply item "story") and then listens; it records interruptions.
type storyConn struct {
	story []int16
	sent  bool

	mu          sync.Mutex
	interrupts  []time.Duration
	interruptAt time.Time
}

func (c *storyConn) Dial(context.Context, realtime.Config) (realtime.Conn, error) { return c, nil }
func (c *storyConn) InputRate() int                                               { return audio.CaptureRate }
func (c *storyConn) SendAudio([]int16) error                                      { return nil }
func (c *storyConn) EndAudio() error                                              { return nil }
func (c *storyConn) SendText(string) error                                        { return nil }
func (c *storyConn) SendToolResults([]realtime.ToolResult) error                  { return nil }
func (c *storyConn) Close() error                                                 { return nil }

func (c *storyConn) Interrupt(item string, heard time.Duration) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.interrupts = append(c.interrupts, heard)
	c.interruptAt = time.Now()
	return nil
}

func (c *storyConn) Recv(ctx context.Context) (realtime.Event, error) {
	if !c.sent {
		c.sent = true
		return realtime.AudioDelta{ItemID: "story", PCM: c.story}, nil
	}
	<-ctx.Done()
	return nil, ctx.Err()
}

func tone(d time.Duration) []int16 {
	out := make([]int16, audio.Samples(d, audio.PlaybackRate))
	for i := range out {
		out[i] = int16(10000 * math.Sin(2*math.Pi*200*float64(i)/audio.PlaybackRate))
	}
	return out
}

func peak(pcm []int16) int {
	m := 0
	for _, s := range pcm {
		m = max(m, int(math.Abs(float64(s))))
	}
	return m
}

// TestBackchannelDucksSentenceStops: while kin tells a 6 s story, the user
// says "mhm" at 1 s — kin ducks and carries on — then "Hold on a second." at
// 3 s, which stops the story where it was heard.
func TestBackchannelDucksSentenceStops(t *testing.T) {
	opt := espeak.Options{Voice: "en-us"}
	var mic []int16
	mic = append(mic, rt.Silence(time.Second)...)
	mic = append(mic, rt.Speech(t, "mhm", opt)...)
	mic = append(mic, rt.Silence(3*time.Second-audio.Duration(len(mic), audio.CaptureRate))...)
	mic = append(mic, rt.Speech(t, "Hold on a second.", opt)...)
	mic = append(mic, rt.Silence(time.Second)...)
	for i := range mic { // a quiet room, so the VAD has a floor
		mic[i] += int16((i*7919)%61 - 30)
	}
	conn := &storyConn{story: tone(6 * time.Second)}
	player := audio.NewPlayer(audio.PlaybackRate, nil)
	s := &realtime.Session{Dialer: conn, Playback: player, IdleAfterInput: 200 * time.Millisecond,
		Floor: turn.NewBargeIn(turn.Config{})}
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	spk := rt.Play(ctx, player)
	if err := s.Run(ctx, rt.Mic(ctx, mic)); err != nil {
		t.Fatal(err)
	}
	conn.mu.Lock()
	defer conn.mu.Unlock()
	if len(conn.interrupts) != 1 {
		t.Fatalf("%d interruptions, want 1 (the sentence, not the mhm)", len(conn.interrupts))
	}
	if h := conn.interrupts[0]; h < 2500*time.Millisecond || h > 4500*time.Millisecond {
		t.Errorf("the story was cut after %v; want between 2.5 s and 4.5 s", h)
	}
	played := spk.Audio()
	full := peak(conn.story)
	win := audio.Samples(100*time.Millisecond, audio.PlaybackRate)
	ducked, restored := false, false
	for i := 0; i+win <= len(played); i += win {
		p := peak(played[i : i+win])
		if p < full/2 && i < audio.Samples(2500*time.Millisecond, audio.PlaybackRate) {
			ducked = true
		}
		if ducked && p > full*9/10 {
			restored = true
		}
	}
	if !ducked || !restored {
		t.Errorf("ducked %v, restored %v: want kin to duck for the mhm and come back", ducked, restored)
	}
}
