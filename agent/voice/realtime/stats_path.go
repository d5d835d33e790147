package realtime

import (
	"context"
	"fmt"
	"time"

	"github.com/kin-companion/kin/agent/protocol"
)

// ProviderShare splits the provider's share of a cascaded turn: the
// transcription, the model's first token, the rest of its first whole sentence
// (the first thing that can be spoken), and the speech synthesiser's first audio.
type ProviderShare struct {
	STT, FirstToken, FirstSentence, FirstAudio time.Duration
}

func (p ProviderShare) String() string {
	return fmt.Sprintf("stt %s, llm first token %s, first sentence %s, tts first audio %s",
		ms(p.STT), ms(p.FirstToken), ms(p.FirstSentence), ms(p.FirstAudio))
}

// Payload is the turn as the bus carries it, for the window's F1 panel; path is
// "realtime" or "cascade".
func (t TurnStats) Payload(path string) protocol.VoiceTurnPayload {
	f := func(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }
	st := t.Stages
	return protocol.VoiceTurnPayload{Path: path, TotalMs: f(t.Total), ProviderMs: f(t.Provider), KinMs: f(t.Kin()),
		WaitMs: f(t.Wait), CaptureMs: f(st[Capture]), AECMs: f(st[AEC]), ResampleMs: f(st[Resample]),
		SendMs: f(st[Send]), ReceiveMs: f(st[Receive]), DecodeMs: f(st[Decode]), PlayMs: f(st[Play]),
		STTMs: f(t.Share.STT), FirstTokenMs: f(t.Share.FirstToken), FirstSentenceMs: f(t.Share.FirstSentence),
		FirstAudioMs: f(t.Share.FirstAudio)}
}

// Publish makes s post every finished turn on bus as a
// [protocol.VoiceTurnPayload] of path ("realtime" or "cascade"). A [Session]
// with a Bus calls it; so does the cascade's Pipeline.
func (s *Stats) Publish(bus *protocol.Bus, path string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.bus, s.path = bus, path
}

// FromContext returns the Stats [WithStats] put in ctx, or nil.
func FromContext(ctx context.Context) *Stats { return statsFrom(ctx) }

// Voiced is the timing of one microphone frame as it left kin, for a voice path
// other than [Session] (the cascade): when it arrived, the time the echo stage
// and resampling took, the time to hand it on, and the part of those that is
// a filter's delay by design.
type Voiced struct {
	At                  time.Time
	AEC, Resample, Send time.Duration
	Delay               time.Duration
}

// Frame records one microphone frame (pcm, after the echo stage) of a path
// other than [Session]; the last loud one ends the user's speech.
func (s *Stats) Frame(pcm []int16, v Voiced) {
	s.frame(pcm, voiced{at: v.At, aec: v.AEC, resample: v.Resample, send: v.Send, delay: v.Delay})
}

// Reply is what a path other than [Session] knows when it queues a reply's
// first audio: when its own turn detection judged the utterance over (Ended)
// and any grace it then gave an unfinished one — together kin's end-of-turn
// wait, counted from the last loud frame —, its hand-offs to and from the
// providers (added to the send and receive stages) and the providers' share.
type Reply struct {
	Item          string
	Ended         time.Time
	Grace         time.Duration
	Send, Receive time.Duration
	Share         ProviderShare
}

// Queued records a reply's first audio handed to playback at now; the turn
// ends when the playback calls [Stats.Started] with r.Item.
func (s *Stats) Queued(r Reply, now time.Time) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.last == nil || s.reply != nil && s.reply.item == r.Item {
		return
	}
	from := *s.last
	from.send += r.Send
	wait := r.Grace
	if !r.Ended.IsZero() {
		wait += max(r.Ended.Sub(from.at), 0)
	}
	s.reply = &pending{item: r.Item, from: from, queued: now, receive: r.Receive, wait: wait, share: r.Share}
	s.last = nil
}
