// Package vad finds speech in a stream of 16-bit mono PCM by its energy: each 20 ms
// frame's level is compared with an adaptive noise floor, speech starts after a few
// loud frames and ends after a stretch of quiet (the hangover). [Segmenter] cuts
// utterances out of the stream with some pre-roll, for speech-to-text. Time is
// counted in samples, so results do not depend on the wall clock.
package vad

import (
	"time"

	"github.com/kin-companion/kin/agent/voice/audio"
)

// Config tunes a [VAD]. Zero fields take the defaults shown.
type Config struct {
	Rate     int           // samples per second; 16000
	Frame    time.Duration // analysis frame; 20 ms
	Margin   float64       // dB above the noise floor that counts as speech; 12
	MinLevel float64       // dBFS below which nothing is speech; −45
	Start    time.Duration // speech needed within StartSpan to start; 60 ms
	Hang     time.Duration // quiet that ends speech; 500 ms
}

func (c *Config) defaults() {
	if c.Rate == 0 {
		c.Rate = audio.CaptureRate
	}
	if c.Frame == 0 {
		c.Frame = 20 * time.Millisecond
	}
	if c.Margin == 0 {
		c.Margin = 12
	}
	if c.MinLevel == 0 {
		c.MinLevel = -45
	}
	if c.Start == 0 {
		c.Start = 60 * time.Millisecond
	}
	if c.Hang == 0 {
		c.Hang = 500 * time.Millisecond
	}
}

// Kind says what an [Event] is.
type Kind int

// The events of a VAD.
const (
	SpeechStart Kind = iota + 1
	SpeechEnd
)

// Event is a change of state; At is the sample offset in the stream where speech
// began (SpeechStart) or where its last loud frame ended (SpeechEnd).
type Event struct {
	Kind Kind
	At   int64
}

// VAD is an energy voice-activity detector. Not safe for concurrent use.
type VAD struct {
	cfg      Config
	frameLen int
	startN   int // loud frames needed among the last startN+1
	hangN    int

	pending  []int16
	pos      int64   // samples consumed into frames
	floor    float64 // noise floor, dB
	speaking bool
	recent   []bool // the last startN+1 frames: loud?
	quiet    int    // quiet frames in a row while speaking
	lastLoud int64  // end of the last loud frame
	level    float64
	loud     bool // the last frame counted as speech
}

// New returns a VAD for cfg.
func New(cfg Config) *VAD {
	cfg.defaults()
	v := &VAD{cfg: cfg, frameLen: audio.Samples(cfg.Frame, cfg.Rate), floor: -60}
	v.startN = max(1, int(cfg.Start/cfg.Frame))
	v.hangN = max(1, int(cfg.Hang/cfg.Frame))
	return v
}

// Speaking reports whether the VAD is inside speech.
func (v *VAD) Speaking() bool { return v.speaking }

// Level is the last frame's level in dBFS.
func (v *VAD) Level() float64 { return v.level }

// Loud reports whether the last whole frame counted as speech.
func (v *VAD) Loud() bool { return v.loud }

// FrameLen is the analysis frame in samples.
func (v *VAD) FrameLen() int { return v.frameLen }

// Floor is the current noise-floor estimate in dBFS.
func (v *VAD) Floor() float64 { return v.floor }

// Write feeds the next samples (any length) and returns the events they caused.
func (v *VAD) Write(pcm []int16) []Event {
	var evs []Event
	v.pending = append(v.pending, pcm...)
	for len(v.pending) >= v.frameLen {
		if e, ok := v.frame(v.pending[:v.frameLen]); ok {
			evs = append(evs, e)
		}
		v.pending = v.pending[v.frameLen:]
	}
	v.pending = append([]int16(nil), v.pending...)
	return evs
}

func (v *VAD) frame(f []int16) (Event, bool) {
	e := audio.DBFS(audio.RMS(f))
	v.level = e
	start := v.pos
	v.pos += int64(len(f))
	loud := e > v.floor+v.cfg.Margin && e > v.cfg.MinLevel
	v.loud = loud
	switch {
	case e < v.floor:
		v.floor += 0.3 * (e - v.floor)
	case !loud:
		v.floor += 0.02 * (e - v.floor)
	default:
		v.floor += 0.002 * (e - v.floor) // a constant hum rises into the floor within ~10 s
	}
	v.floor = max(v.floor, -90)
	v.recent = append(v.recent, loud)
	if len(v.recent) > v.startN+1 {
		v.recent = v.recent[1:]
	}
	if loud {
		v.lastLoud, v.quiet = v.pos, 0
	} else {
		v.quiet++
	}
	if !v.speaking {
		n := 0
		for _, l := range v.recent {
			if l {
				n++
			}
		}
		if n >= v.startN && loud {
			v.speaking = true
			return Event{SpeechStart, start - int64((n-1)*v.frameLen)}, true
		}
		return Event{}, false
	}
	if v.quiet >= v.hangN {
		v.speaking = false
		v.recent = v.recent[:0]
		return Event{SpeechEnd, v.lastLoud}, true
	}
	return Event{}, false
}

// Starts wraps a VAD as a detector of the user starting to speak: Write
// reports whether the samples began speech (a realtime session's local
// barge-in).
func Starts(v *VAD) interface{ Write([]int16) bool } { return starts{v} }

type starts struct{ v *VAD }

func (s starts) Write(pcm []int16) bool {
	for _, e := range s.v.Write(pcm) {
		if e.Kind == SpeechStart {
			return true
		}
	}
	return false
}
