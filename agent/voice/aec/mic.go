package aec

import (
	"math"
	"sync"
	"time"

	"github.com/kin-companion/kin/agent/voice/audio"
)

// Reference collects what the speaker actually took, for the canceller: the
// playback side writes every buffer the device pulls ([Reference.Write], e.g.
// from a tap on audio.Player's Fill), the microphone side reads as many samples
// as each frame holds ([Reference.Read]). Both sides run at their devices' pace,
// so the reference lags the playback by a roughly constant amount, which the
// canceller's delay estimator finds. When the playback side falls behind, the
// reader gets silence (the lag grows); when the microphone stops, the oldest
// samples are dropped beyond MaxLag (the lag shrinks). Safe for concurrent use.
type Reference struct {
	mu     sync.Mutex
	rs     *audio.Resampler
	fifo   []int16
	maxLag int
	tmp    []int16
}

// NewReference returns a reference that takes playback at playRate and hands
// it out at micRate, keeping at most 250 ms.
func NewReference(playRate, micRate int) (*Reference, error) {
	rs, err := audio.NewResampler(playRate, micRate)
	if err != nil {
		return nil, err
	}
	return &Reference{rs: rs, maxLag: micRate / 4}, nil
}

// Write appends samples the speaker took (at the playback rate).
func (r *Reference) Write(played []int16) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.tmp = r.rs.Process(r.tmp[:0], played)
	r.fifo = append(r.fifo, r.tmp...)
	if over := len(r.fifo) - r.maxLag; over > 0 {
		r.fifo = r.fifo[:copy(r.fifo, r.fifo[over:])]
	}
}

// Read fills dst with the oldest samples not read yet, silence where there
// are none.
func (r *Reference) Read(dst []int16) {
	r.mu.Lock()
	defer r.mu.Unlock()
	n := copy(dst, r.fifo)
	clear(dst[n:])
	r.fifo = r.fifo[:copy(r.fifo, r.fifo[n:])]
}

// Echo is the microphone's echo stage for kin's voice paths: each frame goes
// through the canceller, with the [Reference] as the far end, then through the
// level gate as a fallback — told how loud the echo still is after the
// canceller (the playback level lowered by the ERLE the canceller measures), so
// until the canceller has converged the gate behaves as it always did, and
// after it the user's voice passes at a normal level. Its Process has the
// gate's signature, so it drops in where an *audio.EchoGate went. Not safe for
// concurrent use; one per microphone stream.
type Echo struct {
	C    *Canceller
	Ref  *Reference
	Gate *audio.EchoGate
	ref  []int16
}

// NewEcho returns the stage for 16 kHz microphone frames; level is the recent
// playback level, 0..1 (audio.Player's RecentLevel).
func NewEcho(ref *Reference, level func() float64) *Echo {
	e := &Echo{C: New(Config{Rate: audio.CaptureRate, FrameMs: 20}), Ref: ref}
	e.Gate = &audio.EchoGate{Reference: func() float64 { return level() * e.residual() }}
	return e
}

// residual is the factor the canceller leaves of the echo's level.
func (e *Echo) residual() float64 {
	return math.Pow(10, -e.C.Stats().ERLE/20)
}

// Process cancels the echo in frame (which it overwrites) and gates what is
// left, returning what the audio.EchoGate would: the frame (possibly with
// frames held before it), silence, or nil while it holds a loud frame back.
func (e *Echo) Process(frame []int16) (out []int16, passed bool) {
	if cap(e.ref) < len(frame) {
		e.ref = make([]int16, len(frame))
	}
	ref := e.ref[:len(frame)]
	e.Ref.Read(ref)
	copy(frame, e.C.Process(frame, ref))
	return e.Gate.Process(frame)
}

// Latency is how much later a sample leaves Process than it came in (the
// canceller's block delay), for latency accounting (realtime.Stats).
func (e *Echo) Latency() time.Duration { return e.C.Latency() }
