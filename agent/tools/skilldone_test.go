package tools

import (
	"context"
	"encoding/json"
	"testing"
	"time"

	"github.com/kin-companion/kin/agent/llm"
	"github.com/kin-companion/kin/agent/protocol"
)

// TestSkillDoneCarriesSentimentAndData: a result's sentiment and data reach
// the skill-done event, with secrets in the data redacted.
func TestSkillDoneCarriesSentimentAndData(t *testing.T) {
	bus := protocol.New("t")
	sub := bus.Subscribe(protocol.SkillDone)
	defer sub.Close()
	tool := &Tool{Name: "cheer", RunResult: func(context.Context, json.RawMessage) (Result, error) {
		return Result{Text: "done", Sentiment: 0.8, Data: json.RawMessage(`{"n":3,"api_key":"sk-123"}`)}, nil
	}}
	(&Executor{Tools: NewRegistry(tool), Bus: bus}).Run(context.Background(), []llm.ToolCall{{Name: "cheer"}})
	select {
	case <-sub.Ready():
	case <-time.After(time.Second):
		t.Fatal("no skill-done event")
	}
	var got protocol.SkillResult
	sub.Drain(1, func(e protocol.Event) { got = e.Payload.(protocol.SkillDonePayload).Result })
	if got.Sentiment != 0.8 || !got.Success {
		t.Errorf("result %+v, want sentiment 0.8", got)
	}
	var data map[string]any
	if err := json.Unmarshal(got.Data, &data); err != nil || data["n"] != 3.0 || data["api_key"] == "sk-123" {
		t.Errorf("data %s (%v): want n kept and the key redacted", got.Data, err)
	}
}
