package runtime_test

import (
	"context"
	"encoding/json"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/kin-companion/kin/agent/ctxmgr"
	"github.com/kin-companion/kin/agent/llm"
	"github.com/kin-companion/kin/agent/memory"
	"github.com/kin-companion/kin/agent/protocol"
	"github.com/kin-companion/kin/agent/provider/anthropic"
	"github.com/kin-companion/kin/agent/provider/gemini"
	"github.com/kin-companion/kin/agent/provider/openai"
	pt "github.com/kin-companion/kin/agent/provider/providertest"
	"github.com/kin-companion/kin/agent/runtime"
	"github.com/kin-companion/kin/agent/scene"
	"github.com/kin-companion/kin/agent/tools"
)

type backend struct {
	name string
	// objectArgs: the protocol carries arguments as a JSON object, so the
	// fake cannot send malformed JSON (Gemini; Anthropic without streaming).
	objectArgs func(stream bool) bool
	serve      func(testing.TB, pt.Respond) *pt.Server
	dial       func(testing.TB, *pt.Server) llm.Provider
}

var backends = []backend{
	{"anthropic", func(s bool) bool { return !s }, pt.NewAnthropic, func(t testing.TB, s *pt.Server) llm.Provider {
		return anthropic.New(anthropic.Config{APIKey: "k", Model: "claude-x", BaseURL: s.BaseURL})
	}},
	{"openai", func(bool) bool { return false }, func(t testing.TB, r pt.Respond) *pt.Server { return pt.NewOpenAI(t, r, pt.OpenAI) },
		func(t testing.TB, s *pt.Server) llm.Provider {
			return openai.New(openai.Config{APIKey: "k", Model: "m", BaseURL: s.BaseURL})
		}},
	{"ollama", func(bool) bool { return false }, func(t testing.TB, r pt.Respond) *pt.Server { return pt.NewOpenAI(t, r, pt.Ollama) },
		func(t testing.TB, s *pt.Server) llm.Provider {
			return openai.New(openai.Config{Label: "ollama", Model: "qwen3", BaseURL: s.BaseURL, NoToolChoice: true})
		}},
	{"gemini", func(bool) bool { return true }, pt.NewGemini, func(t testing.TB, s *pt.Server) llm.Provider {
		p, err := gemini.New(context.Background(), gemini.Config{APIKey: "k", Model: "gemini-x", BaseURL: s.BaseURL})
		if err != nil {
			t.Fatal(err)
		}
		return p
	}},
}

// rig is a runtime wired to a fake server.
type rig struct {
	srv    *pt.Server
	rt     *runtime.Runtime
	scene  *scene.Fake
	mem    *memory.Mem
	events *protocol.Subscription
	sleeps int
	stream bool
	b      backend
}

type option func(*runtime.Config)

func newRig(t *testing.T, b backend, stream bool, respond pt.Respond, opts ...option) *rig {
	t.Helper()
	g := &rig{stream: stream, b: b, scene: &scene.Fake{Clips: []string{"Idle", "Dance"}}, mem: &memory.Mem{}}
	g.srv = b.serve(t, respond)
	p := llm.WithRetry(b.dial(t, g.srv), llm.RetryPolicy{Attempts: 3,
		Sleep: func(context.Context, time.Duration) error { g.sleeps++; return nil }})
	bus := protocol.New("test")
	g.events = bus.Subscribe()
	cfg := runtime.Config{Provider: p, Scene: g.scene, Memory: g.mem, Bus: bus, NoStream: !stream,
		Sentiment: func(s string) float64 { return 0.5 },
		Now:       func() time.Time { return time.Date(2026, 3, 14, 15, 9, 26, 0, time.UTC) }}
	for _, o := range opts {
		o(&cfg)
	}
	g.rt = runtime.New(cfg)
	return g
}

// each runs f against every backend, streaming and not.
func each(t *testing.T, f func(t *testing.T, b backend, stream bool)) {
	for _, b := range backends {
		for _, stream := range []bool{false, true} {
			name := b.name
			if stream {
				name += "/stream"
			}
			t.Run(name, func(t *testing.T) { f(t, b, stream) })
		}
	}
}

// ask runs a turn and collects its deltas.
func (g *rig) ask(t *testing.T, text string) (final string, ds []runtime.Delta, err error) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	for d := range g.rt.Send(ctx, text) {
		ds = append(ds, d)
		switch d.Kind {
		case runtime.Final:
			final = d.Text
		case runtime.Failed:
			err = d.Err
		}
	}
	return final, ds, err
}

func (g *rig) eventsOf(typ protocol.Type) []protocol.Event {
	var out []protocol.Event
	g.events.Drain(1<<20, func(e protocol.Event) {
		if e.Type == typ {
			out = append(out, e)
		}
	})
	return out
}

func withTool(t *tools.Tool) option {
	return func(c *runtime.Config) { c.Tools = append(c.Tools, t) }
}

func withContext(cc ctxmgr.Config) option { return func(c *runtime.Config) { c.Context = cc } }

// textTool is a tool returning fixed text.
func textTool(name string, meta tools.Meta, out func(args json.RawMessage) (string, error)) *tools.Tool {
	return &tools.Tool{Name: name, Description: "Test tool " + name + ".", Meta: meta,
		Schema: json.RawMessage(`{"type":"object","properties":{"q":{"type":"string"}}}`),
		Run:    func(_ context.Context, a json.RawMessage) (string, error) { return out(a) }}
}

type confirmer struct {
	mu    sync.Mutex
	asked []string
	allow bool
}

func (c *confirmer) Confirm(_ context.Context, r tools.Request) (tools.Answer, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.asked = append(c.asked, r.Call.Name)
	if c.allow {
		return tools.Once, nil
	}
	return tools.Deny, nil
}

func lastResults(t *testing.T, s pt.Seen) []llm.ToolResult {
	t.Helper()
	m := s.Messages[len(s.Messages)-1]
	if m.Role != llm.Tool {
		t.Fatalf("last message is %s, want tool results: %+v", m.Role, m)
	}
	return m.Results
}

func isErr(r llm.ToolResult) bool { return r.IsError || strings.HasPrefix(r.Content, "Error:") }
