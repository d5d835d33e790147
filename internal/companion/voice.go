package companion

import (
	"context"
	"encoding/json"

	"github.com/kin-companion/kin/agent/runtime"
	"github.com/kin-companion/kin/agent/voice/cascade"
	"github.com/kin-companion/kin/agent/voice/realtime"
	"github.com/kin-companion/kin/store"
)

// Voice sessions use the same persona, memory, tools, permissions and
// transcript store as typed conversation.

// VoiceConfig is a realtime session's setup: the system prompt the text
// loop would use now (persona, <memory>, skills and tools), the tools, and
// the recent conversation so a new session picks up where the last ended.
func (c *Companion) VoiceConfig(ctx context.Context, voice string) realtime.Config {
	cfg := realtime.Config{Instructions: c.Runtime.Instructions(ctx), Voice: voice}
	for _, m := range c.Recent(8) {
		role := realtime.User
		if m.Role != "user" {
			role = realtime.Assistant
		}
		cfg.History = append(cfg.History, realtime.Turn{Role: role, Text: m.Text})
	}
	return cfg
}

// ToolRunner runs a realtime model's tool calls through the runtime.
func (c *Companion) ToolRunner() realtime.ToolRunner { return voiceTools{c.Runtime} }

type voiceTools struct{ r *runtime.Runtime }

// Tools implements realtime.ToolRunner.
func (v voiceTools) Tools() []realtime.ToolSpec {
	specs := v.r.ToolSpecs()
	out := make([]realtime.ToolSpec, len(specs))
	for i, s := range specs {
		out[i] = realtime.ToolSpec{Name: s.Name, Description: s.Description, Schema: s.Schema}
	}
	return out
}

// Run implements realtime.ToolRunner; failures come back as result text.
func (v voiceTools) Run(ctx context.Context, name string, args json.RawMessage) (string, error) {
	return v.r.RunTool(ctx, name, args), ctx.Err()
}

// RecordTranscript stores a realtime session's final transcript line.
func (c *Companion) RecordTranscript(t realtime.Transcript) {
	role := store.RoleAssistant
	if t.Role == realtime.User {
		role = store.RoleUser
	}
	c.record(c.conversation(), role, t.Text)
}

// VoiceBrain answers the cascaded voice path through the runtime (tools,
// memory, transcript), streaming text for sentence-by-sentence speech.
func (c *Companion) VoiceBrain() cascade.Brain { return voiceBrain{c} }

type voiceBrain struct{ c *Companion }

// Reply implements cascade.Brain.
func (b voiceBrain) Reply(ctx context.Context, text string, onText func(string)) error {
	streamed := false
	for d := range b.c.Send(ctx, text) {
		switch d.Kind {
		case runtime.Text:
			streamed = true
			onText(d.Text)
		case runtime.Final:
			if !streamed && d.Text != "" {
				onText(d.Text)
			}
		case runtime.Failed:
			return d.Err
		}
	}
	return nil
}
