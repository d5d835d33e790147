package provider

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
	"time"

	"github.com/kin-companion/kin/agent/llm"
	"github.com/kin-companion/kin/agent/provider/openai"
)

// The local model servers' default roots: they listen on loopback.
const (
	DefaultOllamaURL   = "http://127.0.0.1:11434"
	DefaultLMStudioURL = "http://127.0.0.1:1234"
)

// explicitProbe is the least time an explicitly chosen local server gets to
// list its models: the user said it is there, so a slow first answer is
// worth a wait the automatic choice does not make.
const explicitProbe = 2 * time.Second

// server is a local model server: Ollama or LM Studio. Both serve the
// OpenAI Chat Completions API under /v1/ and list their models in their
// own way.
type server struct {
	name, label, root string
	listPath          string // the model list: Ollama's /api/tags, LM Studio's /v1/models
	parse             func(body []byte) ([]string, error)
	advice            string // how to get a model
}

// localServer returns the named local server, rooted at o.BaseURL when set.
func localServer(o Options, name string) (server, bool) {
	var s server
	switch name {
	case Ollama:
		s = server{name: Ollama, label: "Ollama", root: o.OllamaURL, listPath: "/api/tags", parse: ollamaModels,
			advice: `run "ollama pull qwen3"`}
	case LMStudio:
		s = server{name: LMStudio, label: "LM Studio", root: o.LMStudioURL, listPath: "/v1/models", parse: openAIModels,
			advice: "download a model in LM Studio"}
	default:
		return s, false
	}
	if o.BaseURL != "" {
		s.root = strings.TrimSuffix(strings.TrimSuffix(o.BaseURL, "/"), "/v1")
	}
	return s, true
}

// dial builds the provider for an explicitly chosen server, asking it for
// a model when none was given. As a lane in front of a fallback it is not
// retried: the fallback is the retry.
func (s server) dial(ctx context.Context, o Options, lane bool) (llm.Provider, error) {
	model := o.Model
	if model == "" {
		ctx, cancel := context.WithTimeout(ctx, max(o.ProbeTimeout, explicitProbe))
		defer cancel()
		models, err := s.models(ctx, o.HTTPClient)
		if err != nil {
			return nil, fmt.Errorf("provider %s%s, but nothing answers at %s (start %s, or pass --base-url): %w",
				s.name, byConfig, s.root, s.label, err)
		}
		if len(models) == 0 {
			return nil, fmt.Errorf("provider %s%s, but %s at %s lists no chat model (%s, or pass --model)",
				s.name, byConfig, s.label, s.root, s.advice)
		}
		model = models[0]
	} else if err := s.checkModel(ctx, o, model); err != nil {
		return nil, err
	}
	return s.provider(o, model, lane), nil
}

func (s server) provider(o Options, model string, lane bool) llm.Provider {
	p := openai.New(openai.Config{Label: s.name, Model: model, BaseURL: s.root + "/v1/", HTTPClient: o.HTTPClient,
		NoToolChoice: s.name == Ollama})
	pol := withTimeout(o.Retry, LocalTimeout)
	if lane {
		pol.Attempts = 1
	}
	return llm.WithRetry(p, pol)
}

// probeLocal asks Ollama and LM Studio at once, within one ProbeTimeout,
// and takes the first in that order that lists a chat model. o.Model is
// used when the server has it; otherwise the server's first model.
func probeLocal(ctx context.Context, o Options, lane bool) (llm.Provider, string) {
	ctx, cancel := context.WithTimeout(ctx, o.ProbeTimeout)
	defer cancel()
	var servers []server
	for _, name := range []string{Ollama, LMStudio} {
		s, _ := localServer(Options{OllamaURL: o.OllamaURL, LMStudioURL: o.LMStudioURL}, name)
		servers = append(servers, s)
	}
	found := make([]chan []string, len(servers))
	for i, s := range servers {
		found[i] = make(chan []string, 1)
		go func() {
			models, _ := s.models(ctx, o.HTTPClient)
			found[i] <- models
		}()
	}
	for i, s := range servers {
		if models := <-found[i]; len(models) > 0 {
			model := pick(models, o.Model)
			return s.provider(o, model, lane), fmt.Sprintf("%s is answering on %s with %s", s.label, strings.TrimPrefix(s.root, "http://"), model)
		}
	}
	return nil, ""
}

// checkModel refuses a model the server does not list; a server that
// does not answer the list in time is not judged (the turn will say).
func (s server) checkModel(ctx context.Context, o Options, model string) error {
	ctx, cancel := context.WithTimeout(ctx, max(o.ProbeTimeout, explicitProbe))
	defer cancel()
	models, err := s.models(ctx, o.HTTPClient)
	if err != nil || len(models) == 0 {
		return nil
	}
	return unlisted(s.label+" at "+s.root, model, models)
}

// pick returns want when the server lists it (Ollama adds ":latest" to an
// untagged name), else the first model listed.
func pick(models []string, want string) string {
	for _, m := range models {
		if want != "" && (m == want || m == want+":latest") {
			return m
		}
	}
	return models[0]
}

// models fetches the server's list of chat models.
func (s server) models(ctx context.Context, c *http.Client) ([]string, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, s.root+s.listPath, nil)
	if err != nil {
		return nil, err
	}
	resp, err := c.Do(req)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(io.LimitReader(resp.Body, 4<<20))
	if err != nil {
		return nil, err
	}
	if resp.StatusCode != http.StatusOK {
		return nil, fmt.Errorf("GET %s: %s", s.listPath, resp.Status)
	}
	models, err := s.parse(body)
	if err != nil {
		return nil, fmt.Errorf("GET %s: %w", s.listPath, err)
	}
	return models, nil
}

// ollamaModels reads GET /api/tags: {"models":[{"name":"qwen3:latest",
// "details":{"family":"qwen3",…}},…]}, most recently used first.
func ollamaModels(body []byte) ([]string, error) {
	var list struct {
		Models *[]struct {
			Name    string `json:"name"`
			Details struct {
				Family string `json:"family"`
			} `json:"details"`
		} `json:"models"`
	}
	if err := json.Unmarshal(body, &list); err != nil || list.Models == nil {
		return nil, fmt.Errorf("not an Ollama model list: %.80s", body)
	}
	var out []string
	for _, m := range *list.Models {
		if !embedding(m.Name) && !strings.Contains(m.Details.Family, "bert") {
			out = append(out, m.Name)
		}
	}
	return out, nil
}

// openAIModels reads GET /v1/models: {"object":"list","data":[{"id":…}]}.
// LM Studio answers an unknown path with 200 and {"error":"…"}.
func openAIModels(body []byte) ([]string, error) {
	var list struct {
		Data  *[]struct{ ID string } `json:"data"`
		Error json.RawMessage        `json:"error"`
	}
	if err := json.Unmarshal(body, &list); err != nil {
		return nil, fmt.Errorf("not a model list: %.80s", body)
	}
	if len(list.Error) > 0 || list.Data == nil {
		return nil, fmt.Errorf("not a model list: %.80s", body)
	}
	var out []string
	for _, m := range *list.Data {
		if !embedding(m.ID) {
			out = append(out, m.ID)
		}
	}
	return out, nil
}

// embedding reports whether a model is an embedding model by its name
// (nomic-embed-text, mxbai-embed-large, text-embedding-…): those cannot chat.
func embedding(name string) bool { return strings.Contains(strings.ToLower(name), "embed") }
