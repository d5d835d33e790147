package attach

import (
	"context"
	"encoding/json"
)

// Event kinds. A chat streams text, tool_start, tool_done and note events
// and ends with final or failed; tools and call requests get one tools,
// result or failed event.
const (
	KindText      = "text"
	KindToolStart = "tool_start"
	KindToolDone  = "tool_done"
	KindNote      = "note"
	KindFinal     = "final"
	KindFailed    = "failed"
	KindTools     = "tools"
	KindResult    = "result"
	KindTasks     = "tasks"
	KindReady     = "ready"
)

// Event is one line the server sends.
type Event struct {
	Kind  string     `json:"kind"`
	Text  string     `json:"text,omitempty"`
	Tool  string     `json:"tool,omitempty"`
	Error string     `json:"error,omitempty"`
	Tools []ToolInfo `json:"tools,omitempty"`
	Image []Image    `json:"images,omitempty"`
	// Tasks is the JSON of a task or a list of tasks (KindTasks).
	Tasks json.RawMessage `json:"tasks,omitempty"`
	// Code names a failure callers branch on (CodeNotFound).
	Code string `json:"code,omitempty"`
}

// CodeNotFound marks a failed schedule request whose task id is unknown.
const CodeNotFound = "not_found"

// last reports whether e ends its request.
func (e Event) last() bool {
	switch e.Kind {
	case KindFinal, KindFailed, KindTools, KindResult, KindTasks, KindReady:
		return true
	}
	return false
}

// ToolInfo describes a tool of the running kin.
type ToolInfo struct {
	Name        string          `json:"name"`
	Description string          `json:"description"`
	Schema      json.RawMessage `json:"schema,omitempty"`
}

// Image is a picture a tool returned.
type Image struct {
	MediaType string `json:"mediaType"`
	Data      []byte `json:"data"`
}

// Result is what a tool call returned.
type Result struct {
	Text   string
	Images []Image
}

// request is the one line a client sends.
type request struct {
	Op     string          `json:"op"` // "chat", "tools", "call", "schedule" or "mcp"
	Text   string          `json:"text,omitempty"`
	Caller string          `json:"caller,omitempty"`
	Tool   string          `json:"tool,omitempty"`
	Args   json.RawMessage `json:"args,omitempty"`
	Sched  *scheduleOp     `json:"schedule,omitempty"`
}

// Handler is what the running companion offers attached commands.
type Handler interface {
	// Chat runs one turn for text, passing each step to emit, and returns
	// the turn's final answer or the error that ended it.
	Chat(ctx context.Context, text string, emit func(Event)) (string, error)
	// Tools lists the tools the running kin offers.
	Tools(ctx context.Context) ([]ToolInfo, error)
	// Call runs one tool call made by caller ("mcp", "schedule") through
	// the running kin's permission gate.
	Call(ctx context.Context, caller, tool string, args json.RawMessage) (Result, error)
}
