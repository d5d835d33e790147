package companion

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/kin-companion/kin/agent/llm"
	"github.com/kin-companion/kin/store"
)

// extractPrompt asks for durable facts about the user as JSON.
const extractPrompt = `You read a conversation between a user and their companion and extract durable facts
about the user worth remembering in later conversations: who they are, their preferences,
corrections they gave, ongoing projects, useful references. Skip small talk and anything
only true for this moment. Answer with JSON only: {"facts": [{"key": "snake_case_id",
"name": "short name", "description": "one line", "type": "user|feedback|project|reference",
"body": "the fact"}]}. Answer {"facts": []} when there is nothing durable.`

// extractor turns a model into the store's FactExtractor.
type extractor struct{ p llm.Provider }

// ExtractFacts implements store.FactExtractor.
func (x extractor) ExtractFacts(ctx context.Context, transcript []store.Message) ([]store.Fact, error) {
	var b strings.Builder
	for _, m := range transcript {
		fmt.Fprintf(&b, "%s: %s\n", m.Role, m.Text)
	}
	resp, err := x.p.Complete(ctx, &llm.Request{System: extractPrompt, MaxTokens: 2048,
		Messages: []llm.Message{{Role: llm.User, Text: b.String()}}})
	if err != nil {
		return nil, err
	}
	return parseFacts(resp.Text)
}

// parseFacts reads the model's JSON, tolerating a code fence or prose
// around it.
func parseFacts(text string) ([]store.Fact, error) {
	start, end := strings.Index(text, "{"), strings.LastIndex(text, "}")
	if start < 0 || end < start {
		return nil, fmt.Errorf("companion: the model gave no JSON facts: %.80q", text)
	}
	var out struct {
		Facts []store.Fact `json:"facts"`
	}
	if err := json.Unmarshal([]byte(text[start:end+1]), &out); err != nil {
		return nil, fmt.Errorf("companion: the model's facts: %w", err)
	}
	return out.Facts, nil
}
