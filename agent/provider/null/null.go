// Package null is the provider used when no model is connected: it always
// answers with no text and no calls, so kin still loads, emotes and runs
// skills. The runtime notices it, says how to connect a model, and after
// that answers each message with a short reminder.
package null

import (
	"context"

	"github.com/kin-companion/kin/agent/llm"
)

// Provider is the NullProvider.
type Provider struct{}

// Name implements llm.Provider.
func (Provider) Name() string { return "none" }

// Complete implements llm.Provider: an empty reply, always.
func (Provider) Complete(ctx context.Context, _ *llm.Request) (*llm.Response, error) {
	return &llm.Response{Stop: "none"}, ctx.Err()
}

// Is reports whether p is the NullProvider.
func Is(p llm.Provider) bool {
	_, ok := p.(Provider)
	return ok
}

// Hint tells the user how to connect a model: the first answer without one.
const Hint = `No language model is connected, so I can only emote for now. To talk with me, set one of
ANTHROPIC_API_KEY, OPENAI_API_KEY (with OPENAI_BASE_URL for OpenRouter, vLLM…) or GEMINI_API_KEY,
or start Ollama (127.0.0.1:11434) or LM Studio (127.0.0.1:1234) with a model loaded.`

// Reminder is every later answer without a model: short, so that a message
// sent after the hint has gone is not met with silence.
const Reminder = `I cannot answer yet: no language model is connected. Set an API key (kin settings
set-key PROVIDER) or start Ollama or LM Studio, then start kin again.`
