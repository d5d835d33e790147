package realtime

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/kin-companion/kin/agent/voice/vad"
)

// Stage is one of kin's own steps between the user's voice and kin's reply.
type Stage int

// The stages, in the order sound goes through them. Capture to Send carry the
// user's last word out; Receive to Play bring the reply's first audio in.
const (
	Capture  Stage = iota // the capture device's buffer ([Stats.Capture])
	AEC                   // echo cancellation or gating of the last voiced frame
	Resample              // 16 kHz to the provider's rate
	Send                  // encoding and writing it to the socket
	Receive               // from decoded reply audio to the conversation loop
	Decode                // JSON and base64 of the reply's first audio message
	Play                  // from the queue to the device taking its first samples
	NumStages
)

func (s Stage) String() string {
	return [...]string{"capture", "aec", "resample", "send", "receive", "decode", "play"}[s]
}

// TurnStats is the timing of one turn: from the end of the user's speech (the
// last voiced microphone frame) to the first sample of the reply played.
type TurnStats struct {
	Total    time.Duration
	Stages   [NumStages]time.Duration
	Provider time.Duration // Total less kin's stages: network, turn detection, the model
}

// Kin is kin's own share: the sum of the stages.
func (t TurnStats) Kin() time.Duration {
	var k time.Duration
	for _, d := range t.Stages {
		k += d
	}
	return k
}

// String is the turn on one line, in milliseconds.
func (t TurnStats) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "total %s = provider %s + kin %s (", ms(t.Total), ms(t.Provider), ms(t.Kin()))
	for i, d := range t.Stages {
		if i > 0 {
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, "%s %s", Stage(i), ms(d))
	}
	b.WriteString(")")
	return b.String()
}

func ms(d time.Duration) string { return fmt.Sprintf("%.1f ms", float64(d)/float64(time.Millisecond)) }

// Stats times the turns of a [Session] (set Session.Stats). Safe for
// concurrent use; the zero value is ready.
type Stats struct {
	// Capture is the capture device's buffer, counted as kin's share; 0 when
	// the microphone is a file.
	Capture time.Duration
	// OnTurn, if set, receives each finished turn, on the playback device's
	// goroutine; it must not block.
	OnTurn func(TurnStats)

	mu    sync.Mutex
	vad   *vad.VAD
	last  *voiced  // the last voiced frame since the previous reply began
	reply *pending // the reply whose first audio is queued, not yet played
	turns []TurnStats
}

// voiced is the timing of a voiced microphone frame.
type voiced struct {
	at                  time.Time // when it reached the session
	aec, resample, send time.Duration
	// delay is the part of aec and resample that is by design (a filter's
	// delay): the speech in this frame ended that much before it came out.
	delay time.Duration
}

// pending is a reply queued but not yet played.
type pending struct {
	item            string
	from            voiced
	receive, decode time.Duration
	queued          time.Time
}

// frame records one microphone frame as it left kin (gated samples pcm).
func (s *Stats) frame(pcm []int16, v voiced) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.vad == nil {
		s.vad = vad.New(vad.Config{})
	}
	s.vad.Write(pcm)
	if s.vad.Loud() {
		s.last = &v
	}
}

// queued records reply audio d handed to playback at now.
func (s *Stats) queued(d AudioDelta, now time.Time) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.last == nil || s.reply != nil && s.reply.item == d.ItemID {
		return
	}
	p := &pending{item: d.ItemID, from: *s.last, queued: now}
	if !d.Arrived.IsZero() {
		p.decode, p.receive = d.Decoded.Sub(d.Arrived), now.Sub(d.Decoded)
	}
	s.reply, s.last = p, nil
}

// Started is the playback's start callback (audio.Player.SetOnStart): item's
// first samples were just taken by the device. [Session.Run] wires it when
// the Playback has SetOnStart.
func (s *Stats) Started(item string) {
	now := time.Now()
	s.mu.Lock()
	p := s.reply
	if p == nil || p.item != item {
		s.mu.Unlock()
		return
	}
	s.reply = nil
	t := TurnStats{Total: now.Sub(p.from.at) + s.Capture + p.from.delay}
	t.Stages = [NumStages]time.Duration{s.Capture, p.from.aec, p.from.resample, p.from.send,
		p.receive, p.decode, now.Sub(p.queued)}
	t.Provider = t.Total - t.Kin()
	s.turns = append(s.turns, t)
	on := s.OnTurn
	s.mu.Unlock()
	if on != nil {
		on(t)
	}
}

// Turns returns the turns timed so far.
func (s *Stats) Turns() []TurnStats {
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Clone(s.turns)
}

// Percentile is the p-th percentile (0..100, nearest rank) of f over turns;
// 0 for none.
func Percentile(turns []TurnStats, p float64, f func(TurnStats) time.Duration) time.Duration {
	if len(turns) == 0 {
		return 0
	}
	v := make([]time.Duration, len(turns))
	for i, t := range turns {
		v[i] = f(t)
	}
	slices.Sort(v)
	i := int(p/100*float64(len(v))+0.999999) - 1
	return v[min(max(i, 0), len(v)-1)]
}

type statsKey struct{}

// WithStats returns ctx carrying s: a [Session] run with it and no Stats of its
// own times its turns into s, as net/http/httptrace does for requests. It lets
// a caller that does not build the Session (kin talk --stats) still see them.
func WithStats(ctx context.Context, s *Stats) context.Context {
	return context.WithValue(ctx, statsKey{}, s)
}

func statsFrom(ctx context.Context) *Stats {
	s, _ := ctx.Value(statsKey{}).(*Stats)
	return s
}

// StatsFrom returns the Stats [WithStats] put in ctx, or nil.
func StatsFrom(ctx context.Context) *Stats { return statsFrom(ctx) }

// latencyOf is the delay a stage adds by design (an echo canceller's block),
// when it tells.
func latencyOf(v any) time.Duration {
	if l, ok := v.(interface{ Latency() time.Duration }); ok {
		return l.Latency()
	}
	return 0
}
