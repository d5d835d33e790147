package provider

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/kin-companion/kin/agent/llm"
)

// TestBadBaseURLRefused: an address that cannot work is refused by Select
// with a sentence, before any turn; a good one passes.
func TestBadBaseURLRefused(t *testing.T) {
	cases := []struct {
		url, why string
	}{
		{"http://127.0.0.1:/v1", "no port number"},
		{"http:///v1", "no host name"},
		{"127.0.0.1:11434", "is not a web address"},
		{"ftp://example.com/v1", "does not start with http"},
		{"http://127.0.0.1:99999/v1", "from 1 to 65535"},
		{"http://127.0.0.1:11434/v1", ""},
		{"https://api.example.com", ""},
	}
	for _, c := range cases {
		t.Run(c.url, func(t *testing.T) {
			_, err := Select(context.Background(), Options{BaseURL: c.url, Getenv: func(string) string { return "" }})
			if c.why == "" {
				if err != nil {
					t.Fatalf("refused a good address: %v", err)
				}
				return
			}
			if !errors.Is(err, llm.ErrConfig) || !strings.Contains(err.Error(), c.why) || !strings.Contains(err.Error(), c.url) {
				t.Fatalf("got %v, want a configuration error saying %q", err, c.why)
			}
		})
	}
	env := func(k string) string { return map[string]string{"OPENAI_BASE_URL": "http://127.0.0.1:/v1"}[k] }
	if _, err := Select(context.Background(), Options{Provider: OpenAI, Getenv: env}); !errors.Is(err, llm.ErrConfig) {
		t.Fatalf("OPENAI_BASE_URL without a port: got %v", err)
	}
}
