package llm

import (
	"context"
	"fmt"
	"sync"
	"time"
)

// DefaultCooldown is how long [Lanes] skips a primary lane that failed.
const DefaultCooldown = time.Minute

// Lanes sends each request to its Primary lane (a local model) and, when
// that fails for any reason but the caller's cancellation, to its Secondary
// lane (the cloud), as seed 001's local → cloud routing does. Callers see
// one lane-unaware provider; each [Response] names the lane that answered.
//
// A streamed reply that already produced text is not re-sent: the primary's
// error is returned instead. After a failure the primary is skipped for
// Cooldown, so a dead local server does not cost every round its timeout.
// Each lane keeps its own rate-limit queue: a primary that answered 429 is
// skipped until its Retry-After has passed, and requests to a secondary
// that did wait for its Retry-After; neither holds up the other lane.
// Lanes is safe for concurrent use.
type Lanes struct {
	Primary, Secondary Provider
	Cooldown           time.Duration    // default DefaultCooldown
	Now                func() time.Time // default time.Now
	// Sleep waits for a rate-limited secondary lane; default waits d or
	// until ctx ends. Tests replace it.
	Sleep func(ctx context.Context, d time.Duration) error

	gates  [2]laneGate // each lane's own rate-limit queue
	mu     sync.Mutex
	downAt time.Time // when the primary last failed; zero while healthy
	last   string    // the lane that answered last
}

// Fallback returns Lanes over primary and secondary with the default
// cooldown, or primary alone when secondary is nil.
func Fallback(primary, secondary Provider) Provider {
	if secondary == nil {
		return primary
	}
	return &Lanes{Primary: primary, Secondary: secondary}
}

// Name implements [Provider]: "ollama/qwen3 → anthropic/claude-x".
func (l *Lanes) Name() string { return l.Primary.Name() + " → " + l.Secondary.Name() }

// Lane returns the name of the lane that answered the last request, or the
// primary's before any.
func (l *Lanes) Lane() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.last == "" {
		return l.Primary.Name()
	}
	return l.last
}

// Complete implements [Provider].
func (l *Lanes) Complete(ctx context.Context, req *Request) (*Response, error) {
	note := fmt.Sprintf("%s is resting after a failure; %s answered", l.Primary.Name(), l.Secondary.Name())
	var first error
	if l.primaryUp() && l.gates[0].wait(l.now()) == 0 {
		resp, streamed, err := l.try(ctx, req)
		l.gates[0].limited(err, l.now())
		if err == nil || streamed || ctx.Err() != nil {
			return l.answered(resp, err, l.Primary, "")
		}
		l.setDown(true)
		first = err
		note = fmt.Sprintf("%s failed (%v); %s answered", l.Primary.Name(), err, l.Secondary.Name())
	}
	if err := l.gates[1].queue(ctx, l.now(), l.sleep()); err != nil {
		return nil, err
	}
	resp, err := l.Secondary.Complete(ctx, req)
	l.gates[1].limited(err, l.now())
	if err != nil && first != nil {
		err = fmt.Errorf("%w (after %s failed: %v)", err, l.Primary.Name(), first)
	}
	return l.answered(resp, err, l.Secondary, note)
}

// try sends req to the primary, reporting whether it streamed any text.
func (l *Lanes) try(ctx context.Context, req *Request) (*Response, bool, error) {
	streamed := false
	inner := *req
	inner.OnText = func(s string) {
		streamed = true
		req.Text(s)
	}
	resp, err := l.Primary.Complete(ctx, &inner)
	if err == nil {
		l.setDown(false)
	}
	return resp, streamed, err
}

func (l *Lanes) answered(resp *Response, err error, lane Provider, note string) (*Response, error) {
	if err != nil {
		return nil, err
	}
	l.mu.Lock()
	l.last = lane.Name()
	l.mu.Unlock()
	resp.Lane, resp.Note = lane.Name(), note
	return resp, nil
}

// primaryUp reports whether the primary may be tried: it has not failed,
// or its cooldown is over.
func (l *Lanes) primaryUp() bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	cool := l.Cooldown
	if cool <= 0 {
		cool = DefaultCooldown
	}
	return l.downAt.IsZero() || l.now().Sub(l.downAt) >= cool
}

func (l *Lanes) setDown(down bool) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if down {
		l.downAt = l.now()
	} else {
		l.downAt = time.Time{}
	}
}

func (l *Lanes) sleep() func(context.Context, time.Duration) error {
	if l.Sleep == nil {
		return sleep
	}
	return l.Sleep
}

func (l *Lanes) now() time.Time {
	if l.Now == nil {
		return time.Now()
	}
	return l.Now()
}
