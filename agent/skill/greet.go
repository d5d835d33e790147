package skill

import (
	"context"
	_ "embed"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/kin-companion/kin/agent/tools"
)

//go:embed greet.md
var greetDescription string

var greetSchema = json.RawMessage(`{"type":"object","properties":{
 "name":{"type":"string","description":"The user's name, when known"}}}`)

// greetSkill waves and says hello.
func greetSkill(cfg Config) *Skill {
	agent := cfg.AgentName
	if agent == "" {
		agent = "kin"
	}
	return &Skill{Name: "greet", MCPExposed: true, Description: greetDescription, InputSchema: greetSchema, AnimationHint: "wave",
		VoicePattern: "Hello, {{name}}! I'm {{agent}}.", Meta: tools.Meta{Risk: tools.Low, ConcurrencySafe: true},
		Handler: func(_ context.Context, args json.RawMessage) (Result, error) {
			a, err := decodeArgs[struct{ Name string }]("greet", args)
			if err != nil {
				return Result{}, err
			}
			name := strings.TrimSpace(a.Name)
			if name == "" {
				name = "there"
			}
			return Result{Success: true, Output: fmt.Sprintf("Greeted %s as %s.", name, agent), Sentiment: 0.6,
				Data: data(map[string]string{"name": name, "agent": agent})}, nil
		}}
}
