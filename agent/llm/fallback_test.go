package llm_test

import (
	"context"
	"errors"
	"net"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/kin-companion/kin/agent/llm"
	"github.com/kin-companion/kin/agent/provider/anthropic"
	"github.com/kin-companion/kin/agent/provider/openai"
	pt "github.com/kin-companion/kin/agent/provider/providertest"
)

// lanes is a local Ollama lane in front of a cloud Anthropic lane, each a
// fake server, wired as provider.Select wires them: the local lane gets one
// attempt with a quiet-timeout, the cloud lane retries.
type lanes struct {
	local, cloud *pt.Server
	p            *llm.Lanes
	now          time.Time
	mu           sync.Mutex
}

func newLanes(t *testing.T, local, cloud pt.Respond, localDown bool) *lanes {
	l := &lanes{now: time.Date(2026, 3, 14, 15, 0, 0, 0, time.UTC)}
	l.local = pt.NewOpenAI(t, local, pt.Ollama)
	base := l.local.BaseURL
	if localDown {
		ln, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		base = "http://" + ln.Addr().String() + "/v1/"
		ln.Close() // connection refused
	}
	l.cloud = pt.NewAnthropic(t, cloud)
	lp := llm.WithRetry(openai.New(openai.Config{Label: "ollama", Model: "qwen3", BaseURL: base, NoToolChoice: true}),
		llm.RetryPolicy{Attempts: 1, Timeout: 150 * time.Millisecond})
	cp := llm.WithRetry(anthropic.New(anthropic.Config{APIKey: "k", Model: "claude-x", BaseURL: l.cloud.BaseURL}),
		llm.RetryPolicy{Attempts: 2, Sleep: instant})
	l.p = &llm.Lanes{Primary: lp, Secondary: cp, Cooldown: time.Minute, Now: l.clock}
	return l
}

func (l *lanes) clock() time.Time {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.now
}

func (l *lanes) advance(d time.Duration) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.now = l.now.Add(d)
}

func (l *lanes) ask(stream bool) (*llm.Response, string, error) {
	var text strings.Builder
	req := &llm.Request{System: "You are Kin.", Stream: stream, OnText: func(s string) { text.WriteString(s) },
		Messages: []llm.Message{{Role: llm.User, Text: "hello"}}}
	resp, err := l.p.Complete(context.Background(), req)
	return resp, text.String(), err
}

// TestFallbackToCloud: whatever breaks the local lane — nothing listening,
// a 5xx, a server that never answers, a 4xx — the cloud lane answers the
// same request, the reply streams once, and the lane is reported.
func TestFallbackToCloud(t *testing.T) {
	cloud := pt.Script(pt.Reply{Text: "Hello from the cloud."})
	for _, c := range []struct {
		name  string
		local pt.Respond
		down  bool
		cause string
	}{
		{"connection refused", pt.Script(), true, "connection refused"},
		{"5xx", pt.Script(pt.Reply{Status: 503, Error: "model is loading"}), false, "503"},
		{"timeout", pt.Script(pt.Reply{Hang: true}), false, "did not answer in time"},
		{"4xx", pt.Script(pt.Reply{Status: 404, Error: `model "qwen3" not found, try pulling it first`}), false, "not found"},
	} {
		for _, stream := range []bool{false, true} {
			name := c.name
			if stream {
				name += "/stream"
			}
			t.Run(name, func(t *testing.T) {
				l := newLanes(t, c.local, cloud, c.down)
				resp, text, err := l.ask(stream)
				if err != nil || resp.Text != "Hello from the cloud." {
					t.Fatalf("%v %+v", err, resp)
				}
				if stream && text != resp.Text || !stream && text != "" {
					t.Errorf("streamed %q", text)
				}
				if resp.Lane != "anthropic/claude-x" || l.p.Lane() != "anthropic/claude-x" ||
					!strings.Contains(resp.Note, "ollama/qwen3 failed") || !strings.Contains(resp.Note, c.cause) {
					t.Errorf("lane %q / %q, note %q", resp.Lane, l.p.Lane(), resp.Note)
				}
				seen := l.cloud.Seen()
				if len(seen) != 1 || seen[0].System != "You are Kin." || seen[0].Messages[0].Text != "hello" {
					t.Errorf("cloud saw %+v", seen)
				}
			})
		}
	}
}

// TestFallbackHealthyLocal: a working local lane answers; the cloud is not
// asked.
func TestFallbackHealthyLocal(t *testing.T) {
	l := newLanes(t, pt.Script(pt.Reply{Text: "Hello from here."}), pt.Script(), false)
	resp, text, err := l.ask(true)
	if err != nil || text != "Hello from here." || resp.Lane != "ollama/qwen3" || resp.Note != "" {
		t.Fatalf("%v %+v %q", err, resp, text)
	}
	if n := len(l.cloud.Seen()); n != 0 {
		t.Errorf("cloud asked %d times", n)
	}
	if got := l.p.Name(); got != "ollama/qwen3 → anthropic/claude-x" {
		t.Errorf("Name %q", got)
	}
}

// TestFallbackNotAfterText: a local reply that streamed text and then broke
// is not re-sent through the cloud: the user would hear it twice.
func TestFallbackNotAfterText(t *testing.T) {
	l := newLanes(t, pt.Script(pt.Reply{Text: "Once upon a time", Hang: true}), pt.Script(pt.Reply{Text: "Once upon a time…"}), false)
	_, text, err := l.ask(true)
	if !errors.Is(err, llm.ErrTimeout) {
		t.Fatalf("err %v, want the local lane's timeout", err)
	}
	if text != "Once u" || len(l.cloud.Seen()) != 0 {
		t.Errorf("text %q, cloud asked %d times", text, len(l.cloud.Seen()))
	}
}

// TestFallbackCooldown: after a failure the local lane rests for Cooldown
// (the cloud answers at once), then is tried again.
func TestFallbackCooldown(t *testing.T) {
	l := newLanes(t, pt.Script(pt.Reply{Status: 500, Error: "boom"}, pt.Reply{Text: "back again"}),
		pt.Script(pt.Reply{Text: "one"}, pt.Reply{Text: "two"}), false)
	for i, want := range []string{"one", "two"} {
		resp, _, err := l.ask(false)
		if err != nil || resp.Text != want {
			t.Fatalf("request %d: %v %+v", i, err, resp)
		}
		l.advance(30 * time.Second)
	}
	if n := len(l.local.Seen()); n != 1 {
		t.Errorf("local lane asked %d times while resting, want 1", n)
	}
	l.advance(30 * time.Second)
	resp, _, err := l.ask(false)
	if err != nil || resp.Text != "back again" || resp.Lane != "ollama/qwen3" {
		t.Fatalf("after the cooldown: %v %+v", err, resp)
	}
}

// TestFallbackCancel: the caller's cancellation is not a lane failure.
func TestFallbackCancel(t *testing.T) {
	l := newLanes(t, pt.Script(pt.Reply{Hang: true}), pt.Script(pt.Reply{Text: "cloud"}), false)
	l.p.Primary = llm.WithRetry(openai.New(openai.Config{Label: "ollama", Model: "qwen3", BaseURL: l.local.BaseURL}), llm.RetryPolicy{Attempts: 1})
	ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel()
	_, err := l.p.Complete(ctx, &llm.Request{Messages: []llm.Message{{Role: llm.User, Text: "hi"}}})
	if !errors.Is(err, context.DeadlineExceeded) || len(l.cloud.Seen()) != 0 {
		t.Fatalf("err %v, cloud asked %d times", err, len(l.cloud.Seen()))
	}
}

// TestFallbackBothFail: the cloud's error is returned, naming the local
// failure too.
func TestFallbackBothFail(t *testing.T) {
	l := newLanes(t, pt.Script(pt.Reply{Status: 502, Error: "bad gateway"}), pt.Script(pt.Reply{Status: 400, Error: "messages: bad"}), false)
	_, _, err := l.ask(false)
	if !errors.Is(err, llm.ErrBadRequest) || !strings.Contains(err.Error(), "messages: bad") || !strings.Contains(err.Error(), "ollama/qwen3 failed") {
		t.Fatalf("err %v", err)
	}
}

// TestFallbackNil: without a cloud lane Fallback is the local provider.
func TestFallbackNil(t *testing.T) {
	p := funcProvider(func() (*llm.Response, error) { return nil, nil })
	if _, ok := llm.Fallback(p, nil).(funcProvider); !ok {
		t.Error("Fallback(p, nil) is not p")
	}
}
