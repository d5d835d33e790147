package subagent_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/kin-companion/kin/agent/llm"
	"github.com/kin-companion/kin/agent/protocol"
	"github.com/kin-companion/kin/agent/provider/anthropic"
	"github.com/kin-companion/kin/agent/provider/gemini"
	"github.com/kin-companion/kin/agent/provider/openai"
	pt "github.com/kin-companion/kin/agent/provider/providertest"
	"github.com/kin-companion/kin/agent/runtime"
	"github.com/kin-companion/kin/agent/subagent"
	"github.com/kin-companion/kin/agent/tools"
)

type backend struct {
	name  string
	serve func(testing.TB, pt.Respond) *pt.Server
	dial  func(testing.TB, *pt.Server) llm.Provider
}

var backends = []backend{
	{"anthropic", pt.NewAnthropic, func(t testing.TB, s *pt.Server) llm.Provider {
		return anthropic.New(anthropic.Config{APIKey: "k", Model: "claude-x", BaseURL: s.BaseURL})
	}},
	{"openai", func(t testing.TB, r pt.Respond) *pt.Server { return pt.NewOpenAI(t, r, pt.OpenAI) },
		func(t testing.TB, s *pt.Server) llm.Provider {
			return openai.New(openai.Config{APIKey: "k", Model: "m", BaseURL: s.BaseURL})
		}},
	{"ollama", func(t testing.TB, r pt.Respond) *pt.Server { return pt.NewOpenAI(t, r, pt.Ollama) },
		func(t testing.TB, s *pt.Server) llm.Provider {
			return openai.New(openai.Config{Label: "ollama", Model: "qwen3", BaseURL: s.BaseURL, NoToolChoice: true})
		}},
	{"gemini", pt.NewGemini, func(t testing.TB, s *pt.Server) llm.Provider {
		p, err := gemini.New(context.Background(), gemini.Config{APIKey: "k", Model: "gemini-x", BaseURL: s.BaseURL})
		if err != nil {
			t.Fatal(err)
		}
		return p
	}},
}

// rig is a main runtime with a sub-agent manager wired as kin wires it,
// both talking to one fake server.
type rig struct {
	srv    *pt.Server
	rt     *runtime.Runtime
	mgr    *subagent.Manager
	events *protocol.Subscription
	ends   chan subagent.Report
}

func newRig(t *testing.T, b backend, respond pt.Respond, extra ...*tools.Tool) *rig {
	t.Helper()
	g := &rig{ends: make(chan subagent.Report, 8)}
	g.srv = b.serve(t, respond)
	p := b.dial(t, g.srv)
	bus := protocol.New("test")
	g.events = bus.Subscribe(protocol.Think, protocol.Speak, protocol.ToolCall)
	gate := &tools.Gate{Bus: bus}
	g.rt = runtime.New(runtime.Config{Provider: p, Bus: bus, Gate: gate, NoStream: true, Tools: extra})
	g.mgr = subagent.New(subagent.Config{Provider: p, Registry: g.rt.Registry(), Gate: gate, Bus: bus, Notes: g.rt,
		OnEnd: func(r subagent.Report) { g.ends <- r }})
	for _, tl := range g.mgr.Tools() {
		g.rt.Registry().Add(tl)
	}
	g.rt.OnAbort(g.mgr.CancelAll)
	t.Cleanup(g.mgr.Close)
	return g
}

// ask runs a main turn to its end.
func (g *rig) ask(t *testing.T, text string) string {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	final, err := g.rt.Ask(ctx, text)
	if err != nil {
		t.Fatalf("turn %q: %v", text, err)
	}
	return final
}

// end waits for the next sub-agent report.
func (g *rig) end(t *testing.T) subagent.Report {
	t.Helper()
	select {
	case r := <-g.ends:
		return r
	case <-time.After(10 * time.Second):
		t.Fatal("no sub-agent ended")
		return subagent.Report{}
	}
}

// waitFor polls cond for up to 10 s.
func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	for deadline := time.Now().Add(10 * time.Second); !cond(); time.Sleep(5 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting until %s", what)
		}
	}
}

// texts drains the bus events seen so far: speech, thoughts, and gate
// decisions as "caller tool".
func (g *rig) texts() map[protocol.Type][]string {
	out := map[protocol.Type][]string{}
	g.events.Drain(1<<20, func(e protocol.Event) {
		switch p := e.Payload.(type) {
		case protocol.SpeakPayload:
			out[e.Type] = append(out[e.Type], p.Text)
		case protocol.ThinkPayload:
			out[e.Type] = append(out[e.Type], p.Thought)
		case protocol.ToolCallPayload:
			out[e.Type] = append(out[e.Type], p.Caller+" "+p.Tool)
		}
	})
	return out
}

func isSub(s pt.Seen) bool { return strings.Contains(s.System, "background helper of") }

func last(s pt.Seen) llm.Message { return s.Messages[len(s.Messages)-1] }

// goalOf is the goal a sub-agent's request works on.
func goalOf(s pt.Seen) string { return strings.TrimPrefix(s.Messages[0].Text, "Your goal: ") }

func call(name, args string) pt.Reply { return pt.Reply{Calls: []pt.Call{{Name: name, Args: args}}} }

// blocking is a tool that reports each start on started and returns when
// release closes or its context ends (recording that in cancelled).
func blocking(name string, started chan<- string, release <-chan struct{}, cancelled chan<- error) *tools.Tool {
	return &tools.Tool{Name: name, Description: "Test tool " + name + ".", Meta: tools.Meta{ReadOnly: true},
		Schema: json.RawMessage(`{"type":"object","properties":{"q":{"type":"string"}}}`),
		Run: func(ctx context.Context, args json.RawMessage) (string, error) {
			started <- string(args)
			select {
			case <-release:
				return name + " result", nil
			case <-ctx.Done():
				cancelled <- ctx.Err()
				return "", ctx.Err()
			}
		}}
}

func contains(ss []string, sub string) bool {
	for _, s := range ss {
		if strings.Contains(s, sub) {
			return true
		}
	}
	return false
}
