package tools

import (
	"context"
	_ "embed"
	"encoding/json"
	"fmt"
	"time"

	"github.com/kin-companion/kin/agent/scene"
)

//go:embed playclip.md
var playClipDescription string

var playClipSchema = json.RawMessage(`{"type":"object","properties":{
 "name":{"type":"string","description":"Clip name or slot name (e.g. \"celebrate\")"},
 "loop":{"type":"boolean","default":false,"description":"Whether to loop the clip"},
 "fade_ms":{"type":"integer","default":200,"description":"Crossfade duration in milliseconds"}},"required":["name"]}`)

// PlayClip returns the play_clip tool. The name goes through slots first;
// the scene resolves the result against the model's clips and procedural
// gestures.
func PlayClip(s scene.Scene, slots map[string]string) *Tool {
	return &Tool{Name: "play_clip", Description: playClipDescription, Schema: playClipSchema,
		Meta: Meta{Risk: Low},
		Run: func(ctx context.Context, args json.RawMessage) (string, error) {
			a, err := decode[struct {
				Name   string `json:"name"`
				Loop   bool   `json:"loop"`
				FadeMS *int   `json:"fade_ms"`
			}]("play_clip", args, playClipSchema)
			if err != nil {
				return "", err
			}
			if a.Name == "" {
				return "", fmt.Errorf("play_clip: name is required")
			}
			fade := 200
			if a.FadeMS != nil {
				fade = max(*a.FadeMS, 0)
			}
			name := a.Name
			if to, ok := slots[name]; ok && to != "" {
				name = to
			}
			return s.Do(ctx, scene.PlayClip{Name: name, Requested: a.Name, Loop: a.Loop, Fade: time.Duration(fade) * time.Millisecond})
		}}
}
