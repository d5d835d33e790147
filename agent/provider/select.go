package provider

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/url"
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
	// Azure is Azure OpenAI: AZURE_OPENAI_ENDPOINT, AZURE_OPENAI_API_KEY,
	// AZURE_OPENAI_DEPLOYMENT (or --model) and OPENAI_API_VERSION.
	Azure = "azure"
	// OllamaCloud is ollama.com's OpenAI-compatible API with OLLAMA_API_KEY.
	OllamaCloud = "ollama-cloud"
)

// Default timeouts. A request that stays quiet this long (no reply, or no
// streamed fragment since the last) is abandoned and retried (see
// [llm.RetryPolicy.Timeout]). Local hardware gets a long floor: a CPU-only
// machine can spend minutes reading a first prompt before it writes.
const (
	DefaultProbeTimeout = 300 * time.Millisecond
	CloudTimeout        = 2 * time.Minute
	LocalTimeout        = 5 * time.Minute
)

// Options says what the user asked for; empty fields mean "choose".
type Options struct {
	Provider string // one of the names above, or "" for automatic
	Model    string // for the automatic choice of a local server, only a hint
	BaseURL  string // without Provider: an OpenAI-compatible server
	APIKey   string
	// LocalFirst makes a local server the primary lane with the cloud
	// provider (if any key is set) as its fallback.
	LocalFirst bool
	Getenv     func(string) string // default os.Getenv
	HTTPClient *http.Client        // for probes and providers; default http.DefaultClient
	// ProbeTimeout bounds the whole probe of the local servers (they are
	// asked at once); default DefaultProbeTimeout.
	ProbeTimeout time.Duration
	// OllamaURL and LMStudioURL are the local servers' roots; default
	// DefaultOllamaURL and DefaultLMStudioURL.
	OllamaURL, LMStudioURL string
	// Retry wraps every provider; a zero Timeout means CloudTimeout or
	// LocalTimeout.
	Retry llm.RetryPolicy
}

// Choice is the provider chosen and why.
type Choice struct {
	Provider llm.Provider
	Why      string // e.g. "ANTHROPIC_API_KEY is set"
}

// byConfig ends the Why of an explicit choice.
const byConfig = " chosen by --provider, the settings' provider or a manifest's brain.provider"

// Select chooses a provider as the package doc describes. It fails only
// for an explicit choice it cannot build (an unknown name, a missing key, a
// local server that does not answer).
func Select(ctx context.Context, o Options) (Choice, error) {
	o.defaults()
	if err := checkBaseURL(o.BaseURL, "--base-url or brain.baseURL"); err != nil {
		return Choice{}, err
	}
	if name := strings.ToLower(strings.TrimSpace(o.Provider)); name != "" {
		return explicit(ctx, o, name)
	}
	if o.BaseURL != "" {
		p, err := build(ctx, o, OpenAI)
		return Choice{Provider: p, Why: "an OpenAI-compatible server at " + o.BaseURL + " (--base-url or brain.baseURL)"}, err
	}
	cloud, why, err := cloudFromEnv(ctx, o)
	if err != nil {
		return Choice{}, err
	}
	if cloud != nil && !o.LocalFirst {
		return Choice{Provider: cloud, Why: why}, nil
	}
	local, lwhy := probeLocal(ctx, o, cloud != nil)
	switch {
	case local != nil && cloud != nil:
		return Choice{Provider: llm.Fallback(local, cloud), Why: lwhy + "; falls back to " + cloud.Name() + " since " + why}, nil
	case local != nil:
		return Choice{Provider: local, Why: lwhy}, nil
	case cloud != nil:
		return Choice{Provider: cloud, Why: why + "; no local server answered"}, nil
	}
	return Choice{Provider: null.Provider{}, Why: "no API key is set and no Ollama or LM Studio is answering on loopback"}, nil
}

func (o *Options) defaults() {
	if o.Getenv == nil {
		o.Getenv = os.Getenv
	}
	if o.HTTPClient == nil {
		o.HTTPClient = http.DefaultClient
	}
	if o.ProbeTimeout <= 0 {
		o.ProbeTimeout = DefaultProbeTimeout
	}
	if o.OllamaURL == "" {
		o.OllamaURL = DefaultOllamaURL
	}
	if o.LMStudioURL == "" {
		o.LMStudioURL = DefaultLMStudioURL
	}
}

// explicit builds the provider the flag or config named. A local server so
// named stays local — a conversation meant to stay on the machine must not
// reach the cloud unasked — unless LocalFirst asks for the cloud provider
// of the environment as its fallback lane.
func explicit(ctx context.Context, o Options, name string) (Choice, error) {
	why := name + byConfig
	s, local := localServer(o, name)
	if !local {
		p, err := build(ctx, o, name)
		if err != nil {
			return Choice{}, err
		}
		return Choice{Provider: p, Why: why}, nil
	}
	var cloud llm.Provider
	var cwhy string
	if o.LocalFirst {
		cloudOpts := o
		cloudOpts.Model, cloudOpts.BaseURL, cloudOpts.APIKey = "", "", "" // those were meant for the local server
		var err error
		if cloud, cwhy, err = cloudFromEnv(ctx, cloudOpts); err != nil {
			return Choice{}, err
		}
	}
	p, err := s.dial(ctx, o, cloud != nil)
	if err != nil {
		return Choice{}, err
	}
	if cloud != nil {
		return Choice{Provider: llm.Fallback(p, cloud), Why: why + "; falls back to " + cloud.Name() + " since " + cwhy}, nil
	}
	return Choice{Provider: p, Why: why}, nil
}

// cloudFromEnv builds the first cloud provider whose key is set; it fails
// only for a model that provider does not list.
func cloudFromEnv(ctx context.Context, o Options) (llm.Provider, string, error) {
	for _, c := range []struct{ env, name string }{
		{"ANTHROPIC_API_KEY", Anthropic}, {"OPENAI_API_KEY", OpenAI}, {"AZURE_OPENAI_API_KEY", Azure},
		{"GEMINI_API_KEY", Gemini}, {"GOOGLE_API_KEY", Gemini}, {"OLLAMA_API_KEY", OllamaCloud},
	} {
		key := o.Getenv(c.env)
		if key == "" {
			continue
		}
		o.APIKey = key
		p, err := build(ctx, o, c.name)
		if errors.As(err, new(unlistedError)) {
			return nil, "", err
		}
		if err == nil {
			why := c.env + " is set"
			if base := o.Getenv("OPENAI_BASE_URL"); c.name == OpenAI && base != "" {
				why += "; OPENAI_BASE_URL is " + base
			}
			return p, why, nil
		}
	}
	return nil, "", nil
}

// build makes the named cloud provider (or none), wrapped in retries.
func build(ctx context.Context, o Options, name string) (llm.Provider, error) {
	key := func(envs ...string) string {
		if o.APIKey != "" {
			return o.APIKey
		}
		for _, env := range envs {
			if v := o.Getenv(env); v != "" {
				return v
			}
		}
		return ""
	}
	var p llm.Provider
	switch name {
	case Anthropic:
		k := key("ANTHROPIC_API_KEY")
		if k == "" {
			return nil, errors.New("provider anthropic" + byConfig + ", but ANTHROPIC_API_KEY is not set")
		}
		p = anthropic.New(anthropic.Config{APIKey: k, Model: o.Model, BaseURL: o.BaseURL, HTTPClient: o.HTTPClient})
	case OpenAI:
		base := o.BaseURL
		if base == "" {
			base = o.Getenv("OPENAI_BASE_URL")
		}
		if err := checkBaseURL(base, "--base-url or OPENAI_BASE_URL"); err != nil {
			return nil, err
		}
		k := key("OPENAI_API_KEY")
		if k == "" && base == "" {
			return nil, errors.New("provider openai" + byConfig + ", but OPENAI_API_KEY is not set (for a keyless OpenAI-compatible server set OPENAI_BASE_URL or --base-url)")
		}
		p = openai.New(openai.Config{APIKey: k, Model: o.Model, BaseURL: openAIBase(base), HTTPClient: o.HTTPClient})
	case Gemini:
		k := key("GEMINI_API_KEY", "GOOGLE_API_KEY")
		if k == "" {
			return nil, errors.New("provider gemini" + byConfig + ", but GEMINI_API_KEY (or GOOGLE_API_KEY) is not set")
		}
		g, err := gemini.New(ctx, gemini.Config{APIKey: k, Model: o.Model, BaseURL: o.BaseURL, HTTPClient: o.HTTPClient})
		if err != nil {
			return nil, fmt.Errorf("provider gemini: %w", err)
		}
		p = g
	case Azure:
		az, err := azureProvider(o, key("AZURE_OPENAI_API_KEY"))
		if err != nil {
			return nil, err
		}
		p = az
	case OllamaCloud:
		oc, err := ollamaCloud(o, key("OLLAMA_API_KEY"))
		if err != nil {
			return nil, err
		}
		p = oc
	case None, "null":
		return null.Provider{}, nil
	default:
		return nil, fmt.Errorf("unknown provider %q (want anthropic, openai, azure, gemini, ollama, ollama-cloud, lmstudio or none)", name)
	}
	if err := checkModel(ctx, p, name, o.Model); err != nil {
		return nil, err
	}
	return llm.WithRetry(p, withTimeout(o.Retry, CloudTimeout)), nil
}

func withTimeout(pol llm.RetryPolicy, d time.Duration) llm.RetryPolicy {
	if pol.Timeout == 0 {
		pol.Timeout = d
	}
	return pol
}

// openAIBase adds the /v1/ an OpenAI-compatible server's root needs: the
// SDK appends "chat/completions" to the base, and LM Studio answers an
// unknown path with 200 and an error object rather than a 404.
func openAIBase(base string) string {
	u, err := url.Parse(base)
	if base == "" || err != nil || (u.Path != "" && u.Path != "/") {
		return base
	}
	u.Path = "/v1/"
	return u.String()
}
