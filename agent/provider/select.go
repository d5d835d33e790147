package provider

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"strings"
	"time"

	"github.com/kin-companion/kin/agent/llm"
	"github.com/kin-companion/kin/agent/provider/anthropic"
	"github.com/kin-companion/kin/agent/provider/gemini"
	"github.com/kin-companion/kin/agent/provider/null"
	"github.com/kin-companion/kin/agent/provider/openai"
)

// Names accepted by [Options.Provider].
const (
	Anthropic = "anthropic"
	OpenAI    = "openai"
	Gemini    = "gemini"
	Ollama    = "ollama"
	LMStudio  = "lmstudio"
	None      = "none"
)

// Loopback addresses probed for local servers.
var (
	OllamaURL   = "http://127.0.0.1:11434"
	LMStudioURL = "http://127.0.0.1:1234"
)

// Options says what the user asked for; empty fields mean "choose".
type Options struct {
	Provider string // one of the names above, or "" for automatic
	Model    string
	BaseURL  string
	APIKey   string
	// LocalFirst makes a local server the primary lane with the cloud
	// provider (if any key is set) as its fallback.
	LocalFirst   bool
	Getenv       func(string) string // default os.Getenv
	HTTPClient   *http.Client        // for probes and providers; default http.DefaultClient
	ProbeTimeout time.Duration       // default 300ms
	Retry        llm.RetryPolicy
}

// Choice is the provider chosen and why.
type Choice struct {
	Provider llm.Provider
	Why      string // e.g. "ANTHROPIC_API_KEY is set"
}

// Select chooses a provider as the package doc describes. It fails only
// for an explicit choice it cannot build (an unknown name, a missing key).
func Select(ctx context.Context, o Options) (Choice, error) {
	if o.Getenv == nil {
		o.Getenv = os.Getenv
	}
	if o.HTTPClient == nil {
		o.HTTPClient = http.DefaultClient
	}
	if o.ProbeTimeout <= 0 {
		o.ProbeTimeout = 300 * time.Millisecond
	}
	if o.Provider != "" {
		p, err := build(ctx, o, strings.ToLower(o.Provider))
		if err != nil {
			return Choice{}, err
		}
		return Choice{Provider: p, Why: "chosen by flag or config"}, nil
	}
	cloud, why := cloudFromEnv(ctx, o)
	if cloud != nil && !o.LocalFirst {
		return Choice{Provider: cloud, Why: why}, nil
	}
	if local, lwhy := probeLocal(ctx, o); local != nil {
		if cloud != nil {
			return Choice{Provider: llm.Fallback(local, cloud), Why: lwhy + ", falling back to the cloud (" + why + ")"}, nil
		}
		return Choice{Provider: local, Why: lwhy}, nil
	}
	if cloud != nil {
		return Choice{Provider: cloud, Why: why}, nil
	}
	return Choice{Provider: null.Provider{}, Why: "no API key set and no local model server answering"}, nil
}

func cloudFromEnv(ctx context.Context, o Options) (llm.Provider, string) {
	for _, c := range []struct{ env, name string }{
		{"ANTHROPIC_API_KEY", Anthropic}, {"OPENAI_API_KEY", OpenAI}, {"GEMINI_API_KEY", Gemini}, {"GOOGLE_API_KEY", Gemini},
	} {
		if key := o.Getenv(c.env); key != "" {
			o.APIKey = key
			if p, err := build(ctx, o, c.name); err == nil {
				return p, c.env + " is set"
			}
		}
	}
	return nil, ""
}

// build makes the named provider, wrapped in retries.
func build(ctx context.Context, o Options, name string) (llm.Provider, error) {
	key := func(env string) string {
		if o.APIKey != "" {
			return o.APIKey
		}
		return o.Getenv(env)
	}
	var p llm.Provider
	switch name {
	case Anthropic:
		if key("ANTHROPIC_API_KEY") == "" {
			return nil, fmt.Errorf("provider anthropic: set ANTHROPIC_API_KEY")
		}
		p = anthropic.New(anthropic.Config{APIKey: key("ANTHROPIC_API_KEY"), Model: o.Model, BaseURL: o.BaseURL, HTTPClient: o.HTTPClient})
	case OpenAI:
		base := o.BaseURL
		if base == "" {
			base = o.Getenv("OPENAI_BASE_URL")
		}
		if key("OPENAI_API_KEY") == "" && base == "" {
			return nil, fmt.Errorf("provider openai: set OPENAI_API_KEY (or OPENAI_BASE_URL for a keyless server)")
		}
		p = openai.New(openai.Config{APIKey: key("OPENAI_API_KEY"), Model: o.Model, BaseURL: base, HTTPClient: o.HTTPClient})
	case Gemini:
		k := key("GEMINI_API_KEY")
		if k == "" {
			k = o.Getenv("GOOGLE_API_KEY")
		}
		if k == "" {
			return nil, fmt.Errorf("provider gemini: set GEMINI_API_KEY")
		}
		g, err := gemini.New(ctx, gemini.Config{APIKey: k, Model: o.Model, BaseURL: o.BaseURL, HTTPClient: o.HTTPClient})
		if err != nil {
			return nil, err
		}
		p = g
	case Ollama, LMStudio:
		return local(ctx, o, name)
	case None, "null":
		return null.Provider{}, nil
	default:
		return nil, fmt.Errorf("unknown provider %q (want anthropic, openai, gemini, ollama, lmstudio or none)", name)
	}
	return llm.WithRetry(p, o.Retry), nil
}

// local builds an OpenAI-compatible provider for Ollama or LM Studio,
// asking the server for a model when none was given.
func local(ctx context.Context, o Options, name string) (llm.Provider, error) {
	root, listPath := OllamaURL, "/api/tags"
	if name == LMStudio {
		root, listPath = LMStudioURL, "/v1/models"
	}
	if o.BaseURL != "" {
		root = strings.TrimSuffix(strings.TrimSuffix(o.BaseURL, "/"), "/v1")
	}
	model := o.Model
	if model == "" {
		models, err := listModels(ctx, o, root+listPath)
		if err != nil || len(models) == 0 {
			return nil, fmt.Errorf("provider %s: no model found at %s (pull or load one, or pass --model)", name, root)
		}
		model = models[0]
	}
	p := openai.New(openai.Config{Label: name, Model: model, BaseURL: root + "/v1/", HTTPClient: o.HTTPClient,
		NoToolChoice: name == Ollama})
	return llm.WithRetry(p, o.Retry), nil
}

func probeLocal(ctx context.Context, o Options) (llm.Provider, string) {
	for _, name := range []string{Ollama, LMStudio} {
		if p, err := local(ctx, o, name); err == nil {
			return p, name + " is answering on loopback"
		}
	}
	return nil, ""
}

// listModels reads Ollama's {"models":[{"name"}]} or the OpenAI-style
// {"data":[{"id"}]} list, with the probe timeout.
func listModels(ctx context.Context, o Options, url string) ([]string, error) {
	ctx, cancel := context.WithTimeout(ctx, o.ProbeTimeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return nil, err
	}
	resp, err := o.HTTPClient.Do(req)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return nil, fmt.Errorf("%s: %s", url, resp.Status)
	}
	var body struct {
		Models []struct{ Name string } `json:"models"`
		Data   []struct{ ID string }   `json:"data"`
	}
	if err := json.NewDecoder(resp.Body).Decode(&body); err != nil {
		return nil, err
	}
	var out []string
	for _, m := range body.Models {
		out = append(out, m.Name)
	}
	for _, m := range body.Data {
		out = append(out, m.ID)
	}
	return out, nil
}
