package attach

import (
	"context"
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/kin-companion/kin/agent/provider/openai"
	pt "github.com/kin-companion/kin/agent/provider/providertest"
	"github.com/kin-companion/kin/agent/runtime"
)

// TestForRuntime attaches to a real runtime talking to the OpenAI fake.
func TestForRuntime(t *testing.T) {
	srv := pt.NewOpenAI(t, pt.Script(
		pt.Reply{Calls: []pt.Call{{ID: "c1", Name: "wave", Args: `{"duration_ms":900}`}}},
		pt.Reply{Text: "Hello from the running kin."},
	), pt.OpenAI)
	rt := runtime.New(runtime.Config{Provider: openai.New(openai.Config{APIKey: "k", Model: "m", BaseURL: srv.BaseURL}), NoStream: true})
	_, c := serve(t, ForRuntime(Runtime{Send: rt.Send, Registry: rt.Registry(), Call: rt.Call}))
	ctx := context.Background()
	var kinds []string
	final, err := c.Chat(ctx, "wave at me", func(e Event) { kinds = append(kinds, e.Kind+":"+e.Tool) })
	if err != nil || final != "Hello from the running kin." || !slices.Contains(kinds, "tool_start:wave") || !slices.Contains(kinds, "tool_done:wave") {
		t.Errorf("Chat = %q, %v; events %v", final, err, kinds)
	}
	if h := rt.History(); len(h) != 4 {
		t.Errorf("the running kin's history has %d messages, want 4 (the attached turn is its own)", len(h))
	}
	ts, err := c.Tools(ctx)
	if err != nil || !slices.ContainsFunc(ts, func(ti ToolInfo) bool { return ti.Name == "wave" && ti.Description != "" }) {
		t.Errorf("Tools = %d tools, %v", len(ts), err)
	}
	res, err := c.Call(ctx, "schedule", "get_datetime", json.RawMessage(`{}`))
	if err != nil || !strings.Contains(res.Text, "2") {
		t.Errorf("Call get_datetime = %+v, %v", res, err)
	}
	if _, err := c.Call(ctx, "schedule", "no_such_tool", json.RawMessage(`{}`)); err == nil {
		t.Error("a call of a missing tool succeeded")
	}
}
