package cascade

import (
	"context"
	"sync"
	"time"

	"github.com/kin-companion/kin/agent/voice/realtime"
)

// The cascade times its turns into the same [realtime.Stats] as the realtime
// paths (kin talk --stats, the F1 panel through the bus): kin's own stages
// (capture, the echo stage, the hand-offs between the stages, queueing the
// first audio, playing it), the end-of-turn wait kin holds itself, and the
// providers' share split into STT, the model's first token and first sentence,
// and the TTS's first audio.

// setupStats finds the Stats (the field, or the one [realtime.WithStats] put in
// ctx) and wires it to the bus and the playback's start callback.
func (p *Pipeline) setupStats(ctx context.Context) {
	if p.Stats == nil {
		p.Stats = realtime.FromContext(ctx)
	}
	if p.Stats == nil && p.Bus != nil { // the window's F1 panel shows each turn
		p.Stats = &realtime.Stats{}
	}
	if p.Stats == nil {
		return
	}
	if p.Bus != nil {
		p.Stats.Publish(p.Bus, "cascade")
	}
	if pb, ok := p.Playback.(interface{ SetOnStart(func(string)) }); ok {
		pb.SetOnStart(p.Stats.Started)
	}
}

// echo runs the echo stage on a microphone frame that arrived at at, and
// records the frame's timing.
func (p *Pipeline) echo(f []int16, at time.Time) []int16 {
	var lat time.Duration
	if p.Echo != nil {
		f, _ = p.Echo.Process(f)
		if l, ok := p.Echo.(interface{ Latency() time.Duration }); ok {
			lat = l.Latency()
		}
	}
	if p.Stats != nil && f != nil {
		p.Stats.Frame(f, realtime.Voiced{At: at, AEC: time.Since(at) + lat, Delay: lat})
	}
	return f
}

// turnClock times one turn, from the moment VAD (or the talk key) ended the
// utterance to its reply's first audio queued. A nil *turnClock times nothing.
type turnClock struct {
	stats *realtime.Stats
	reply realtime.Reply

	mu       sync.Mutex
	asked    time.Time // the brain's request
	sentence time.Time // the first sentence complete
	said     time.Time // the first sentence sent to TTS
	queued   bool
}

func (p *Pipeline) clock(item string, ended time.Time) *turnClock {
	if p.Stats == nil {
		return nil
	}
	return &turnClock{stats: p.Stats, reply: realtime.Reply{Item: item, Ended: ended}}
}

// transcribed: the STT request went out at from and answered now.
func (c *turnClock) transcribed(from time.Time) {
	if c != nil {
		c.reply.Send += from.Sub(c.reply.Ended)
		c.reply.Share.STT = time.Since(from)
	}
}

// graced: the end-of-turn check began at from and ended now.
func (c *turnClock) graced(from time.Time) {
	if c != nil {
		c.reply.Grace = time.Since(from)
	}
}

// ask: the brain is asked now.
func (c *turnClock) ask() {
	if c != nil {
		c.asked = time.Now()
	}
}

// text: the brain streamed text; sentence says it completed the first sentence.
func (c *turnClock) text(sentence bool) {
	if c == nil {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	now := time.Now()
	if c.reply.Share.FirstToken == 0 {
		c.reply.Share.FirstToken = max(now.Sub(c.asked), 1)
	}
	if sentence && c.sentence.IsZero() {
		c.sentence = now
		c.reply.Share.FirstSentence = now.Sub(c.asked) - c.reply.Share.FirstToken
	}
}

// speaking: a sentence goes to TTS now.
func (c *turnClock) speaking() {
	if c == nil {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.said.IsZero() {
		c.said = time.Now()
		if !c.sentence.IsZero() {
			c.reply.Send += c.said.Sub(c.sentence)
		}
	}
}

// audio: TTS handed over audio at from; it is about to be queued. Only the
// reply's first audio counts.
func (c *turnClock) audio(from time.Time) {
	if c == nil {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.queued {
		return
	}
	c.queued = true
	now := time.Now()
	c.reply.Share.FirstAudio = from.Sub(c.said)
	c.reply.Receive = now.Sub(from)
	c.stats.Queued(c.reply, now)
}
