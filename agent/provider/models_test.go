package provider_test

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/kin-companion/kin/agent/llm"
	"github.com/kin-companion/kin/agent/provider"
	pt "github.com/kin-companion/kin/agent/provider/providertest"
)

// TestUnlistedModelRefused: a model the server does not list is refused
// at start, before any turn, with a sentence naming the models it has;
// a listed one starts; a server that lists nothing, or answers the list
// with 404, is not judged. Every provider's own list is asked.
func TestUnlistedModelRefused(t *testing.T) {
	type server struct {
		url  string
		opts func(url string) provider.Options
	}
	openaiLike := func(flavor pt.Flavor, name string) func([]string) server {
		return func(models []string) server {
			s := pt.NewOpenAI(t, pt.Script(), flavor)
			s.SetModels(models...)
			return server{s.URL, func(u string) provider.Options {
				return provider.Options{Provider: name, BaseURL: u, Getenv: env{"OPENAI_API_KEY": "k", "OLLAMA_API_KEY": "k"}.get}
			}}
		}
	}
	for _, c := range []struct {
		name  string
		start func(models []string) server
		has   string
	}{
		{"openai", openaiLike(pt.OpenAI, "openai"), "gpt-4.1"},
		{"ollama", openaiLike(pt.Ollama, "ollama"), "qwen3:latest"},
		{"lmstudio", openaiLike(pt.LMStudio, "lmstudio"), "qwen2.5-7b-instruct"},
		{"ollama-cloud", openaiLike(pt.OllamaCloud, "ollama-cloud"), "gpt-oss:120b"},
		{"anthropic", func(models []string) server {
			s := pt.NewAnthropic(t, pt.Script())
			s.SetModels(models...)
			return server{s.URL, func(u string) provider.Options {
				return provider.Options{Provider: "anthropic", BaseURL: u, Getenv: env{"ANTHROPIC_API_KEY": "k"}.get}
			}}
		}, "claude-sonnet-4-5"},
		{"gemini", func(models []string) server {
			s := pt.NewGemini(t, pt.Script())
			s.SetModels(models...)
			return server{s.URL, func(u string) provider.Options {
				return provider.Options{Provider: "gemini", BaseURL: u, Getenv: env{"GEMINI_API_KEY": "k"}.get}
			}}
		}, "gemini-2.5-flash"},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := c.start([]string{c.has, "other-model"})
			o := s.opts(s.url)
			o.Model = "no-such-model"
			_, err := provider.Select(context.Background(), o)
			if !errors.Is(err, llm.ErrConfig) || !strings.Contains(err.Error(), `"no-such-model"`) || !strings.Contains(err.Error(), c.has) {
				t.Errorf("unlisted model: %v; want a sentence naming it and %s", err, c.has)
			}
			o.Model = strings.TrimSuffix(c.has, ":latest")
			if _, err := provider.Select(context.Background(), o); err != nil {
				t.Errorf("listed model %s refused: %v", o.Model, err)
			}
			empty := c.start(nil)
			o = empty.opts(empty.url)
			o.Model = "no-such-model"
			if _, err := provider.Select(context.Background(), o); err != nil {
				t.Errorf("a server listing nothing judged the model: %v", err)
			}
		})
	}
	notFound := httptest.NewServer(http.NotFoundHandler()) // a server with no model list
	defer notFound.Close()
	if _, err := provider.Select(context.Background(), provider.Options{Provider: "openai", BaseURL: notFound.URL, Model: "m",
		Getenv: env{"OPENAI_API_KEY": "k"}.get}); err != nil {
		t.Errorf("a server answering 404 to the list judged the model: %v", err)
	}
}
