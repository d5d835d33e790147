package tools

import (
	"context"
	_ "embed"
	"encoding/json"

	"github.com/kin-companion/kin/agent/scene"
)

//go:embed lookat.md
var lookAtDescription string

var lookAtSchema = json.RawMessage(`{"type":"object","properties":{
 "target":{"type":"string","enum":["user","camera","center"],"description":"Where to look"}},"required":["target"]}`)

// LookAt returns the lookAt tool.
func LookAt(s scene.Scene) *Tool {
	return &Tool{Name: "lookAt", Description: lookAtDescription, Schema: lookAtSchema,
		Meta: Meta{Risk: Low, ConcurrencySafe: true},
		Run: func(ctx context.Context, args json.RawMessage) (string, error) {
			a, err := decode[struct{ Target string }]("lookAt", args, lookAtSchema)
			if err != nil {
				return "", err
			}
			if err := oneOf("lookAt", "target", a.Target, "user", "camera", "center"); err != nil {
				return "", err
			}
			return s.Do(ctx, scene.LookAt{Target: a.Target})
		}}
}
