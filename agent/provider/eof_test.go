package provider_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/kin-companion/kin/agent/llm"
	"github.com/kin-companion/kin/agent/provider/gemini"
	pt "github.com/kin-companion/kin/agent/provider/providertest"
)

// eofArgs are a call's arguments, long enough to stream in pieces; the
// piece "t hal" ends mid-value ({"path":…,"content":"first hal).
const eofArgs = `{"path":"notes.txt","content":"first half of the text, then the second half"}`

var eofTools = []llm.ToolSpec{{Name: "write_file", Description: "Write a file",
	Schema: json.RawMessage(`{"type":"object","properties":{"path":{"type":"string"},"content":{"type":"string"}}}`)}}

// sseBlank ends an SSE frame (Gemini's fake ends lines with CRLF).
var sseBlank = regexp.MustCompile(`\r?\n\r?\n`)

// frameEnd cuts at the end of the SSE frame that holds mark.
func frameEnd(mark string) func([]byte) int {
	return func(body []byte) int {
		i := bytes.Index(body, []byte(mark))
		if i < 0 {
			return len(body)
		}
		loc := sseBlank.FindIndex(body[i:])
		if loc == nil {
			return len(body)
		}
		return i + loc[1]
	}
}

// insideArgs cuts in the middle of the call's arguments: at a frame
// boundary where they stream in pieces (OpenAI, Anthropic; Ollama sends
// the call whole, so the cut falls before its finish_reason), inside the
// line where the call comes whole in one frame (Gemini).
func insideArgs(backend string) func([]byte) int {
	if backend == "gemini" {
		return func(body []byte) int { return bytes.Index(body, []byte("t hal")) + len("t hal") }
	}
	return frameEnd("t hal")
}

// eofCase is a streamed reply the proxy ends with a clean EOF — no
// finish_reason, no [DONE], no message_stop — and what the caller sees.
type eofCase struct {
	name     string
	reply    pt.Reply
	cut      func(backend string) func([]byte) int
	times    int    // requests cut; 0: every one
	requests int    // requests the proxy must see
	shown    string // a *llm.CutOff keeping this text; "" with want: see want
	want     error  // nil: the whole reply after a retry; else a *llm.Fault wrapping it
}

var eofCases = []eofCase{
	{name: "text only", reply: pt.Reply{Text: "Let me look that up for you right now."},
		cut: func(string) func([]byte) int { return frameEnd("that u") }, requests: 1, shown: "Let me look that u"},
	{name: "inside a tool call's arguments", reply: pt.Reply{Calls: []pt.Call{{Name: "write_file", Args: eofArgs}}},
		cut: insideArgs, times: 1, requests: 2},
	{name: "text, then inside a tool call", reply: pt.Reply{Text: "Saving it.", Calls: []pt.Call{{Name: "write_file", Args: eofArgs}}},
		cut: insideArgs, requests: 1, shown: "Saving it."},
	{name: "before any byte", reply: pt.Reply{Text: "Hello there."},
		cut: func(string) func([]byte) int { return nil }, times: 1, requests: 2},
	{name: "before any byte, every time", reply: pt.Reply{Text: "Hello there."},
		cut: func(string) func([]byte) int { return nil }, requests: 3, want: llm.ErrDropped},
}

// TestCleanEOF: a stream that ends cleanly before the provider said it was
// complete is a dropped connection, never a whole reply: retried when
// nothing was shown yet, else kept as a *llm.CutOff; a half tool call is
// never handed on.
func TestCleanEOF(t *testing.T) {
	for _, c := range eofCases {
		t.Run(c.name, func(t *testing.T) {
			each(t, func(t *testing.T, b backend, stream bool) {
				if !stream {
					t.Skip("only a stream can end early with a clean EOF")
				}
				srv := b.serve(t, func(int, pt.Seen) pt.Reply { return c.reply })
				px := pt.NewFaultProxy(t, srv, pt.Fault{Kind: pt.CloseAfter, Times: c.times, Cut: c.cut(b.name)})
				p := llm.WithRetry(b.dial(t, &pt.Server{BaseURL: px.BaseURL}),
					llm.RetryPolicy{Attempts: 3, Timeout: 5 * time.Second, Sleep: instant})
				var shown strings.Builder
				resp, err := p.Complete(t.Context(), &llm.Request{Messages: []llm.Message{{Role: llm.User, Text: "save my notes"}},
					Tools: eofTools, Stream: true, OnText: func(s string) { shown.WriteString(s) }})
				if px.Requests() != c.requests {
					t.Errorf("the proxy saw %d requests, want %d", px.Requests(), c.requests)
				}
				checkEOF(t, c, resp, shown.String(), err)
			})
		})
	}
}

func checkEOF(t *testing.T, c eofCase, resp *llm.Response, shown string, err error) {
	t.Helper()
	var cut *llm.CutOff
	switch {
	case c.shown != "":
		if !errors.As(err, &cut) || !errors.Is(err, llm.ErrDropped) || cut.Text != c.shown || shown != c.shown {
			t.Fatalf("got %+v, err %v (%T), shown %q; want a *llm.CutOff keeping %q", resp, err, err, shown, c.shown)
		}
	case c.want != nil:
		checkSentence(t, "", err, c.want, "dropped before the answer began", "tried 3 times")
	default:
		if err != nil {
			t.Fatalf("err %v (%T), want the whole reply after a retry", err, err)
		}
		if resp.Text != c.reply.Text || len(resp.Calls) != len(c.reply.Calls) {
			t.Fatalf("reply %+v, want %+v whole", resp, c.reply)
		}
		for _, call := range resp.Calls {
			jsonEq(t, call.Args, eofArgs)
		}
	}
}

// TestGeminiStopWithoutContent: a stream whose end carries no content — a
// last chunk with only a finishReason, or a prompt refused with a
// blockReason — is complete, not dropped.
func TestGeminiStopWithoutContent(t *testing.T) {
	for _, c := range []struct{ name, body, text, stop string }{
		{"finishReason alone", `data: {"candidates":[{"content":{"role":"model","parts":[{"text":"Hello"}]},"index":0}]}` + "\r\n\r\n" +
			`data: {"candidates":[{"finishReason":"MAX_TOKENS","index":0}],"usageMetadata":{"promptTokenCount":5,"candidatesTokenCount":1}}` + "\r\n\r\n",
			"Hello", "MAX_TOKENS"},
		{"blocked prompt", `data: {"promptFeedback":{"blockReason":"SAFETY"},"usageMetadata":{"promptTokenCount":5}}` + "\r\n\r\n",
			"", "SAFETY"},
	} {
		t.Run(c.name, func(t *testing.T) {
			var n atomic.Int32
			srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				n.Add(1)
				w.Header().Set("Content-Type", "text/event-stream")
				_, _ = io.WriteString(w, c.body)
			}))
			t.Cleanup(srv.Close)
			g, err := gemini.New(t.Context(), gemini.Config{APIKey: "k", Model: "gemini-x", BaseURL: srv.URL + "/"})
			if err != nil {
				t.Fatal(err)
			}
			p := llm.WithRetry(g, llm.RetryPolicy{Attempts: 3, Sleep: instant})
			resp, err := p.Complete(t.Context(), &llm.Request{Messages: []llm.Message{{Role: llm.User, Text: "hi"}}, Stream: true})
			if err != nil || resp.Text != c.text || resp.Stop != c.stop || n.Load() != 1 {
				t.Fatalf("got %+v, err %v after %d requests; want text %q, stop %q, 1 request", resp, err, n.Load(), c.text, c.stop)
			}
		})
	}
}
