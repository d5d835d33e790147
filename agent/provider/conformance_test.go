package provider_test

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/kin-companion/kin/agent/llm"
	"github.com/kin-companion/kin/agent/provider/anthropic"
	"github.com/kin-companion/kin/agent/provider/gemini"
	"github.com/kin-companion/kin/agent/provider/openai"
	pt "github.com/kin-companion/kin/agent/provider/providertest"
)

// backend pairs a fake server with the provider that talks to it.
type backend struct {
	name  string
	serve func(testing.TB, pt.Respond) *pt.Server
	dial  func(testing.TB, *pt.Server) llm.Provider
}

var backends = []backend{
	{"anthropic", pt.NewAnthropic, func(t testing.TB, s *pt.Server) llm.Provider {
		return anthropic.New(anthropic.Config{APIKey: "k", Model: "claude-x", BaseURL: s.BaseURL})
	}},
	{"openai", func(t testing.TB, r pt.Respond) *pt.Server { return pt.NewOpenAI(t, r, pt.OpenAI) },
		func(t testing.TB, s *pt.Server) llm.Provider {
			return openai.New(openai.Config{APIKey: "k", Model: "m", BaseURL: s.BaseURL})
		}},
	{"ollama", func(t testing.TB, r pt.Respond) *pt.Server { return pt.NewOpenAI(t, r, pt.Ollama) },
		func(t testing.TB, s *pt.Server) llm.Provider {
			return openai.New(openai.Config{Label: "ollama", Model: "qwen3", BaseURL: s.BaseURL, NoToolChoice: true})
		}},
	{"azure", func(t testing.TB, r pt.Respond) *pt.Server { return pt.NewAzure(t, r, "kin-4o") },
		func(t testing.TB, s *pt.Server) llm.Provider {
			return openai.New(openai.Config{Label: "azure", APIKey: "k", Model: "kin-4o",
				Azure: &openai.Azure{Endpoint: s.BaseURL, APIVersion: "2024-10-21"}})
		}},
	{"ollama-cloud", func(t testing.TB, r pt.Respond) *pt.Server { return pt.NewOpenAI(t, r, pt.OllamaCloud) },
		func(t testing.TB, s *pt.Server) llm.Provider {
			return openai.New(openai.Config{Label: "ollama-cloud", APIKey: "k", Model: "gpt-oss:120b", BaseURL: s.BaseURL, NoToolChoice: true})
		}},
	{"gemini", pt.NewGemini, func(t testing.TB, s *pt.Server) llm.Provider {
		p, err := gemini.New(context.Background(), gemini.Config{APIKey: "k", Model: "gemini-x", BaseURL: s.BaseURL})
		if err != nil {
			t.Fatal(err)
		}
		return p
	}},
}

var tools = []llm.ToolSpec{
	{Name: "get_time", Description: "Current time", Schema: json.RawMessage(`{"type":"object","properties":{"tz":{"type":"string"}}}`)},
	{Name: "wave", Description: "Wave", Schema: json.RawMessage(`{"type":"object","properties":{}}`)},
}

func each(t *testing.T, f func(t *testing.T, b backend, stream bool)) {
	for _, b := range backends {
		for _, stream := range []bool{false, true} {
			name := b.name
			if stream {
				name += "/stream"
			}
			t.Run(name, func(t *testing.T) { f(t, b, stream) })
		}
	}
}

func jsonEq(t *testing.T, got json.RawMessage, want string) {
	t.Helper()
	var a, b any
	if err := json.Unmarshal(got, &a); err != nil {
		t.Fatalf("args %s: %v", got, err)
	}
	_ = json.Unmarshal([]byte(want), &b)
	ja, _ := json.Marshal(a)
	jb, _ := json.Marshal(b)
	if string(ja) != string(jb) {
		t.Errorf("args %s, want %s", ja, jb)
	}
}

// TestToolRoundTrip: parallel calls come back with ids, names and args;
// their results go back paired; streamed text arrives in fragments.
func TestToolRoundTrip(t *testing.T) {
	each(t, func(t *testing.T, b backend, stream bool) {
		srv := b.serve(t, pt.Script(
			pt.Reply{Text: "Let me check.", Calls: []pt.Call{{Name: "get_time", Args: `{"tz":"UTC"}`}, {Name: "wave", Args: `{}`}}},
			pt.Reply{Text: "It is ten o'clock."}))
		p := b.dial(t, srv)
		var frags []string
		req := &llm.Request{System: "You are Mika.", Tools: tools, Stream: stream,
			OnText:   func(s string) { frags = append(frags, s) },
			Messages: []llm.Message{{Role: llm.User, Text: "time?"}}}
		resp, err := p.Complete(context.Background(), req)
		if err != nil {
			t.Fatal(err)
		}
		if resp.Text != "Let me check." || len(resp.Calls) != 2 {
			t.Fatalf("reply %+v", resp)
		}
		if stream && (len(frags) < 2 || strings.Join(frags, "") != resp.Text) {
			t.Errorf("streamed fragments %q", frags)
		}
		if !stream && len(frags) != 0 {
			t.Errorf("non-streamed request produced fragments %q", frags)
		}
		if resp.Calls[0].Name != "get_time" || resp.Calls[1].Name != "wave" || resp.Calls[0].ID == resp.Calls[1].ID {
			t.Errorf("calls %+v", resp.Calls)
		}
		jsonEq(t, resp.Calls[0].Args, `{"tz":"UTC"}`)
		req.Messages = append(req.Messages,
			llm.Message{Role: llm.Assistant, Text: resp.Text, Calls: resp.Calls},
			llm.Message{Role: llm.Tool, Results: []llm.ToolResult{
				{CallID: resp.Calls[0].ID, Name: "get_time", Content: "10:00"},
				{CallID: resp.Calls[1].ID, Name: "wave", Content: "no arms", IsError: true}}})
		resp, err = p.Complete(context.Background(), req)
		if err != nil {
			t.Fatal(err)
		}
		if resp.Text != "It is ten o'clock." {
			t.Errorf("final %q", resp.Text)
		}
		seen := srv.Seen()
		if len(seen) != 2 || seen[1].System != "You are Mika." || len(seen[1].Tools) != 2 || seen[1].Stream != stream {
			t.Fatalf("seen %+v", seen)
		}
		res := seen[1].Messages[2]
		if res.Role != llm.Tool || len(res.Results) != 2 || res.Results[0].Content != "10:00" ||
			!(res.Results[1].IsError || res.Results[1].Content == "Error: no arms") {
			t.Errorf("results seen %+v", res)
		}
	})
}

// TestErrors: a 429 is ErrRateLimited and retried; a 400 is ErrBadRequest
// carrying the server's message and not retried.
func TestErrors(t *testing.T) {
	each(t, func(t *testing.T, b backend, stream bool) {
		srv := b.serve(t, pt.Script(pt.Reply{Status: 429, Error: "slow down"}, pt.Reply{Text: "ok"},
			pt.Reply{Status: 400, Error: "messages.0.content: bad block"}))
		sleeps := 0
		p := llm.WithRetry(b.dial(t, srv), llm.RetryPolicy{Attempts: 3,
			Sleep: func(context.Context, time.Duration) error { sleeps++; return nil }})
		req := &llm.Request{Stream: stream, Messages: []llm.Message{{Role: llm.User, Text: "hi"}}}
		resp, err := p.Complete(context.Background(), req)
		if err != nil || resp.Text != "ok" || sleeps != 1 {
			t.Fatalf("after 429: %v %+v, %d sleeps", err, resp, sleeps)
		}
		_, err = p.Complete(context.Background(), req)
		if !errors.Is(err, llm.ErrBadRequest) || !strings.Contains(err.Error(), "bad block") {
			t.Fatalf("400: %v", err)
		}
		if n := len(srv.Seen()); n != 3 {
			t.Errorf("%d requests, want 3 (no retry of the 400)", n)
		}
		// The raw provider reports the 429 as ErrRateLimited.
		srv2 := b.serve(t, pt.Script(pt.Reply{Status: 429, Error: "quota"}))
		_, err = b.dial(t, srv2).Complete(context.Background(), req)
		if !errors.Is(err, llm.ErrRateLimited) || !llm.Retryable(err) {
			t.Errorf("429: %v", err)
		}
	})
}

// TestFakeRejectsUnpairedCalls proves the fakes validate like the real
// servers: a tool call without its result is a 400.
func TestFakeRejectsUnpairedCalls(t *testing.T) {
	each(t, func(t *testing.T, b backend, stream bool) {
		srv := b.serve(t, pt.Script(pt.Reply{Calls: []pt.Call{{Name: "wave", Args: `{}`}}}, pt.Reply{Text: "x"}))
		p := b.dial(t, srv)
		req := &llm.Request{Stream: stream, Tools: tools, Messages: []llm.Message{{Role: llm.User, Text: "hi"}}}
		resp, err := p.Complete(context.Background(), req)
		if err != nil {
			t.Fatal(err)
		}
		req.Messages = append(req.Messages, llm.Message{Role: llm.Assistant, Calls: resp.Calls}, llm.Message{Role: llm.User, Text: "and?"})
		if _, err := p.Complete(context.Background(), req); !errors.Is(err, llm.ErrBadRequest) {
			t.Fatalf("unpaired call accepted: %v", err)
		}
	})
}

// TestCancelMidStream: cancelling after the first fragment ends the call
// promptly and the server sees the client go away.
func TestCancelMidStream(t *testing.T) {
	each(t, func(t *testing.T, b backend, stream bool) {
		srv := b.serve(t, pt.Script(pt.Reply{Text: "Once upon a time, far away", Hang: true}))
		ctx, cancel := context.WithCancel(context.Background())
		defer cancel()
		req := &llm.Request{Stream: stream, Messages: []llm.Message{{Role: llm.User, Text: "story"}},
			OnText: func(string) { cancel() }}
		if !stream {
			time.AfterFunc(50*time.Millisecond, cancel)
		}
		start := time.Now()
		_, err := b.dial(t, srv).Complete(ctx, req)
		if !errors.Is(err, context.Canceled) {
			t.Fatalf("err %v, want context.Canceled", err)
		}
		select {
		case <-srv.Disconnected:
		case <-time.After(3 * time.Second):
			t.Fatal("server never saw the client go away")
		}
		if d := time.Since(start); d > 3*time.Second {
			t.Errorf("cancel took %v", d)
		}
	})
}

// TestToolResultImages: a tool's picture reaches every provider's server
// in that protocol's own form (Anthropic: an image block inside the
// tool_result; OpenAI: a user message of image_url parts after the tool
// messages; Gemini: inlineData beside the functionResponse).
func TestToolResultImages(t *testing.T) {
	png := []byte("\x89PNG\r\n\x1a\nfake-but-well-formed-enough")
	each(t, func(t *testing.T, b backend, stream bool) {
		srv := b.serve(t, pt.Script(
			pt.Reply{Calls: []pt.Call{{Name: "get_time", Args: `{}`}}},
			pt.Reply{Text: "I see a clock."}))
		p := b.dial(t, srv)
		req := &llm.Request{Tools: tools, Stream: stream, Messages: []llm.Message{{Role: llm.User, Text: "look"}}}
		resp, err := p.Complete(context.Background(), req)
		if err != nil || len(resp.Calls) != 1 {
			t.Fatalf("%+v %v", resp, err)
		}
		req.Messages = append(req.Messages, llm.Message{Role: llm.Assistant, Calls: resp.Calls},
			llm.Message{Role: llm.Tool, Results: []llm.ToolResult{{CallID: resp.Calls[0].ID, Name: "get_time", Content: "a screenshot",
				Images: []llm.Image{{MediaType: "image/png", Data: png}}}}})
		if resp, err = p.Complete(context.Background(), req); err != nil || resp.Text != "I see a clock." {
			t.Fatalf("%+v %v", resp, err)
		}
		seen := srv.Seen()[1]
		if len(seen.Images) != 1 || string(seen.Images[0].Data) != string(png) || seen.Images[0].MediaType != "image/png" {
			t.Errorf("images seen %+v", seen.Images)
		}
	})
}
