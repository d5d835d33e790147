package provider_test

import (
	"context"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/kin-companion/kin/agent/llm"
	"github.com/kin-companion/kin/agent/provider"
	pt "github.com/kin-companion/kin/agent/provider/providertest"
)

// env is an injected environment.
type env map[string]string

func (e env) get(k string) string { return e[k] }

var allKeys = env{"ANTHROPIC_API_KEY": "sk-ant", "OPENAI_API_KEY": "sk-oai", "GEMINI_API_KEY": "gm"}

// deadURL is a loopback address nothing listens on: connection refused.
func deadURL(t *testing.T) string {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	u := "http://" + l.Addr().String()
	l.Close()
	return u
}

// hangingURL accepts requests and never answers them.
func hangingURL(t *testing.T) string {
	s := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { <-r.Context().Done() }))
	t.Cleanup(s.Close)
	return s.URL
}

// local starts a fake Ollama or LM Studio listing models; nil models means
// nothing listens at all.
func local(t *testing.T, flavor pt.Flavor, reply string, models []string) string {
	if models == nil {
		return deadURL(t)
	}
	s := pt.NewOpenAI(t, pt.Script(pt.Reply{Text: reply}, pt.Reply{Text: reply}), flavor)
	s.SetModels(models...)
	return s.URL
}

// TestSelectPrecedence walks the whole order: flag or config > base URL >
// ANTHROPIC_API_KEY > OPENAI_API_KEY > GEMINI_API_KEY > Ollama > LM Studio
// > none, with real fake servers on loopback standing in for the local ones.
func TestSelectPrecedence(t *testing.T) {
	qwen := []string{"qwen3:latest"}
	lms := []string{"qwen2.5-7b-instruct"}
	for _, c := range []struct {
		name             string
		opts             provider.Options
		env              env
		ollama, lmstudio []string // nil: nothing listening
		want, why        string   // Name() and a part of Why
		reply            string   // what a request answers, for local choices
	}{
		{name: "flag beats every key", opts: provider.Options{Provider: "anthropic"}, env: allKeys, ollama: qwen,
			want: "anthropic/claude-sonnet-4-5", why: "anthropic chosen by --provider, the settings' provider or a manifest's brain.provider"},
		{name: "flag is case-blind and takes the model", opts: provider.Options{Provider: "OpenAI", Model: "gpt-x"}, env: allKeys,
			want: "openai/gpt-x", why: "openai chosen by"},
		{name: "flag none", opts: provider.Options{Provider: "none"}, env: allKeys, ollama: qwen, want: "none", why: "none chosen by"},
		{name: "anthropic key first", env: allKeys, ollama: qwen, lmstudio: lms,
			want: "anthropic/claude-sonnet-4-5", why: "ANTHROPIC_API_KEY is set"},
		{name: "openai key next", env: env{"OPENAI_API_KEY": "k", "GEMINI_API_KEY": "g"}, ollama: qwen,
			want: "openai/gpt-4o-mini", why: "OPENAI_API_KEY is set"},
		{name: "gemini key next", env: env{"GEMINI_API_KEY": "g"}, ollama: qwen, want: "gemini/gemini-2.5-flash", why: "GEMINI_API_KEY is set"},
		{name: "google key for gemini", env: env{"GOOGLE_API_KEY": "g"}, want: "gemini/gemini-2.5-flash", why: "GOOGLE_API_KEY is set"},
		{name: "ollama before lm studio", ollama: qwen, lmstudio: lms,
			want: "ollama/qwen3:latest", why: "Ollama is answering on 127.0.0.1:", reply: "from ollama"},
		{name: "ollama skips embedding models", ollama: []string{"nomic-embed-text:latest", "llama3.2:latest"},
			want: "ollama/llama3.2:latest", why: "with llama3.2:latest", reply: "from ollama"},
		{name: "ollama with only embeddings gives way to lm studio", ollama: []string{"mxbai-embed-large:latest"},
			lmstudio: []string{"text-embedding-nomic-embed-text-v1.5", "qwen2.5-7b-instruct"},
			want:     "lmstudio/qwen2.5-7b-instruct", why: "LM Studio is answering on 127.0.0.1:", reply: "from lm studio"},
		{name: "ollama down, lm studio up", lmstudio: lms, want: "lmstudio/qwen2.5-7b-instruct", why: "LM Studio is answering", reply: "from lm studio"},
		{name: "model hint listed", opts: provider.Options{Model: "llama3.2"}, ollama: []string{"qwen3:latest", "llama3.2:latest"},
			want: "ollama/llama3.2:latest", reply: "from ollama"},
		{name: "model hint not listed", opts: provider.Options{Model: "claude-x"}, ollama: qwen, want: "ollama/qwen3:latest", reply: "from ollama"},
		{name: "servers without models", ollama: []string{}, lmstudio: []string{}, want: "none", why: "no API key is set and no Ollama or LM Studio"},
		{name: "nothing at all", want: "none", why: "no API key is set"},
		{name: "explicit ollama stays local", opts: provider.Options{Provider: "ollama"}, env: env{"ANTHROPIC_API_KEY": "k"}, ollama: qwen,
			want: "ollama/qwen3:latest", why: "ollama chosen by --provider, the settings' provider or a manifest's brain.provider", reply: "from ollama"},
		{name: "explicit ollama with local-first falls back to the cloud", opts: provider.Options{Provider: "ollama", LocalFirst: true},
			env: env{"ANTHROPIC_API_KEY": "k"}, ollama: qwen, want: "ollama/qwen3:latest → anthropic/claude-sonnet-4-5",
			why: "ollama chosen by --provider, the settings' provider or a manifest's brain.provider; falls back to anthropic/claude-sonnet-4-5 since ANTHROPIC_API_KEY is set", reply: "from ollama"},
		{name: "explicit model is the local one's, not the cloud's", opts: provider.Options{Provider: "ollama", Model: "qwen3", LocalFirst: true},
			env: env{"OPENAI_API_KEY": "k"}, ollama: qwen, want: "ollama/qwen3 → openai/gpt-4o-mini", reply: "from ollama"},
		{name: "explicit lm studio", opts: provider.Options{Provider: "lmstudio"}, lmstudio: lms, ollama: qwen,
			want: "lmstudio/qwen2.5-7b-instruct", why: "lmstudio chosen by", reply: "from lm studio"},
		{name: "local first", opts: provider.Options{LocalFirst: true}, env: env{"OPENAI_API_KEY": "k"}, ollama: qwen,
			want: "ollama/qwen3:latest → openai/gpt-4o-mini", why: "falls back to openai/gpt-4o-mini since OPENAI_API_KEY is set", reply: "from ollama"},
		{name: "local first without a local server", opts: provider.Options{LocalFirst: true}, env: env{"ANTHROPIC_API_KEY": "k"},
			want: "anthropic/claude-sonnet-4-5", why: "ANTHROPIC_API_KEY is set; no local server answered"},
	} {
		t.Run(c.name, func(t *testing.T) {
			o := c.opts
			o.Getenv = c.env.get
			o.OllamaURL = local(t, pt.Ollama, "from ollama", c.ollama)
			o.LMStudioURL = local(t, pt.LMStudio, "from lm studio", c.lmstudio)
			ch, err := provider.Select(context.Background(), o)
			if err != nil {
				t.Fatal(err)
			}
			if got := ch.Provider.Name(); got != c.want {
				t.Errorf("provider %q, want %q", got, c.want)
			}
			if !strings.Contains(ch.Why, c.why) || ch.Why == "" {
				t.Errorf("why %q, want it to contain %q", ch.Why, c.why)
			}
			if c.reply == "" {
				return
			}
			resp, err := ch.Provider.Complete(context.Background(), &llm.Request{Tools: tools, Stream: true,
				Messages: []llm.Message{{Role: llm.User, Text: "hi"}}})
			if err != nil || resp.Text != c.reply {
				t.Errorf("request to the chosen server: %v %+v, want %q", err, resp, c.reply)
			}
		})
	}
}

// TestSelectProbeMatchesRealServers: Ollama is recognised by /api/tags
// only; LM Studio's habit of answering unknown paths with 200 and an error
// object must not make it look like Ollama.
func TestSelectProbeMatchesRealServers(t *testing.T) {
	impostor := pt.NewOpenAI(t, pt.Script(), pt.LMStudio)
	impostor.SetModels("qwen2.5-7b-instruct")
	ch, err := provider.Select(context.Background(), provider.Options{Getenv: env{}.get,
		OllamaURL: impostor.URL, LMStudioURL: deadURL(t)})
	if err != nil || ch.Provider.Name() != "none" {
		t.Fatalf("LM Studio on Ollama's address taken for Ollama: %v %q (%s)", err, ch.Provider.Name(), ch.Why)
	}
}

// TestSelectOpenAIBaseURL: OPENAI_BASE_URL (or --base-url) sends the
// requests to that server, with the key when there is one; a bare server
// root gets /v1/.
func TestSelectOpenAIBaseURL(t *testing.T) {
	for _, c := range []struct {
		name string
		opts provider.Options
		env  func(base string) env
		why  string
		auth string
	}{
		{name: "OPENAI_BASE_URL with a key", env: func(b string) env { return env{"OPENAI_API_KEY": "sk-or", "OPENAI_BASE_URL": b} },
			why: "OPENAI_API_KEY is set; OPENAI_BASE_URL is http://127.0.0.1:", auth: "Bearer sk-or"},
		{name: "keyless server named by flag", opts: provider.Options{Provider: "openai"},
			env: func(b string) env { return env{"OPENAI_BASE_URL": b} }, why: "openai chosen by", auth: "Bearer unused"},
		{name: "base URL alone beats the keys", opts: provider.Options{BaseURL: "set below"},
			env: func(string) env { return allKeys }, why: "an OpenAI-compatible server at", auth: "Bearer sk-oai"},
	} {
		t.Run(c.name, func(t *testing.T) {
			srv := pt.NewOpenAI(t, pt.Script(pt.Reply{Text: "routed"}), pt.OpenAI)
			o := c.opts
			if o.BaseURL != "" {
				o.BaseURL = srv.URL // the root: /v1/ is added
			}
			o.Getenv, o.OllamaURL, o.LMStudioURL = c.env(srv.BaseURL).get, deadURL(t), deadURL(t)
			ch, err := provider.Select(context.Background(), o)
			if err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(ch.Why, c.why) {
				t.Errorf("why %q, want %q", ch.Why, c.why)
			}
			resp, err := ch.Provider.Complete(context.Background(), &llm.Request{Messages: []llm.Message{{Role: llm.User, Text: "hi"}}})
			if err != nil || resp.Text != "routed" {
				t.Fatalf("%v %+v", err, resp)
			}
			if got := srv.Seen()[0].Header.Get("Authorization"); got != c.auth {
				t.Errorf("Authorization %q, want %q", got, c.auth)
			}
		})
	}
}

// TestSelectExplicitErrors: an explicit choice that cannot work says what
// is missing.
func TestSelectExplicitErrors(t *testing.T) {
	noModels := local(t, pt.Ollama, "", []string{"nomic-embed-text:latest"})
	for _, c := range []struct {
		provider, ollama string
		want             []string
	}{
		{"anthropic", "", []string{"provider anthropic chosen by --provider, the settings' provider or a manifest's brain.provider", "ANTHROPIC_API_KEY is not set"}},
		{"openai", "", []string{"OPENAI_API_KEY is not set", "OPENAI_BASE_URL"}},
		{"gemini", "", []string{"GEMINI_API_KEY (or GOOGLE_API_KEY) is not set"}},
		{"mistral", "", []string{`unknown provider "mistral"`, "ollama-cloud, lmstudio or none"}},
		{"ollama", "dead", []string{"provider ollama", "nothing answers at http://127.0.0.1:", "start Ollama", "connection refused"}},
		{"ollama", noModels, []string{"Ollama at " + noModels + " lists no chat model", "ollama pull", "--model"}},
		{"lmstudio", "", []string{"provider lmstudio", "nothing answers at", "start LM Studio"}},
	} {
		t.Run(c.provider, func(t *testing.T) {
			o := provider.Options{Provider: c.provider, Getenv: env{}.get, OllamaURL: c.ollama, LMStudioURL: deadURL(t)}
			if c.ollama == "dead" || c.ollama == "" {
				o.OllamaURL = deadURL(t)
			}
			ch, err := provider.Select(context.Background(), o)
			if err == nil {
				t.Fatalf("no error; chose %s (%s)", ch.Provider.Name(), ch.Why)
			}
			for _, w := range c.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q lacks %q", err, w)
				}
			}
		})
	}
}

// TestSelectProbeTimeout: local servers that accept and never answer cost
// start-up one ProbeTimeout in all, not one each.
func TestSelectProbeTimeout(t *testing.T) {
	const timeout = 250 * time.Millisecond
	lms := local(t, pt.LMStudio, "from lm studio", []string{"qwen2.5-7b-instruct"})
	for _, c := range []struct {
		name, lmstudio, want string
	}{
		{"ollama hangs, lm studio answers", lms, "lmstudio/qwen2.5-7b-instruct"},
		{"both hang", hangingURL(t), "none"},
	} {
		t.Run(c.name, func(t *testing.T) {
			start := time.Now()
			ch, err := provider.Select(context.Background(), provider.Options{Getenv: env{}.get, ProbeTimeout: timeout,
				OllamaURL: hangingURL(t), LMStudioURL: c.lmstudio})
			elapsed := time.Since(start)
			if err != nil || ch.Provider.Name() != c.want {
				t.Fatalf("%v %q, want %q", err, ch.Provider.Name(), c.want)
			}
			if elapsed > timeout+timeout*3/4 {
				t.Errorf("Select took %v with a %v probe timeout", elapsed, timeout)
			}
		})
	}
}

// TestSelectLaneEndToEnd: an explicitly chosen Ollama with local-first
// lanes that fails hands the request to the cloud provider of the
// environment — once, without retrying the local lane — and the reply
// names the lane that answered.
func TestSelectLaneEndToEnd(t *testing.T) {
	ollama := pt.NewOpenAI(t, pt.Script(pt.Reply{Status: 503, Error: "model is loading"}), pt.Ollama)
	ollama.SetModels("qwen3:latest")
	cloud := pt.NewOpenAI(t, pt.Script(pt.Reply{Text: "Hello from the cloud."}), pt.OpenAI)
	ch, err := provider.Select(context.Background(), provider.Options{Provider: "ollama", LocalFirst: true,
		Getenv:    env{"OPENAI_API_KEY": "sk", "OPENAI_BASE_URL": cloud.BaseURL}.get,
		OllamaURL: ollama.URL, LMStudioURL: deadURL(t)})
	if err != nil {
		t.Fatal(err)
	}
	var text strings.Builder
	resp, err := ch.Provider.Complete(context.Background(), &llm.Request{Stream: true, Tools: tools,
		OnText: func(s string) { text.WriteString(s) }, Messages: []llm.Message{{Role: llm.User, Text: "hi"}}})
	if err != nil || text.String() != "Hello from the cloud." {
		t.Fatalf("%v %q", err, text.String())
	}
	if resp.Lane != "openai/gpt-4o-mini" || !strings.Contains(resp.Note, "ollama/qwen3:latest failed") || !strings.Contains(resp.Note, "503") {
		t.Errorf("lane %q, note %q", resp.Lane, resp.Note)
	}
	if n := len(ollama.Seen()); n != 1 {
		t.Errorf("local lane asked %d times, want 1 (the fallback is its retry)", n)
	}
	if s := ollama.Seen()[0]; len(s.Tools) != len(tools) {
		t.Errorf("ollama saw tools %v", s.Tools)
	}
}
