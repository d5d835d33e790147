package runtime

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/kin-companion/kin/agent/memory"
	"github.com/kin-companion/kin/agent/protocol"
	"github.com/kin-companion/kin/agent/scene"
)

// TestVoiceToolsShareTheTextLoop: a voice session sees the same tools,
// persona and memory, and its calls go through the same executor.
func TestVoiceToolsShareTheTextLoop(t *testing.T) {
	mem := &memory.Mem{}
	mem.Upsert(context.Background(), "tea", "Tea", "drink", "user", "The user loves green tea.")
	fake := &scene.Fake{}
	bus := protocol.New("t")
	events := bus.Subscribe(protocol.SkillDone, protocol.SkillError)
	r := New(Config{Scene: fake, Memory: mem, Bus: bus})
	if sys := r.Instructions(context.Background()); !strings.Contains(sys, "green tea") || !strings.Contains(sys, "wave") {
		t.Errorf("instructions lack memory or tools:\n%s", sys)
	}
	names := map[string]bool{}
	for _, s := range r.ToolSpecs() {
		names[s.Name] = len(s.Schema) > 0
	}
	for _, want := range []string{"wave", "lookAt", "play_clip", "setExpression", "speak", "remember", "get_datetime"} {
		if !names[want] {
			t.Errorf("tool %s missing or without a schema", want)
		}
	}
	if out := r.RunTool(context.Background(), "wave", json.RawMessage(`{"duration_ms":800}`)); !strings.Contains(out, "wave") {
		t.Errorf("wave: %q", out)
	}
	if out := r.RunTool(context.Background(), "play_clip", json.RawMessage(`{"name":"moonwalk"}`)); !strings.HasPrefix(out, "Error: ") {
		t.Errorf("unknown clip: %q", out)
	}
	if out := r.RunTool(context.Background(), "teleport", nil); !strings.HasPrefix(out, "Error: unknown tool") {
		t.Errorf("unknown tool: %q", out)
	}
	if len(fake.Log()) != 1 {
		t.Errorf("scene ran %v", fake.Log())
	}
	if n := events.Drain(10, func(protocol.Event) {}); n != 2 {
		t.Errorf("%d skill events, want done + error", n)
	}
}
