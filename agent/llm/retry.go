package llm

import (
	"context"
	"errors"
	"math/rand/v2"
	"time"
)

// Backoff returns how long to wait before retry number attempt (1-based).
type Backoff func(attempt int) time.Duration

// ExpBackoff doubles from base up to max, with up to 25% jitter.
func ExpBackoff(base, max time.Duration) Backoff {
	return func(attempt int) time.Duration {
		d := base << (attempt - 1)
		if d > max || d <= 0 {
			d = max
		}
		return d - time.Duration(rand.Int64N(int64(d)/4+1))
	}
}

// RetryPolicy configures [WithRetry].
type RetryPolicy struct {
	Attempts int     // total attempts, at least 1; default 3
	Backoff  Backoff // default ExpBackoff(500ms, 8s)
	// Sleep waits d or until ctx ends; tests replace it to run instantly.
	Sleep func(ctx context.Context, d time.Duration) error
}

// WithRetry wraps p so that retryable errors (see [Retryable]) are retried
// with backoff, honouring a Retry-After the API sent. A streamed request
// that already delivered text is not retried, so no text is repeated.
func WithRetry(p Provider, pol RetryPolicy) Provider {
	if pol.Attempts < 1 {
		pol.Attempts = 3
	}
	if pol.Backoff == nil {
		pol.Backoff = ExpBackoff(500*time.Millisecond, 8*time.Second)
	}
	if pol.Sleep == nil {
		pol.Sleep = sleep
	}
	return &retrying{p: p, pol: pol}
}

type retrying struct {
	p   Provider
	pol RetryPolicy
}

func (r *retrying) Name() string { return r.p.Name() }

func (r *retrying) Complete(ctx context.Context, req *Request) (*Response, error) {
	streamed := false
	inner := *req
	inner.OnText = func(s string) {
		streamed = true
		req.Text(s)
	}
	for attempt := 1; ; attempt++ {
		resp, err := r.p.Complete(ctx, &inner)
		if err == nil || attempt >= r.pol.Attempts || streamed || !Retryable(err) || ctx.Err() != nil {
			return resp, err
		}
		d := r.pol.Backoff(attempt)
		var ae *APIError
		if errors.As(err, &ae) && ae.RetryAfter > d && ae.RetryAfter <= time.Minute {
			d = ae.RetryAfter
		}
		if err := r.pol.Sleep(ctx, d); err != nil {
			return nil, err
		}
	}
}

func sleep(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}
