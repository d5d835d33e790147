package turn

import (
	"time"

	"github.com/kin-companion/kin/agent/voice/audio"
	"github.com/kin-companion/kin/agent/voice/vad"
)

// Action is what kin should do with its own speech after a microphone frame.
type Action int

// The actions of a [BargeIn], in the order they usually come.
const (
	Keep    Action = iota // nothing new
	Duck                  // the user made a sound: lower kin's volume
	Stop                  // a real interruption: stop kin and listen
	Restore               // it was a backchannel: back to full volume
)

func (a Action) String() string {
	return [...]string{"keep", "duck", "stop", "restore"}[a]
}

// Config tunes a [BargeIn]. Zero fields take the defaults shown.
type Config struct {
	Rate int // samples per second; 16000
	// Speech is how much voiced sound (20 ms frames the VAD counts as speech) a
	// burst needs before it is an interruption; 640 ms. Backchannels and coughs
	// stay below it, a sentence passes it in well under a second.
	Speech time.Duration
	// Gap is the quiet that ends a burst; 400 ms. Shorter pauses (between the
	// words of "wait, stop") keep adding to the same burst.
	Gap time.Duration
	// VAD tunes the detector underneath; its Rate follows Rate.
	VAD vad.Config
}

func (c *Config) defaults() {
	if c.Rate == 0 {
		c.Rate = audio.CaptureRate
	}
	if c.Speech == 0 {
		c.Speech = 640 * time.Millisecond
	}
	if c.Gap == 0 {
		c.Gap = 400 * time.Millisecond
	}
	c.VAD.Rate = c.Rate
}

// BargeIn tells backchannels from interruptions. Feed it every microphone frame
// (after echo cancellation) with [BargeIn.Write]; it answers with an [Action]. It
// works whether or not kin is speaking; the caller ignores Duck and Stop when
// nothing plays. Not safe for concurrent use.
type BargeIn struct {
	cfg     Config
	vad     *vad.VAD
	frame   []int16
	need    int // voiced frames that make an interruption
	gapN    int // quiet frames that end a burst
	voiced  int // voiced frames in the current burst
	quiet   int // quiet frames in a row
	ducked  bool
	stopped bool // the current burst already stopped kin
}

// NewBargeIn returns a detector for cfg.
func NewBargeIn(cfg Config) *BargeIn {
	cfg.defaults()
	v := vad.New(cfg.VAD)
	frame := time.Duration(v.FrameLen()) * time.Second / time.Duration(cfg.Rate)
	return &BargeIn{cfg: cfg, vad: v,
		need: max(1, int(cfg.Speech/frame)), gapN: max(1, int(cfg.Gap/frame))}
}

// Write feeds the next samples (any length) and returns the strongest action
// they call for (Stop over Duck over Restore over Keep).
func (b *BargeIn) Write(pcm []int16) Action {
	act := Keep
	n := b.vad.FrameLen()
	for len(pcm) > 0 {
		c := min(n-len(b.frame), len(pcm))
		b.frame = append(b.frame, pcm[:c]...)
		pcm = pcm[c:]
		if len(b.frame) == n {
			act = stronger(act, b.step(b.frame))
			b.frame = b.frame[:0]
		}
	}
	return act
}

// step judges one whole frame.
func (b *BargeIn) step(f []int16) Action {
	b.vad.Write(f)
	if !b.vad.Loud() {
		if b.quiet++; b.quiet < b.gapN || b.voiced == 0 {
			return Keep
		}
		wasDucked := b.ducked && !b.stopped
		b.voiced, b.ducked, b.stopped = 0, false, false
		if wasDucked {
			return Restore
		}
		return Keep
	}
	b.quiet = 0
	b.voiced++
	switch {
	case b.stopped:
		return Keep
	case b.voiced >= b.need:
		b.stopped = true
		return Stop
	case !b.ducked && b.vad.Speaking():
		b.ducked = true
		return Duck
	}
	return Keep
}

// Speaking reports whether the user is in the middle of a burst of sound.
func (b *BargeIn) Speaking() bool { return b.voiced > 0 }

func stronger(a, b Action) Action {
	rank := [...]int{Keep: 0, Restore: 1, Duck: 2, Stop: 3}
	if rank[b] > rank[a] {
		return b
	}
	return a
}
