package llm

import (
	"context"
	"encoding/json"
)

// Role says who wrote a [Message].
type Role string

// The roles of a conversation. Tool messages carry the results of the
// previous assistant message's calls.
const (
	User      Role = "user"
	Assistant Role = "assistant"
	Tool      Role = "tool"
)

// ToolCall is one function call the model asked for. Args is the raw JSON
// object the model wrote (possibly malformed until repaired). Signature is
// provider-opaque data that must be echoed back unchanged (Gemini's
// thoughtSignature).
type ToolCall struct {
	ID        string
	Name      string
	Args      json.RawMessage
	Signature []byte
}

// ToolResult answers the call with the same CallID. Images (a screenshot,
// a picture file) go to models that can see; providers that cannot carry
// them in a tool result send them in a user message right after it.
type ToolResult struct {
	CallID  string
	Name    string
	Content string
	IsError bool
	Images  []Image
}

// Image is an encoded picture for a vision-capable model.
type Image struct {
	MediaType string // "image/png", "image/jpeg", "image/webp" or "image/gif"
	Data      []byte
}

// Message is one turn of the conversation. A user message has Text; an
// assistant message has Text and/or Calls; a tool message has Results, one
// per call of the assistant message before it, in the same order.
type Message struct {
	Role    Role
	Text    string
	Calls   []ToolCall
	Results []ToolResult
}

// ToolSpec describes a tool to the model; Schema is a JSON Schema object.
type ToolSpec struct {
	Name        string
	Description string
	Schema      json.RawMessage
}

// ToolChoice constrains tool use for one request.
type ToolChoice string

// Tool choices: ChoiceAuto lets the model decide; ChoiceNone forbids calls
// (the forced final answer).
const (
	ChoiceAuto ToolChoice = ""
	ChoiceNone ToolChoice = "none"
)

// Request is one model call.
type Request struct {
	System      string
	Messages    []Message
	Tools       []ToolSpec
	ToolChoice  ToolChoice
	MaxTokens   int      // 0: the provider's default
	Temperature *float64 // nil: the provider's default
	// Stream asks for a streamed reply; OnText then receives each text
	// fragment as it arrives (on the calling goroutine).
	Stream bool
	OnText func(string)
}

// Usage counts tokens as the provider reported them.
type Usage struct {
	Input, Output int
}

// Response is the model's complete reply.
type Response struct {
	Text  string
	Calls []ToolCall
	Stop  string // provider stop/finish reason, as sent
	Usage Usage
	// Lane names the provider that answered when a [Fallback] chose among
	// lanes ("" otherwise), and Note says why it was not the first lane —
	// a line to show the user, e.g. "ollama/qwen3 failed (…); anthropic/x answered".
	Lane string
	Note string
}

// Provider completes requests against one model.
type Provider interface {
	// Name identifies the provider and model, e.g. "anthropic/claude-x".
	Name() string
	// Complete sends req and returns the whole reply; when req.Stream is
	// set it streams text through req.OnText first. Errors wrap one of the
	// sentinel errors of this package where the cause is known.
	Complete(ctx context.Context, req *Request) (*Response, error)
}

// Text emits text through req.OnText when set; providers call it for each
// streamed fragment.
func (r *Request) Text(s string) {
	if r.OnText != nil && s != "" {
		r.OnText(s)
	}
}
