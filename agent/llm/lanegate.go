package llm

import (
	"context"
	"errors"
	"sync"
	"time"
)

// laneGate is one lane's own rate-limit queue: after the lane answered 429
// its requests wait (the secondary) or are skipped (the primary) until the
// Retry-After the API sent has passed, without holding up the other lane.
type laneGate struct {
	mu    sync.Mutex
	until time.Time // no request before this
}

// limited records err's Retry-After (or one second) when err is a rate limit.
func (g *laneGate) limited(err error, now time.Time) {
	if !errors.Is(err, ErrRateLimited) {
		return
	}
	d := time.Second
	var ae *APIError
	if errors.As(err, &ae) && ae.RetryAfter > 0 {
		d = min(ae.RetryAfter, time.Minute)
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	if t := now.Add(d); t.After(g.until) {
		g.until = t
	}
}

// wait returns how long a request must still wait at now.
func (g *laneGate) wait(now time.Time) time.Duration {
	g.mu.Lock()
	defer g.mu.Unlock()
	return max(0, g.until.Sub(now))
}

// queue waits until the gate opens or ctx ends.
func (g *laneGate) queue(ctx context.Context, now time.Time, sleep func(context.Context, time.Duration) error) error {
	if d := g.wait(now); d > 0 {
		return sleep(ctx, d)
	}
	return nil
}
