package llm_test

import (
	"context"
	"errors"
	"fmt"
	"net"
	"strings"
	"testing"
	"time"

	"github.com/kin-companion/kin/agent/llm"
	"github.com/kin-companion/kin/agent/provider/openai"
	pt "github.com/kin-companion/kin/agent/provider/providertest"
)

func instant(context.Context, time.Duration) error { return nil }

func hi(stream bool, onText func(string)) *llm.Request {
	return &llm.Request{Stream: stream, OnText: onText, Messages: []llm.Message{{Role: llm.User, Text: "hi"}}}
}

// TestRetryQuietTimeout: an attempt that hangs before saying anything is
// abandoned after Timeout and retried; one that hangs after streaming text
// is abandoned but not retried, so no text repeats.
func TestRetryQuietTimeout(t *testing.T) {
	for _, stream := range []bool{false, true} {
		t.Run(fmt.Sprint("stream=", stream), func(t *testing.T) {
			srv := pt.NewOpenAI(t, pt.Script(pt.Reply{Hang: true}, pt.Reply{Text: "ok"}), pt.OpenAI)
			p := llm.WithRetry(openai.New(openai.Config{APIKey: "k", Model: "m", BaseURL: srv.BaseURL}),
				llm.RetryPolicy{Attempts: 3, Timeout: 100 * time.Millisecond, Sleep: instant})
			start := time.Now()
			resp, err := p.Complete(context.Background(), hi(stream, nil))
			if err != nil || resp.Text != "ok" {
				t.Fatalf("%v %+v", err, resp)
			}
			if d := time.Since(start); d > 2*time.Second {
				t.Errorf("took %v", d)
			}
			select {
			case <-srv.Disconnected:
			case <-time.After(2 * time.Second):
				t.Error("the hung attempt was never abandoned")
			}
			if n := len(srv.Seen()); n != 2 {
				t.Errorf("%d requests, want 2", n)
			}
		})
	}
	t.Run("after text", func(t *testing.T) {
		srv := pt.NewOpenAI(t, pt.Script(pt.Reply{Text: "Once upon a time", Hang: true}, pt.Reply{Text: "again"}), pt.OpenAI)
		p := llm.WithRetry(openai.New(openai.Config{APIKey: "k", Model: "m", BaseURL: srv.BaseURL}),
			llm.RetryPolicy{Attempts: 3, Timeout: 100 * time.Millisecond, Sleep: instant})
		var got strings.Builder
		_, err := p.Complete(context.Background(), hi(true, func(s string) { got.WriteString(s) }))
		if !errors.Is(err, llm.ErrTimeout) || !llm.Retryable(err) {
			t.Fatalf("err %v, want a retryable ErrTimeout", err)
		}
		if got.String() != "Once u" || len(srv.Seen()) != 1 {
			t.Errorf("text %q after %d requests, want the first fragment once", got.String(), len(srv.Seen()))
		}
	})
}

// slow streams its fragments gap apart.
type slow struct {
	frags []string
	gap   time.Duration
}

func (slow) Name() string { return "slow" }

func (s slow) Complete(ctx context.Context, req *llm.Request) (*llm.Response, error) {
	for _, f := range s.frags {
		select {
		case <-time.After(s.gap):
		case <-ctx.Done():
			return nil, ctx.Err()
		}
		req.Text(f)
	}
	return &llm.Response{Text: strings.Join(s.frags, "")}, nil
}

// TestRetryTimeoutIsQuietTime: Timeout bounds the silence between
// fragments, not the whole reply, so a long steady stream is not cut.
func TestRetryTimeoutIsQuietTime(t *testing.T) {
	// Ten fragments 60 ms apart take 600 ms, longer than the 400 ms
	// timeout; each gap is far inside it, even on a loaded machine.
	p := llm.WithRetry(slow{frags: strings.Split("abcdefghij", ""), gap: 60 * time.Millisecond},
		llm.RetryPolicy{Attempts: 1, Timeout: 400 * time.Millisecond})
	resp, err := p.Complete(context.Background(), hi(true, nil))
	if err != nil || resp.Text != "abcdefghij" {
		t.Fatalf("%v %+v", err, resp)
	}
}

// TestRetryable: what is retried and what is not.
func TestRetryable(t *testing.T) {
	for _, c := range []struct {
		err  error
		want bool
	}{
		{&llm.APIError{Status: 429, Kind: llm.KindOf(429)}, true},
		{&llm.APIError{Status: 529, Kind: llm.KindOf(529)}, true},
		{&llm.APIError{Status: 408, Kind: llm.KindOf(408)}, true},
		{fmt.Errorf("x: %w", llm.ErrTimeout), true},
		{&net.OpError{Op: "read", Err: timeoutErr{}}, true},
		{&llm.APIError{Status: 400, Kind: llm.KindOf(400)}, false},
		{&llm.APIError{Status: 401, Kind: llm.KindOf(401)}, false},
		{context.Canceled, false},
		{&net.OpError{Op: "dial", Err: errors.New("connection refused")}, false},
		{nil, false},
	} {
		if got := llm.Retryable(c.err); got != c.want {
			t.Errorf("Retryable(%v) = %v, want %v", c.err, got, c.want)
		}
	}
}

type timeoutErr struct{}

func (timeoutErr) Error() string   { return "i/o timeout" }
func (timeoutErr) Timeout() bool   { return true }
func (timeoutErr) Temporary() bool { return true }

// TestRetryAfter: a Retry-After longer than the backoff is waited out.
func TestRetryAfter(t *testing.T) {
	var waited []time.Duration
	calls := 0
	p := llm.WithRetry(funcProvider(func() (*llm.Response, error) {
		if calls++; calls == 1 {
			return nil, &llm.APIError{Status: 429, Kind: llm.ErrRateLimited, RetryAfter: 7 * time.Second}
		}
		return &llm.Response{Text: "ok"}, nil
	}), llm.RetryPolicy{Backoff: func(int) time.Duration { return time.Second },
		Sleep: func(_ context.Context, d time.Duration) error { waited = append(waited, d); return nil }})
	if resp, err := p.Complete(context.Background(), hi(false, nil)); err != nil || resp.Text != "ok" {
		t.Fatal(err)
	}
	if len(waited) != 1 || waited[0] != 7*time.Second {
		t.Errorf("waited %v, want [7s]", waited)
	}
}

type funcProvider func() (*llm.Response, error)

func (funcProvider) Name() string { return "func" }
func (f funcProvider) Complete(context.Context, *llm.Request) (*llm.Response, error) {
	return f()
}
