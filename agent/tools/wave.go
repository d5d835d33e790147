package tools

import (
	"context"
	_ "embed"
	"encoding/json"
	"time"

	"github.com/kin-companion/kin/agent/scene"
)

//go:embed wave.md
var waveDescription string

var waveSchema = json.RawMessage(`{"type":"object","properties":{
 "duration_ms":{"type":"integer","minimum":500,"maximum":5000,"default":1500,"description":"Gesture duration in milliseconds (500–5000)"}}}`)

// Wave returns the wave tool.
func Wave(s scene.Scene) *Tool {
	return &Tool{Name: "wave", Description: waveDescription, Schema: waveSchema,
		Meta: Meta{Risk: Low, AnimationHint: "wave"},
		Run: func(ctx context.Context, args json.RawMessage) (string, error) {
			a, err := decode[struct {
				DurationMS int `json:"duration_ms"`
			}](("wave"), args, waveSchema)
			if err != nil {
				return "", err
			}
			if a.DurationMS == 0 {
				a.DurationMS = 1500
			}
			a.DurationMS = min(max(a.DurationMS, 500), 5000)
			return s.Do(ctx, scene.Wave{Duration: time.Duration(a.DurationMS) * time.Millisecond})
		}}
}
