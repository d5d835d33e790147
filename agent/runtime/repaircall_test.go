package runtime_test

import (
	"encoding/json"
	"strings"
	"sync"
	"testing"

	pt "github.com/kin-companion/kin/agent/provider/providertest"
	"github.com/kin-companion/kin/agent/tools"
)

// recorder is a tool that keeps the arguments of its calls.
type recorder struct {
	mu   sync.Mutex
	args []string
}

func (r *recorder) tool(name string) *tools.Tool {
	return textTool(name, tools.Meta{}, func(a json.RawMessage) (string, error) {
		r.mu.Lock()
		defer r.mu.Unlock()
		r.args = append(r.args, string(a))
		return "noted", nil
	})
}

func TestRepairCallFixesBrokenArguments(t *testing.T) {
	each(t, func(t *testing.T, b backend, stream bool) {
		if b.objectArgs(stream) {
			t.Skip("this protocol carries arguments as an object: they cannot be malformed")
		}
		var rec recorder
		g := newRig(t, b, stream, pt.Script(
			pt.Reply{Calls: []pt.Call{{ID: "c1", Name: "note", Args: `{q: hello there}`}}},
			pt.Reply{Text: "```json\n{\"q\": \"hello there\"}\n```"},
			pt.Reply{Text: "Noted."},
		), withTool(rec.tool("note")))
		if final, _, err := g.ask(t, "note hello"); err != nil || final != "Noted." {
			t.Fatalf("turn = %q, %v", final, err)
		}
		if len(rec.args) != 1 || rec.args[0] != `{"q": "hello there"}` {
			t.Fatalf("tool ran with %q; want the repaired arguments once", rec.args)
		}
		seen := g.srv.Seen()
		rep := seen[1]
		if !strings.Contains(rep.System, "You repair the arguments") || len(rep.Tools) != 0 ||
			!strings.Contains(rep.Messages[0].Text, "{q: hello there}") {
			t.Errorf("repair request: system %q, tools %v, messages %+v", rep.System, rep.Tools, rep.Messages)
		}
		if r := lastResults(t, seen[2]); isErr(r[0]) {
			t.Errorf("result after repair is an error: %+v", r[0])
		}
		s := g.rt.Stats()
		if s.Rounds != 2 || s.ToolCalls["note"] != 1 || (b.name == "openai" && !stream && s.InputTokens != 60) {
			t.Errorf("stats = %+v; want 2 rounds (the repair call is not one), 1 note call, and its tokens counted", s)
		}
	})
}

func TestRepairCallIsBounded(t *testing.T) {
	var rec recorder
	b := backends[1] // openai
	g := newRig(t, b, false, pt.Script(
		pt.Reply{Calls: []pt.Call{{ID: "c1", Name: "note", Args: `{q: one}`}, {ID: "c2", Name: "note", Args: `{q: two}`},
			{ID: "c3", Name: "note", Args: `{q: three}`}}},
		pt.Reply{Text: "sorry, I cannot"},
		pt.Reply{Text: "{}"},
		pt.Reply{Text: "I could not take the note."},
	), withTool(rec.tool("note")))
	if final, _, err := g.ask(t, "note three things"); err != nil || final != "I could not take the note." {
		t.Fatalf("turn = %q, %v", final, err)
	}
	seen := g.srv.Seen()
	if len(seen) != 4 || len(rec.args) != 0 {
		t.Fatalf("%d requests, tool ran %d times; want 2 repair calls and no run", len(seen), len(rec.args))
	}
	res := lastResults(t, seen[3])
	for i, r := range res {
		if !isErr(r) {
			t.Errorf("call %d: %+v, want an error result", i, r)
		}
	}
	if !strings.Contains(res[0].Content, "a repair was tried and failed") || strings.Contains(res[2].Content, "repair") {
		t.Errorf("results do not say which calls a repair was tried on: %q / %q", res[0].Content, res[2].Content)
	}
}
