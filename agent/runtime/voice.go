package runtime

import (
	"context"
	"encoding/json"

	"github.com/kin-companion/kin/agent/guard"
	"github.com/kin-companion/kin/agent/llm"
	"github.com/kin-companion/kin/agent/tools"
)

// A realtime voice session runs its own model; these let it use the same
// persona, memory, tools and permissions as the text loop.

// Instructions returns the system prompt a turn would use now: persona,
// <memory> block, skills and tools.
func (r *Runtime) Instructions(ctx context.Context) string { return r.composeSystem(ctx, "") }

// ToolSpecs lists the tools offered to the model.
func (r *Runtime) ToolSpecs() []llm.ToolSpec { return r.registry.Specs() }

// RunTool runs one call through the text loop's executor: permission
// prompts for high-risk tools, timeouts, the result budget and the
// perform-skill / skill-done / skill-error events. A failure the model
// should see comes back as its result text ("Error: …"); tool output is
// screened for injected instructions like any other.
func (r *Runtime) RunTool(ctx context.Context, name string, args json.RawMessage) string {
	out := r.exec.RunAs(ctx, tools.CallerVoice, []llm.ToolCall{{ID: "voice", Name: name, Args: args}})
	res := out[0].Result
	text := res.Content
	if res.IsError {
		text = "Error: " + text
	}
	if flagged, _ := guard.Injection(text); flagged {
		text += "\n\n" + guard.SafetyNote
	}
	return text
}
