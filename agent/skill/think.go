package skill

import (
	"context"
	_ "embed"
	"encoding/json"
	"errors"
	"strings"

	"github.com/kin-companion/kin/agent/protocol"
	"github.com/kin-companion/kin/agent/tools"
)

//go:embed think.md
var thinkDescription string

var thinkSchema = json.RawMessage(`{"type":"object","properties":{
 "thought":{"type":"string","description":"The thought, one short sentence"}},"required":["thought"]}`)

// maxThought caps a thought's length in runes.
const maxThought = 500

// thinkSkill puts a thought on the bus.
func thinkSkill(bus *protocol.Bus) *Skill {
	return &Skill{Name: "think", MCPExposed: true, Description: thinkDescription, InputSchema: thinkSchema, AnimationHint: "think",
		Meta: tools.Meta{Risk: tools.Low, ConcurrencySafe: true},
		Handler: func(_ context.Context, args json.RawMessage) (Result, error) {
			a, err := decodeArgs[struct{ Thought string }]("think", args)
			if err != nil {
				return Result{}, err
			}
			t := strings.TrimSpace(a.Thought)
			if t == "" {
				return Result{}, errors.New("think: the argument thought is empty; give one short sentence")
			}
			if r := []rune(t); len(r) > maxThought {
				t = string(r[:maxThought]) + "…"
			}
			emit(bus, "think", protocol.ThinkPayload{Thought: t})
			return Result{Success: true, Output: "The thought is shown.", Data: data(map[string]string{"thought": t})}, nil
		}}
}
