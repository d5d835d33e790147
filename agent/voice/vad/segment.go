package vad

import (
	"time"

	"github.com/kin-companion/kin/agent/voice/audio"
)

// Segment is one utterance cut from the stream.
type Segment struct {
	Start   int64 // sample offset of the first sample (pre-roll included)
	Samples []int16
}

// Segmenter collects utterances: from PreRoll before each SpeechStart to the
// SpeechEnd, capped at Max. Not safe for concurrent use.
type Segmenter struct {
	VAD     *VAD
	PreRoll time.Duration // default 300 ms
	Max     time.Duration // default 30 s

	ring  []int16 // the last PreRoll of audio (and everything since a start)
	base  int64   // stream offset of ring[0]
	start int64
	open  bool
}

// NewSegmenter returns a segmenter over a new VAD for cfg.
func NewSegmenter(cfg Config) *Segmenter { return &Segmenter{VAD: New(cfg)} }

// Speaking reports whether an utterance is in progress.
func (s *Segmenter) Speaking() bool { return s.open }

// Write feeds samples; it returns the utterances they completed and whether speech
// started during them (a barge-in cue).
func (s *Segmenter) Write(pcm []int16) (done []Segment, started bool) {
	if s.PreRoll == 0 {
		s.PreRoll = 300 * time.Millisecond
	}
	if s.Max == 0 {
		s.Max = 30 * time.Second
	}
	rate := s.VAD.cfg.Rate
	s.ring = append(s.ring, pcm...)
	for _, e := range s.VAD.Write(pcm) {
		switch e.Kind {
		case SpeechStart:
			s.open, started = true, true
			s.start = max(s.base, e.At-int64(audio.Samples(s.PreRoll, rate)))
		case SpeechEnd:
			if s.open {
				done = append(done, s.cut(e.At))
			}
		}
	}
	if s.open && len(s.ring) > 0 && s.base+int64(len(s.ring))-s.start >= int64(audio.Samples(s.Max, rate)) {
		done = append(done, s.cut(s.base+int64(len(s.ring))))
	}
	if !s.open { // keep only the pre-roll
		keep := audio.Samples(s.PreRoll, rate) + s.VAD.frameLen
		if drop := len(s.ring) - keep; drop > 0 {
			s.ring = append(s.ring[:0], s.ring[drop:]...)
			s.base += int64(drop)
		}
	}
	return done, started
}

// cut returns the open utterance up to stream offset end.
func (s *Segmenter) cut(end int64) Segment {
	from, to := int(s.start-s.base), min(int(end-s.base), len(s.ring))
	seg := Segment{Start: s.start, Samples: append([]int16(nil), s.ring[from:to]...)}
	s.open = false
	return seg
}

// Flush ends an utterance in progress (input ended, push-to-talk released).
func (s *Segmenter) Flush() (Segment, bool) {
	if !s.open {
		return Segment{}, false
	}
	return s.cut(s.base + int64(len(s.ring))), true
}
