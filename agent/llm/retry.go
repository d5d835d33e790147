package llm

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"math/rand/v2"
	"strings"
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
	// Timeout, when positive, abandons an attempt that has gone quiet this
	// long — no reply yet, or no streamed fragment since the last one — as
	// [ErrTimeout], which is retried. Zero waits as long as ctx allows.
	Timeout time.Duration
	// Sleep waits d or until ctx ends; tests replace it to run instantly.
	Sleep func(ctx context.Context, d time.Duration) error
}

// WithRetry wraps p so that retryable errors (see [Retryable]) are retried
// with backoff, honouring a Retry-After the API sent; a reply that could
// not be read ([ErrMalformed]) is retried once. When it gives up the error
// is a [*Fault], whose text is a sentence for the user. A streamed request
// that already delivered text is not retried, so no text is repeated: it
// ends in a [*CutOff] carrying the text shown.
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
	var shown strings.Builder
	inner := *req
	inner.OnText = func(s string) {
		streamed = true
		shown.WriteString(s)
		req.Text(s)
	}
	for attempt := 1; ; attempt++ {
		resp, err := r.attempt(ctx, &inner)
		err = classify(err)
		if err == nil || ctx.Err() != nil {
			return resp, err
		}
		if streamed {
			return nil, &CutOff{Provider: r.p.Name(), Text: shown.String(), Err: err}
		}
		if attempt >= r.pol.Attempts || !Retryable(err) || errors.Is(err, ErrMalformed) && attempt >= 2 {
			slog.Debug("llm: provider gave up", "provider", r.p.Name(), "attempts", attempt, "err", err)
			return nil, &Fault{Provider: r.p.Name(), Attempts: attempt, Err: err}
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

// errQuiet is the cause an attempt's context is cancelled with when the
// provider stayed silent for the policy's Timeout.
var errQuiet = errors.New("quiet too long")

// attempt makes one call, abandoning it when it goes quiet for Timeout.
func (r *retrying) attempt(ctx context.Context, req *Request) (*Response, error) {
	if r.pol.Timeout <= 0 {
		return r.p.Complete(ctx, req)
	}
	actx, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)
	quiet := time.AfterFunc(r.pol.Timeout, func() { cancel(errQuiet) })
	defer quiet.Stop()
	inner := *req
	inner.OnText = func(s string) {
		quiet.Reset(r.pol.Timeout)
		req.Text(s)
	}
	resp, err := r.p.Complete(actx, &inner)
	if err != nil && ctx.Err() == nil && errors.Is(context.Cause(actx), errQuiet) {
		return nil, fmt.Errorf("%s: %w (nothing for %v)", r.p.Name(), ErrTimeout, r.pol.Timeout)
	}
	return resp, err
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
