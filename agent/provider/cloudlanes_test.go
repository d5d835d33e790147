package provider_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/kin-companion/kin/agent/llm"
	"github.com/kin-companion/kin/agent/provider"
	pt "github.com/kin-companion/kin/agent/provider/providertest"
)

// askText sends one streamed message and returns the text shown.
func askText(t *testing.T, p llm.Provider) string {
	t.Helper()
	var text strings.Builder
	_, err := p.Complete(context.Background(), &llm.Request{Stream: true, Tools: tools,
		OnText: func(s string) { text.WriteString(s) }, Messages: []llm.Message{{Role: llm.User, Text: "hi"}}})
	if err != nil {
		t.Fatalf("%s: %v", p.Name(), err)
	}
	return text.String()
}

// TestAzureLane: Azure OpenAI through the SDK's azure options: the
// deployment in the path, api-version in the query, the key in api-key
// and no bearer token; chosen by --provider azure or by its key alone.
func TestAzureLane(t *testing.T) {
	for _, c := range []struct {
		name, version, wantVersion, provider string
	}{
		{"explicit, version set", "2025-01-01-preview", "2025-01-01-preview", "azure"},
		{"from the environment, default version", "", provider.DefaultAzureAPIVersion, ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			az := pt.NewAzure(t, pt.Script(pt.Reply{Text: "Hello from Azure."}), "kin-4o")
			ch, err := provider.Select(context.Background(), provider.Options{Provider: c.provider, OllamaURL: deadURL(t), LMStudioURL: deadURL(t),
				Getenv: env{"AZURE_OPENAI_ENDPOINT": az.BaseURL, "AZURE_OPENAI_API_KEY": "az-key",
					"AZURE_OPENAI_DEPLOYMENT": "kin-4o", "OPENAI_API_VERSION": c.version}.get})
			if err != nil {
				t.Fatal(err)
			}
			if got := askText(t, ch.Provider); got != "Hello from Azure." {
				t.Errorf("text %q", got)
			}
			s := az.Seen()[0]
			if s.Path != "/openai/deployments/kin-4o/chat/completions" || s.Query.Get("api-version") != c.wantVersion {
				t.Errorf("path %s, api-version %q; want the deployment's path and %q", s.Path, s.Query.Get("api-version"), c.wantVersion)
			}
			if s.Header.Get("api-key") != "az-key" || s.Header.Get("Authorization") != "" {
				t.Errorf("api-key %q, Authorization %q", s.Header.Get("api-key"), s.Header.Get("Authorization"))
			}
			if ch.Provider.Name() != "azure/kin-4o" {
				t.Errorf("name %q", ch.Provider.Name())
			}
		})
	}
}

// TestOllamaCloudLane: ollama.com's OpenAI-compatible API with
// OLLAMA_API_KEY as a bearer key, chosen by name or by its key alone.
func TestOllamaCloudLane(t *testing.T) {
	oc := pt.NewOpenAI(t, pt.Script(pt.Reply{Text: "Hello from Ollama Cloud."}), pt.OllamaCloud)
	ch, err := provider.Select(context.Background(), provider.Options{Provider: "ollama-cloud", BaseURL: oc.URL, Model: "gpt-oss:20b",
		Getenv: env{"OLLAMA_API_KEY": "ol-key"}.get})
	if err != nil {
		t.Fatal(err)
	}
	if got := askText(t, ch.Provider); got != "Hello from Ollama Cloud." {
		t.Errorf("text %q", got)
	}
	s := oc.Seen()[0]
	if s.Path != "/v1/chat/completions" || s.Header.Get("Authorization") != "Bearer ol-key" {
		t.Errorf("path %s, Authorization %q", s.Path, s.Header.Get("Authorization"))
	}
	auto, err := provider.Select(context.Background(), provider.Options{OllamaURL: deadURL(t), LMStudioURL: deadURL(t),
		Getenv: env{"OLLAMA_API_KEY": "ol-key"}.get})
	if err != nil || auto.Provider.Name() != "ollama-cloud/"+provider.DefaultOllamaCloudModel || !strings.Contains(auto.Why, "OLLAMA_API_KEY") {
		t.Errorf("automatic choice: %v %q %q", err, auto.Provider.Name(), auto.Why)
	}
}

// TestCloudLaneConfig: a lane missing part of its configuration is
// refused at start with a sentence naming what to set.
func TestCloudLaneConfig(t *testing.T) {
	for _, c := range []struct {
		provider string
		env      env
		want     string
	}{
		{"azure", env{"AZURE_OPENAI_ENDPOINT": "https://r.openai.azure.com", "AZURE_OPENAI_DEPLOYMENT": "d"}, "AZURE_OPENAI_API_KEY"},
		{"azure", env{"AZURE_OPENAI_API_KEY": "k", "AZURE_OPENAI_DEPLOYMENT": "d"}, "AZURE_OPENAI_ENDPOINT"},
		{"azure", env{"AZURE_OPENAI_API_KEY": "k", "AZURE_OPENAI_ENDPOINT": "https://r.openai.azure.com"}, "AZURE_OPENAI_DEPLOYMENT"},
		{"azure", env{"AZURE_OPENAI_API_KEY": "k", "AZURE_OPENAI_ENDPOINT": "https://:/", "AZURE_OPENAI_DEPLOYMENT": "d"}, "server address"},
		{"ollama-cloud", env{}, "OLLAMA_API_KEY"},
	} {
		_, err := provider.Select(context.Background(), provider.Options{Provider: c.provider, Getenv: c.env.get})
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s with %v: %v; want a sentence naming %s", c.provider, c.env, err, c.want)
		}
	}
}

// TestStormOnOneLane: while Azure answers every request with 429, the
// Ollama Cloud lane answers all of them at once: the storming lane is
// asked once and then rests; nothing waits for its Retry-After.
func TestStormOnOneLane(t *testing.T) {
	var storm []pt.Reply
	for range 40 {
		storm = append(storm, pt.Reply{Status: 429, Error: "Requests to the ChatCompletions_Create Operation have exceeded the rate limit."})
	}
	az := pt.NewAzure(t, pt.Script(storm...), "kin-4o")
	var fine []pt.Reply
	for range 40 {
		fine = append(fine, pt.Reply{Text: "fine"})
	}
	oc := pt.NewOpenAI(t, pt.Script(fine...), pt.OllamaCloud)
	one := llm.RetryPolicy{Attempts: 1, Sleep: func(context.Context, time.Duration) error { t.Error("a lane waited"); return nil }}
	azure, err := provider.Select(context.Background(), provider.Options{Provider: "azure", Retry: one,
		Getenv: env{"AZURE_OPENAI_ENDPOINT": az.BaseURL, "AZURE_OPENAI_API_KEY": "k", "AZURE_OPENAI_DEPLOYMENT": "kin-4o"}.get})
	if err != nil {
		t.Fatal(err)
	}
	cloud, err := provider.Select(context.Background(), provider.Options{Provider: "ollama-cloud", BaseURL: oc.URL, Retry: one,
		Getenv: env{"OLLAMA_API_KEY": "k"}.get})
	if err != nil {
		t.Fatal(err)
	}
	lanes := llm.Fallback(azure.Provider, cloud.Provider)
	for i := range 20 {
		if got := askText(t, lanes); got != "fine" {
			t.Fatalf("request %d: %q", i, got)
		}
	}
	if n, m := len(az.Seen()), len(oc.Seen()); n != 1 || m != 20 {
		t.Errorf("azure asked %d times (want 1, then resting), ollama cloud %d (want 20)", n, m)
	}
}
