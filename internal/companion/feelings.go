package companion

import (
	"context"
	"sync"
	"time"

	"github.com/kin-companion/kin/agent/protocol"
	"github.com/kin-companion/kin/avatar"
)

// feelings follows the character's emotions from the bus with the Empathy
// Layer's own rules, with no model or window: what kin://emotions reports.
type feelings struct {
	mu   sync.Mutex
	e    avatar.Emotions
	s    avatar.Stimuli
	last time.Time
}

// run applies the bus's events until ctx ends.
func (f *feelings) run(ctx context.Context, bus *protocol.Bus) {
	sub := bus.Subscribe()
	defer sub.Close()
	for {
		select {
		case <-ctx.Done():
			return
		case _, ok := <-sub.Ready():
			if !ok {
				return
			}
			sub.Drain(64, func(ev protocol.Event) {
				f.mu.Lock()
				f.decayLocked(time.Now())
				f.s.React(&f.e, ev)
				f.mu.Unlock()
			})
		}
	}
}

func (f *feelings) decayLocked(now time.Time) {
	if !f.last.IsZero() {
		f.e.Decay(float32(now.Sub(f.last).Seconds()))
	}
	f.last = now
}

// snapshot returns each emotion's weight now, with neutral.
func (f *feelings) snapshot() map[string]float64 {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.decayLocked(time.Now())
	out := map[string]float64{"neutral": float64(f.e.Neutral())}
	for i, v := range f.e {
		out[avatar.Emotion(i).String()] = float64(v)
	}
	return out
}
