package llm

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
	"testing"
)

// TestExplain: each kind of failure becomes a sentence that names the
// provider and says what to do, without the raw decoder text.
func TestExplain(t *testing.T) {
	var syn *json.SyntaxError
	err := json.Unmarshal([]byte("{n"), &struct{}{})
	errors.As(err, &syn)
	cases := []struct {
		name string
		err  error
		want string
		kind error
	}{
		{"500", &APIError{Provider: "openai", Status: 500, Kind: ErrUnavailable}, "server error (500)", ErrUnavailable},
		{"429", &APIError{Provider: "openai", Status: 429, Kind: ErrRateLimited}, "wait a minute", ErrRateLimited},
		{"401", &APIError{Provider: "openai", Status: 401, Kind: ErrAuth}, "refused the API key (401)", ErrAuth},
		{"404", &APIError{Provider: "openai", Status: 404, Message: "model not found", Kind: ErrBadRequest}, "is the model name right", ErrBadRequest},
		{"garbage", syn, "could not read", ErrMalformed},
		{"truncated frame", json.Unmarshal([]byte(`{"a":`), &struct{}{}), "dropped", ErrDropped},
		{"drop", fmt.Errorf("reading: %w", io.ErrUnexpectedEOF), "dropped before the answer began", ErrDropped},
		{"quiet", fmt.Errorf("x: %w", ErrTimeout), "did not answer in time", ErrTimeout},
		{"deadline", context.DeadlineExceeded, "did not answer in time", context.DeadlineExceeded},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			err := classify(c.err)
			f := &Fault{Provider: "openai/m", Attempts: 3, Err: err}
			msg := f.Error()
			if !strings.Contains(msg, c.want) || !strings.HasPrefix(strings.ToLower(msg), "openai/m") && !strings.Contains(msg, "openai/m") {
				t.Errorf("%q lacks %q or the provider", msg, c.want)
			}
			if !errors.Is(f, c.kind) {
				t.Errorf("%v does not wrap %v", f, c.kind)
			}
			if strings.Contains(msg, "invalid character") || strings.Contains(msg, "EOF") {
				t.Errorf("%q leaks the raw message", msg)
			}
		})
	}
}
