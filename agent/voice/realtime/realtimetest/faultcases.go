package realtimetest

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/kin-companion/kin/agent/llm"
	"github.com/kin-companion/kin/agent/voice/realtime"
)

// FaultCase is one fault for a realtime session and what must come of it,
// the same for every provider.
type FaultCase struct {
	Name  string
	Fault Fault
	// Setup adjusts the session before it runs (shorter timeouts, fewer retries).
	Setup func(*realtime.Session)
	// Check judges the outcome.
	Check func(*testing.T, FaultResult)
}

// FaultResult is what a session run through a [FaultProxy] came to.
type FaultResult struct {
	Err         error
	Connections int
	Waits       []time.Duration
	Transcripts []string // "user: …", "assistant: …"
	History     []realtime.Turn
	Provider    string // the provider's name, as sentences give it
}

// FaultCases are the cases for a provider whose setup ends with a server
// message containing ready and whose reply's transcript arrives in messages
// containing said. Each conversation is one question, "What time is it?",
// whose scripted answer starts "It is ten".
func FaultCases(ready, said string) []FaultCase {
	none := func(*realtime.Session) {}
	return []FaultCase{
		{"drop before anything was said, once", Fault{Kind: Drop, At: ready, Times: 1}, none,
			func(t *testing.T, r FaultResult) {
				answered(t, r)
				if r.Connections != 2 || len(r.Waits) != 1 || r.Waits[0] != realtime.Backoff(0) {
					t.Errorf("%d connections, waits %v; want a reconnect after %v", r.Connections, r.Waits, realtime.Backoff(0))
				}
			}},
		{"drop before anything was said, always", Fault{Kind: Drop, At: ready},
			func(s *realtime.Session) { s.MaxReconnects = 2 },
			func(t *testing.T, r FaultResult) {
				sentence(t, r, llm.ErrDropped, "dropped before the answer began", "tried 3 times")
				if r.Connections != 3 || len(r.Waits) != 2 || r.Waits[1] != realtime.Backoff(1) {
					t.Errorf("%d connections, waits %v; want 3 with growing backoff", r.Connections, r.Waits)
				}
			}},
		{"drop while kin answers", Fault{Kind: Drop, At: said, Times: 1}, none,
			func(t *testing.T, r FaultResult) {
				if r.Err != nil {
					t.Fatalf("Run = %v, want the conversation to go on", r.Err)
				}
				last := r.Transcripts[len(r.Transcripts)-1]
				if !strings.HasPrefix(last, "assistant: It") || !strings.HasSuffix(last, llm.CutOffMark) {
					t.Errorf("transcripts %q: want kin's words so far, then %q", r.Transcripts, llm.CutOffMark)
				}
				h := r.History[len(r.History)-1]
				if h.Role != realtime.Assistant || !strings.HasPrefix(h.Text, "It") || !strings.HasSuffix(h.Text, "…") {
					t.Errorf("history %q: want what was said kept, for 'go on'", r.History)
				}
				if r.Connections != 2 {
					t.Errorf("%d connections, want a reconnect to go on", r.Connections)
				}
			}},
		{"malformed frame, once", Fault{Kind: Garbage, At: ready, Times: 1}, none,
			func(t *testing.T, r FaultResult) {
				answered(t, r)
				if r.Connections != 2 {
					t.Errorf("%d connections, want one retry", r.Connections)
				}
			}},
		{"malformed frame, always", Fault{Kind: Garbage, At: ready}, none,
			func(t *testing.T, r FaultResult) {
				sentence(t, r, llm.ErrMalformed, "could not read", "tried 2 times")
				if r.Connections != 2 {
					t.Errorf("%d connections, want one retry", r.Connections)
				}
			}},
		{"accepts and never answers", Fault{Kind: Stall},
			func(s *realtime.Session) { s.DialTimeout, s.MaxReconnects = time.Second, 1 },
			func(t *testing.T, r FaultResult) {
				sentence(t, r, llm.ErrTimeout, "did not answer in time", "is the server running")
				if r.Connections != 2 {
					t.Errorf("%d connections, want 2", r.Connections)
				}
			}},
	}
}

// answered: the conversation went through whole despite the fault.
func answered(t *testing.T, r FaultResult) {
	t.Helper()
	if r.Err != nil {
		t.Fatalf("Run = %v, want the fault handled transparently", r.Err)
	}
	for _, tr := range r.Transcripts {
		if strings.HasPrefix(tr, "assistant: It is ten") && !strings.Contains(tr, "dropped") {
			return
		}
	}
	t.Errorf("transcripts %q: no whole answer", r.Transcripts)
}

// sentence: Run ended in an *llm.Fault wrapping kind whose text is a sentence
// with words and the provider's name, and none of the raw message.
func sentence(t *testing.T, r FaultResult, kind error, words ...string) {
	t.Helper()
	var f *llm.Fault
	if !errors.As(r.Err, &f) || !errors.Is(r.Err, kind) {
		t.Fatalf("Run = %v (%T), want an *llm.Fault wrapping %v", r.Err, r.Err, kind)
	}
	msg := r.Err.Error()
	for _, w := range append(words, r.Provider) {
		if !strings.Contains(msg, w) {
			t.Errorf("sentence %q lacks %q", msg, w)
		}
	}
	for _, raw := range []string{"invalid character", "EOF", "unmarshal", "i/o timeout", "1006", "receive:", "dial "} {
		if strings.Contains(msg, raw) {
			t.Errorf("sentence %q leaks the raw message %q", msg, raw)
		}
	}
}
