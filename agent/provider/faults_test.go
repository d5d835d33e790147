package provider_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/kin-companion/kin/agent/llm"
	pt "github.com/kin-companion/kin/agent/provider/providertest"
)

const faultReply = "Hello there, this is a long answer from the model that keeps going for a while."

// faultCase is one injected fault and what must come of it.
type faultCase struct {
	fault    pt.Fault
	requests int      // how many requests the proxy must see (0: any)
	kind     error    // the sentinel the final error wraps; nil: the reply must arrive whole
	words    []string // the sentence must contain these
}

var faultCases = []faultCase{
	{pt.Fault{Kind: pt.DropAfter, Times: 1}, 2, nil, nil},
	{pt.Fault{Kind: pt.DropAfter}, 3, llm.ErrDropped, []string{"dropped before the answer began", "tried 3 times"}},
	{pt.Fault{Kind: pt.Garbage, Times: 1}, 0, nil, nil},
	{pt.Fault{Kind: pt.Stall}, 3, llm.ErrTimeout, []string{"did not answer in time", "is the server running"}},
	{pt.Fault{Kind: pt.Storm429, Times: 2}, 3, nil, nil},
	{pt.Fault{Kind: pt.Storm429}, 3, llm.ErrRateLimited, []string{"429", "wait a minute"}},
	{pt.Fault{Kind: pt.Storm500}, 3, llm.ErrUnavailable, []string{"500", "is the server running and the model loaded"}},
	{pt.Fault{Kind: pt.SlowDrip, Delay: 20 * time.Microsecond}, 1, nil, nil},
}

func instant(ctx context.Context, _ time.Duration) error { return ctx.Err() }

// faultProvider puts a fault proxy between b's provider and its fake.
func faultProvider(t *testing.T, b backend, f pt.Fault, text string) (llm.Provider, *pt.FaultProxy) {
	s := b.serve(t, func(int, pt.Seen) pt.Reply { return pt.Reply{Text: text} })
	px := pt.NewFaultProxy(t, s, f)
	p := b.dial(t, &pt.Server{BaseURL: px.BaseURL})
	quiet := time.Second // a stall is given up on quickly
	if f.Kind == pt.SlowDrip {
		quiet = 30 * time.Second // under load the tail after the text (finish, usage) drips longer than a second
	}
	return llm.WithRetry(p, llm.RetryPolicy{Attempts: 3, Timeout: quiet, Sleep: instant}), px
}

func ask(p llm.Provider, stream bool) (*llm.Response, string, error) {
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	var shown strings.Builder
	resp, err := p.Complete(ctx, &llm.Request{Messages: []llm.Message{{Role: llm.User, Text: "hi"}}, Stream: stream,
		OnText: func(s string) { shown.WriteString(s) }})
	return resp, shown.String(), err
}

// TestFaults runs every fault through the proxy against every provider:
// the reply arrives whole after transparent retries, or the error is a
// *llm.Fault whose text is a sentence naming the provider — never the raw
// decoder or transport message.
func TestFaults(t *testing.T) {
	for i, fc := range faultCases {
		t.Run(fmt.Sprintf("%d-%v", i, fc.fault.Kind), func(t *testing.T) {
			t.Parallel()
			each(t, func(t *testing.T, b backend, stream bool) {
				t.Parallel()
				p, px := faultProvider(t, b, fc.fault, faultReply)
				resp, shown, err := ask(p, stream)
				if fc.requests > 0 && px.Requests() != fc.requests {
					t.Errorf("the proxy saw %d requests, want %d", px.Requests(), fc.requests)
				}
				if fc.kind == nil {
					if err != nil || resp.Text != faultReply || stream && shown != faultReply {
						t.Fatalf("got %v, text %+v, shown %q", err, resp, shown)
					}
					return
				}
				checkSentence(t, p.Name(), err, fc.kind, fc.words...)
			})
		})
	}
}

// TestGarbageStorm: a reply that cannot be read is retried once, then
// ends in a sentence (Anthropic's SDK skips a frame it cannot read).
func TestGarbageStorm(t *testing.T) {
	each(t, func(t *testing.T, b backend, stream bool) {
		p, px := faultProvider(t, b, pt.Fault{Kind: pt.Garbage}, faultReply)
		resp, _, err := ask(p, stream)
		if err == nil && resp.Text == faultReply && b.name == "anthropic" && stream {
			return
		}
		if px.Requests() != 2 {
			t.Errorf("the proxy saw %d requests, want 2", px.Requests())
		}
		checkSentence(t, p.Name(), err, llm.ErrMalformed, "could not read", "tried 2 times")
	})
}

// TestCutOff: a stream that drops after text was shown is not retried;
// the error carries exactly the text shown.
func TestCutOff(t *testing.T) {
	long := strings.Repeat("Lots of words that stream one small piece at a time. ", 40)
	each(t, func(t *testing.T, b backend, stream bool) {
		if !stream {
			t.Skip("only a stream shows text before it ends")
		}
		p, px := faultProvider(t, b, pt.Fault{Kind: pt.DropAfter, N: 3000}, long)
		_, shown, err := ask(p, stream)
		var cut *llm.CutOff
		if !errors.As(err, &cut) || shown == "" || cut.Text != shown || px.Requests() != 1 {
			t.Fatalf("err %v (%T), shown %d bytes, requests %d", err, err, len(shown), px.Requests())
		}
		if !strings.Contains(err.Error(), "say 'go on'") {
			t.Errorf("sentence %q", err)
		}
	})
}

func checkSentence(t *testing.T, provider string, err, kind error, words ...string) {
	t.Helper()
	var f *llm.Fault
	if !errors.As(err, &f) || !errors.Is(err, kind) {
		t.Fatalf("err %v (%T), want a *llm.Fault wrapping %v", err, err, kind)
	}
	msg := err.Error()
	for _, w := range append(words, provider) {
		if !strings.Contains(msg, w) {
			t.Errorf("sentence %q lacks %q", msg, w)
		}
	}
	for _, raw := range []string{"invalid character", "EOF", "unmarshal", "Post \"", "injected"} {
		if strings.Contains(msg, raw) {
			t.Errorf("sentence %q leaks the raw message %q", msg, raw)
		}
	}
}
