package skill

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"strings"
	"time"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/kin-companion/kin/agent/protocol"
	"github.com/kin-companion/kin/agent/tools"
)

// Skill is one capability kin can perform.
type Skill struct {
	Name          string
	Description   string // shown to the model
	Instruction   string // how to perform it, in words (a bundle's Markdown)
	AnimationHint string // gesture announced with perform-skill
	// VoicePattern is said aloud after a successful call, its {{vars}}
	// filled from the result's data ("It is {{temp}} degrees"). When a
	// variable is missing the output is said instead.
	VoicePattern string
	MCPExposed   bool            // offered to MCP clients by `kin mcp`
	InputSchema  json.RawMessage // JSON Schema of the arguments; nil means none
	Version      string
	Dependencies []Dependency
	Meta         tools.Meta // risk, timeout floor, read-only…; AnimationHint is filled in
	// Assess grades one call for the permission gate (nil: Meta.Risk).
	Assess  func(args json.RawMessage) tools.Assessment
	Handler Handler
	Source  string // "built-in", or where the bundle came from
}

// Handler performs a skill. A returned error, or a result with Success
// false, becomes a skill-error the model sees.
type Handler func(ctx context.Context, args json.RawMessage) (Result, error)

// Result is what a handler reports.
type Result struct {
	Success   bool            `json:"success"`
	Output    string          `json:"output"`
	Sentiment float64         `json:"sentiment"` // −1..1
	Data      json.RawMessage `json:"data,omitempty"`
}

// maxOutput caps the text a skill hands the model.
const maxOutput = 32 << 10

// maxData caps the data a skill-done event carries (and the diary keeps).
const maxData = 16 << 10

// emptySchema is the schema of a skill without arguments.
var emptySchema = json.RawMessage(`{"type":"object","properties":{}}`)

// Tool returns the skill as a tool for the registry: it checks the
// arguments against InputSchema, runs the handler, says the voice pattern
// on bus (when not nil) and hands the sentiment and data to the executor.
func (s *Skill) Tool(bus *protocol.Bus) (*tools.Tool, error) {
	if s.Handler == nil {
		return nil, fmt.Errorf("skill %s: %w", s.Name, errNoHandler)
	}
	schema := s.InputSchema
	if len(schema) == 0 {
		schema = emptySchema
	}
	check, err := compileSchema(schema)
	if err != nil {
		return nil, fmt.Errorf("skill %s: its input schema is not a valid JSON Schema: %w", s.Name, err)
	}
	meta := s.Meta
	meta.AnimationHint = s.AnimationHint
	return &tools.Tool{Name: s.Name, Description: s.Description, Schema: schema, Meta: meta, Assess: s.Assess,
		RunResult: func(ctx context.Context, args json.RawMessage) (tools.Result, error) {
			if err := check(s.Name, args); err != nil {
				return tools.Result{}, err
			}
			return s.run(ctx, bus, args)
		}}, nil
}

// run calls the handler and turns its result into a tool result.
func (s *Skill) run(ctx context.Context, bus *protocol.Bus, args json.RawMessage) (tools.Result, error) {
	r, err := s.Handler(ctx, args)
	if err != nil {
		return tools.Result{}, err
	}
	if !r.Success {
		msg := strings.TrimSpace(r.Output)
		if msg == "" {
			msg = "it reported failure without saying why"
		}
		return tools.Result{}, fmt.Errorf("%s did not succeed: %s", s.Name, capText(msg, 2000))
	}
	r.Sentiment = clampSentiment(r.Sentiment)
	if bus != nil {
		if text := s.spoken(r); text != "" {
			bus.EmitFrom(s.Name, protocol.SpeakPayload{Text: text, Sentiment: r.Sentiment})
		}
	}
	if len(r.Data) > maxData {
		r.Data = data(map[string]string{"note": fmt.Sprintf("the skill's data (%s) was too large to record", size(int64(len(r.Data))))})
	}
	return tools.Result{Text: capText(r.Output, maxOutput), Sentiment: r.Sentiment, Data: r.Data}, nil
}

// spoken is what a result says aloud: the filled voice pattern, or the
// output when a variable is missing; nothing without a pattern.
func (s *Skill) spoken(r Result) string {
	if s.VoicePattern == "" {
		return ""
	}
	if text, ok := Fill(s.VoicePattern, r.Data); ok {
		return text
	}
	return strings.TrimSpace(r.Output)
}

func clampSentiment(v float64) float64 {
	if math.IsNaN(v) {
		return 0
	}
	return min(max(v, -1), 1)
}

// capText cuts s to at most n bytes on a rune boundary, with a note.
func capText(s string, n int) string {
	if len(s) <= n {
		return s
	}
	cut := n
	for cut > 0 && !utf8Start(s[cut]) {
		cut--
	}
	return s[:cut] + fmt.Sprintf("\n[… cut: %d more bytes]", len(s)-cut)
}

func utf8Start(b byte) bool { return b&0xC0 != 0x80 }

// compileSchema resolves a JSON Schema and returns a checker whose errors
// say, in words, that the arguments do not fit.
func compileSchema(schema json.RawMessage) (func(name string, args json.RawMessage) error, error) {
	var sc jsonschema.Schema
	if err := json.Unmarshal(schema, &sc); err != nil {
		return nil, err
	}
	rs, err := sc.Resolve(nil)
	if err != nil {
		return nil, err
	}
	return func(name string, args json.RawMessage) error {
		if len(args) == 0 {
			args = json.RawMessage("{}")
		}
		var v any
		if err := json.Unmarshal(args, &v); err != nil {
			return fmt.Errorf("%s: the arguments are not JSON (%v); expected %s", name, err, schema)
		}
		if err := rs.Validate(v); err != nil {
			return fmt.Errorf("%s: the arguments do not fit its schema: %v; expected %s", name, err, schema)
		}
		return nil
	}, nil
}

// errNoHandler is returned for a skill built without a handler.
var errNoHandler = errors.New("the skill has no handler")

// timeoutOr is d, or def when d is not positive.
func timeoutOr(d, def time.Duration) time.Duration {
	if d > 0 {
		return d
	}
	return def
}
