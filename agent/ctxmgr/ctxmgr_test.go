package ctxmgr

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/kin-companion/kin/agent/llm"
)

func TestBudget(t *testing.T) {
	m := New(Config{ResultBudget: 100})
	s := strings.Repeat("One sentence here. ", 20)
	got := m.Budget(s)
	if !strings.Contains(got, "original size: 380 chars") || !strings.HasPrefix(got, "One sentence here.") {
		t.Fatalf("%q", got)
	}
	if head, _, _ := strings.Cut(got, "\n["); !strings.HasSuffix(head, ".") {
		t.Errorf("not cut at a sentence: %q", head)
	}
	if m.Budget("short") != "short" {
		t.Error("short result changed")
	}
}

func convo(rounds int, size int) []llm.Message {
	ms := []llm.Message{{Role: llm.User, Text: "go"}}
	for i := 0; i < rounds; i++ {
		ms = append(ms, llm.Message{Role: llm.Assistant, Calls: []llm.ToolCall{{ID: "c", Name: "read", Args: []byte(`{}`)}}},
			llm.Message{Role: llm.Tool, Results: []llm.ToolResult{{CallID: "c", Name: "read", Content: strings.Repeat("x", size)}}})
	}
	return ms
}

// TestEscalation: microcompact alone when enough; then summary; then tail
// when the summariser fails or cools down. The input is never modified.
func TestEscalation(t *testing.T) {
	msgs := convo(4, 2000) // ~2100 tokens
	orig := msgs[2].Results[0].Content
	m := New(Config{Limit: 1200, KeepRecent: 1})
	out, notes := m.Fit(context.Background(), "", msgs, 0)
	if len(notes) != 1 || !strings.Contains(notes[0], "3 older") || msgs[2].Results[0].Content != orig {
		t.Fatalf("microcompact: %v", notes)
	}
	if llm.EstimateMessages("", out) > 1200 || !strings.HasPrefix(out[2].Results[0].Content, "[read → xxx") {
		t.Errorf("not compacted: %+v", out[2])
	}
	calls := 0
	m = New(Config{Limit: 600, KeepRecent: 1, Cooldown: 3, Summarize: func(context.Context, string) (string, error) {
		calls++
		return "S", nil
	}})
	out, notes = m.Fit(context.Background(), "", msgs, 0)
	if calls != 1 || !strings.Contains(strings.Join(notes, "|"), "summarised") || !strings.Contains(out[0].Text, "S") || out[1].Role != llm.Assistant {
		t.Fatalf("summary: %v %+v", notes, out[0])
	}
	_, notes = m.Fit(context.Background(), "", convo(4, 4000), 1) // cooling down
	if calls != 1 || !strings.Contains(strings.Join(notes, "|"), "dropped") {
		t.Fatalf("tail during cooldown: %v", notes)
	}
	m = New(Config{Limit: 500, KeepRecent: 1, Summarize: func(context.Context, string) (string, error) { return "", errors.New("down") }})
	out, notes = m.Fit(context.Background(), "", convo(6, 3000), 0)
	if !strings.Contains(strings.Join(notes, "|"), "failed") || out[0].Role != llm.User || llm.EstimateMessages("", out) > 1000 {
		// the newest unit alone (~750 tokens) is kept even over the limit
		t.Fatalf("tail after failure: %v %+v", notes, out)
	}
	for i, msg := range out {
		if msg.Role == llm.Tool && (i == 0 || out[i-1].Role != llm.Assistant) {
			t.Errorf("orphan tool result at %d", i)
		}
	}
}
