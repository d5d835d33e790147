package perceive

import (
	"context"
	"fmt"
	"strings"

	"github.com/kin-companion/kin/agent/llm"
)

// Describer has a vision model say what a picture of the screen shows.
// note says what the picture is (its size and where it was taken);
// question is what the caller wants to know, or "" for a general
// description.
type Describer interface {
	Describe(ctx context.Context, img llm.Image, note, question string) (string, error)
}

// ProviderDescriber is a [Describer] over an [llm.Provider] that can see
// pictures. The picture travels as the result of a screenshot call, the
// one place [llm.Message] carries images.
type ProviderDescriber struct {
	Provider llm.Provider
	// MaxTokens caps the description; 0 means 600.
	MaxTokens int
}

// describeSystem sets the vision model's task.
const describeSystem = "You describe screenshots of a person's computer screen for a desktop " +
	"companion that cannot see. Say what is on the screen: the applications and windows, what " +
	"the person seems to be doing, and any error message or dialog word for word. Be concrete " +
	"and brief. Do not guess at text you cannot read."

// Name is the provider and model the screenshots go to.
func (p ProviderDescriber) Name() string { return p.Provider.Name() }

// Describe implements [Describer].
func (p ProviderDescriber) Describe(ctx context.Context, img llm.Image, note, question string) (string, error) {
	ask := "Describe my screen."
	if q := strings.TrimSpace(question); q != "" {
		ask = "Look at my screen and answer: " + q
	}
	maxTokens := p.MaxTokens
	if maxTokens == 0 {
		maxTokens = 600
	}
	req := &llm.Request{System: describeSystem, MaxTokens: maxTokens, Messages: []llm.Message{
		{Role: llm.User, Text: ask},
		{Role: llm.Assistant, Calls: []llm.ToolCall{{ID: "shot_1", Name: "screenshot", Args: []byte(`{}`)}}},
		{Role: llm.Tool, Results: []llm.ToolResult{{CallID: "shot_1", Name: "screenshot", Content: note, Images: []llm.Image{img}}}},
	}, Tools: []llm.ToolSpec{{Name: "screenshot", Description: "Take a screenshot of the screen.",
		Schema: []byte(`{"type":"object","properties":{}}`)}}}
	resp, err := p.Provider.Complete(ctx, req)
	if err != nil {
		return "", fmt.Errorf("the vision model %s could not describe the screen: %w", p.Provider.Name(), err)
	}
	if strings.TrimSpace(resp.Text) == "" {
		return "", fmt.Errorf("the vision model %s answered with no description "+
			"(it may not accept pictures; choose a model that can see)", p.Provider.Name())
	}
	return resp.Text, nil
}
