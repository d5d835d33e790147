package tools

import (
	"context"
	_ "embed"
	"encoding/json"
	"fmt"
	"regexp"

	"github.com/kin-companion/kin/agent/memory"
	"github.com/kin-companion/kin/agent/protocol"
)

//go:embed remember.md
var rememberDescription string

var rememberSchema = json.RawMessage(`{"type":"object","properties":{
 "key":{"type":"string","description":"Short snake_case identifier (e.g. \"user_role\")"},
 "name":{"type":"string","description":"Human-readable name"},
 "description":{"type":"string","description":"One-line description"},
 "type":{"type":"string","enum":["user","feedback","project","reference"],"description":"Memory category"},
 "body":{"type":"string","description":"The memory content"}},"required":["key","name","description","type","body"]}`)

var snake = regexp.MustCompile(`^[a-z0-9]+(_[a-z0-9]+)*$`)

// Remember returns the remember tool, writing through m.
func Remember(m memory.Store, bus *protocol.Bus) *Tool {
	return &Tool{Name: "remember", Description: rememberDescription, Schema: rememberSchema,
		Meta: Meta{Risk: Medium, AnimationHint: "nod"},
		Run: func(ctx context.Context, args json.RawMessage) (string, error) {
			a, err := decode[struct{ Key, Name, Description, Type, Body string }]("remember", args, rememberSchema)
			if err != nil {
				return "", err
			}
			if !snake.MatchString(a.Key) {
				return "", fmt.Errorf("remember: key %q must be snake_case", a.Key)
			}
			if a.Name == "" || a.Body == "" {
				return "", fmt.Errorf("remember: name and body are required")
			}
			if err := oneOf("remember", "type", a.Type, memory.Types...); err != nil {
				return "", err
			}
			if err := m.Upsert(ctx, a.Key, a.Name, a.Description, a.Type, a.Body); err != nil {
				return "", fmt.Errorf("remember: %w", err)
			}
			if bus != nil {
				bus.Emit(protocol.RememberPayload{Type: a.Type, Content: a.Body, Key: a.Key, Name: a.Name, Description: a.Description})
			}
			return "remembered " + a.Key, nil
		}}
}
