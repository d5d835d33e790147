package llm

import (
	"context"
	"errors"
	"testing"
	"time"
)

// fakeLane answers from a list of errors, then "ok".
type fakeLane struct {
	name  string
	errs  []error
	calls int
}

func (f *fakeLane) Name() string { return f.name }

func (f *fakeLane) Complete(context.Context, *Request) (*Response, error) {
	f.calls++
	if len(f.errs) > 0 {
		err := f.errs[0]
		f.errs = f.errs[1:]
		if err != nil {
			return nil, err
		}
	}
	return &Response{Text: "ok from " + f.name}, nil
}

// TestLaneQueues: a rate-limited secondary makes its next request wait the
// Retry-After it sent, and only that lane waits.
func TestLaneQueues(t *testing.T) {
	now := time.Date(2026, 3, 14, 15, 0, 0, 0, time.UTC)
	limited := &Fault{Provider: "cloud", Attempts: 3, Err: &APIError{Provider: "cloud", Status: 429, RetryAfter: 5 * time.Second, Kind: ErrRateLimited}}
	local := &fakeLane{name: "local", errs: []error{errors.New("down")}}
	cloud := &fakeLane{name: "cloud", errs: []error{limited}}
	var waited []time.Duration
	l := &Lanes{Primary: local, Secondary: cloud, Cooldown: time.Hour, Now: func() time.Time { return now },
		Sleep: func(_ context.Context, d time.Duration) error {
			waited = append(waited, d)
			now = now.Add(d)
			return nil
		}}
	if _, err := l.Complete(context.Background(), &Request{}); !errors.Is(err, ErrRateLimited) {
		t.Fatalf("first request: %v, want the cloud's rate limit", err)
	}
	now = now.Add(2 * time.Second)
	resp, err := l.Complete(context.Background(), &Request{})
	if err != nil || resp.Text != "ok from cloud" {
		t.Fatalf("second request: %+v, %v", resp, err)
	}
	if len(waited) != 1 || waited[0] != 3*time.Second {
		t.Errorf("waited %v, want [3s] (5 s Retry-After less the 2 s gone)", waited)
	}
	if _, err := l.Complete(context.Background(), &Request{}); err != nil || len(waited) != 1 {
		t.Errorf("third request waited again: %v, %v", waited, err)
	}
	if local.calls != 1 {
		t.Errorf("the local lane, resting, was called %d times", local.calls)
	}
}

// TestPrimaryRateLimitSkipped: a primary that answered 429 is skipped (the
// secondary answers at once) until its Retry-After has passed.
func TestPrimaryRateLimitSkipped(t *testing.T) {
	now := time.Date(2026, 3, 14, 15, 0, 0, 0, time.UTC)
	local := &fakeLane{name: "local", errs: []error{&APIError{Status: 429, RetryAfter: 30 * time.Second, Kind: ErrRateLimited}}}
	cloud := &fakeLane{name: "cloud"}
	l := &Lanes{Primary: local, Secondary: cloud, Cooldown: time.Second, Now: func() time.Time { return now },
		Sleep: func(context.Context, time.Duration) error { t.Fatal("the secondary waited"); return nil }}
	for i, want := range []string{"ok from cloud", "ok from cloud", "ok from local"} {
		resp, err := l.Complete(context.Background(), &Request{})
		if err != nil || resp.Text != want {
			t.Fatalf("request %d: %+v, %v; want %q", i, resp, err, want)
		}
		now = now.Add(20 * time.Second)
	}
}
