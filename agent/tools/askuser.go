package tools

import (
	"context"
	_ "embed"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"
)

//go:embed askuser.md
var askUserDescription string

var askUserSchema = json.RawMessage(`{"type":"object","properties":{
 "question":{"type":"string","description":"The question, short and specific"},
 "choices":{"type":"array","items":{"type":"string"},"description":"Optional answers to offer"}},"required":["question"]}`)

// Asker puts a question to the user and returns their words; "" means they
// declined to answer.
type Asker interface {
	AskUser(ctx context.Context, question string) (string, error)
}

// ErrNoOneToAsk is what an Asker returns when no one can answer (kin chat
// reading a pipe, a scheduled task at night).
var ErrNoOneToAsk = errors.New("no one is there to answer")

// AskUser returns the ask_user tool (seed 001), asking through a; nil a
// makes every call an error the model can act on.
func AskUser(a Asker) *Tool {
	return &Tool{Name: "ask_user", Description: askUserDescription, Schema: askUserSchema,
		Meta: Meta{Risk: Low, TimeoutFloor: 10 * time.Minute},
		Run: func(ctx context.Context, args json.RawMessage) (string, error) {
			in, err := decode[struct {
				Question string
				Choices  []string
			}]("ask_user", args, askUserSchema)
			if err != nil {
				return "", err
			}
			q := strings.TrimSpace(in.Question)
			if q == "" {
				return "", fmt.Errorf("ask_user: question is empty")
			}
			if len(in.Choices) > 0 {
				q += " (" + strings.Join(in.Choices, " / ") + ")"
			}
			if a == nil {
				return "", fmt.Errorf("ask_user: %w; decide yourself or say what you need in your answer", ErrNoOneToAsk)
			}
			ans, err := a.AskUser(ctx, q)
			switch {
			case errors.Is(err, ErrNoOneToAsk):
				return "", fmt.Errorf("ask_user: %w; decide yourself or say what you need in your answer", err)
			case err != nil:
				return "", fmt.Errorf("ask_user: could not ask: %w", err)
			case strings.TrimSpace(ans) == "":
				return "The user did not answer.", nil
			}
			return "The user answered: " + strings.TrimSpace(ans), nil
		}}
}
