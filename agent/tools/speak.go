package tools

import (
	"context"
	_ "embed"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/kin-companion/kin/agent/protocol"
	"github.com/kin-companion/kin/agent/scene"
)

//go:embed speak.md
var speakDescription string

var speakSchema = json.RawMessage(`{"type":"object","properties":{
 "text":{"type":"string","description":"What to say"}},"required":["text"]}`)

// Speak returns the speak tool: the scene says the text and a speak event
// (with sentiment, when given a function) goes on the bus.
func Speak(s scene.Scene, bus *protocol.Bus, sentiment func(string) float64) *Tool {
	return &Tool{Name: "speak", Description: speakDescription, Schema: speakSchema,
		Meta: Meta{Risk: Low},
		Run: func(ctx context.Context, args json.RawMessage) (string, error) {
			a, err := decode[struct{ Text string }]("speak", args, speakSchema)
			if err != nil {
				return "", err
			}
			if strings.TrimSpace(a.Text) == "" {
				return "", fmt.Errorf("speak: text is empty")
			}
			out, err := s.Do(ctx, scene.Speak{Text: a.Text})
			if err != nil {
				return "", err
			}
			if bus != nil {
				v := 0.0
				if sentiment != nil {
					v = sentiment(a.Text)
				}
				bus.Emit(protocol.SpeakPayload{Text: a.Text, Sentiment: v})
			}
			return out, nil
		}}
}
