package tools

import (
	"context"
	_ "embed"
	"encoding/json"

	"github.com/kin-companion/kin/agent/scene"
)

//go:embed expression.md
var expressionDescription string

// Presets are the expression presets setExpression accepts.
var Presets = []string{"neutral", "happy", "sad", "surprised", "confused", "focused"}

var expressionSchema = json.RawMessage(`{"type":"object","properties":{
 "preset":{"type":"string","enum":["neutral","happy","sad","surprised","confused","focused"],"description":"Expression preset"},
 "intensity":{"type":"number","minimum":0,"maximum":1,"default":1,"description":"Overall strength"}},"required":["preset"]}`)

// SetExpression returns the setExpression tool.
func SetExpression(s scene.Scene) *Tool {
	return &Tool{Name: "setExpression", Description: expressionDescription, Schema: expressionSchema,
		Meta: Meta{Risk: Low, ConcurrencySafe: true},
		Run: func(ctx context.Context, args json.RawMessage) (string, error) {
			a, err := decode[struct {
				Preset    string   `json:"preset"`
				Intensity *float64 `json:"intensity"`
			}]("setExpression", args, expressionSchema)
			if err != nil {
				return "", err
			}
			if err := oneOf("setExpression", "preset", a.Preset, Presets...); err != nil {
				return "", err
			}
			in := 1.0
			if a.Intensity != nil {
				in = min(max(*a.Intensity, 0), 1)
			}
			return s.Do(ctx, scene.SetExpression{Preset: a.Preset, Intensity: in})
		}}
}
