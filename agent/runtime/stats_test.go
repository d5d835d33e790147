package runtime_test

import (
	"encoding/json"
	"testing"

	pt "github.com/kin-companion/kin/agent/provider/providertest"
	"github.com/kin-companion/kin/agent/runtime"
	"github.com/kin-companion/kin/agent/tools"
)

func TestStatsCountTurns(t *testing.T) {
	each(t, func(t *testing.T, b backend, stream bool) {
		var turns []runtime.Stats
		ok := func(json.RawMessage) (string, error) { return "ok", nil }
		g := newRig(t, b, stream, pt.Script(
			pt.Reply{Calls: []pt.Call{{ID: "c1", Name: "look", Args: `{"q":"a"}`}, {ID: "c2", Name: "look", Args: `{"q":"b"}`}}},
			pt.Reply{Calls: []pt.Call{{ID: "c3", Name: "jot", Args: `{"q":"c"}`}}},
			pt.Reply{Text: "Done."},
			pt.Reply{Text: "Hi."},
		), withTool(textTool("look", tools.Meta{ReadOnly: true}, ok)), withTool(textTool("jot", tools.Meta{}, ok)),
			func(c *runtime.Config) { c.OnStats = func(s runtime.Stats) { turns = append(turns, s) } })
		for _, q := range []string{"look twice and jot", "hi"} {
			if _, _, err := g.ask(t, q); err != nil {
				t.Fatal(err)
			}
		}
		s := g.rt.Stats()
		if s.Turns != 2 || s.Rounds != 4 || s.ToolCalls["look"] != 2 || s.ToolCalls["jot"] != 1 || len(s.ToolCalls) != 2 {
			t.Errorf("session stats = %+v; want 2 turns, 4 rounds, look 2, jot 1", s)
		}
		if len(turns) != 2 || turns[0].Rounds != 3 || turns[1].Rounds != 1 || turns[1].ToolCalls != nil {
			t.Errorf("per-turn stats = %+v", turns)
		}
		if b.name == "openai" && !stream && (s.InputTokens != 80 || s.OutputTokens != 40) {
			t.Errorf("tokens = %d in, %d out; want 80 and 40 (20 and 10 a call)", s.InputTokens, s.OutputTokens)
		}
	})
}

func TestStatsAdd(t *testing.T) {
	tests := []struct {
		name string
		a, b runtime.Stats
		want runtime.Stats
	}{
		{"into empty", runtime.Stats{}, runtime.Stats{Turns: 1, ToolCalls: map[string]int{"x": 2}},
			runtime.Stats{Turns: 1, ToolCalls: map[string]int{"x": 2}}},
		{"sums", runtime.Stats{Turns: 1, Rounds: 2, InputTokens: 3, OutputTokens: 4, ToolCalls: map[string]int{"x": 1}},
			runtime.Stats{Turns: 1, Rounds: 1, InputTokens: 1, OutputTokens: 1, ToolCalls: map[string]int{"x": 1, "y": 1}},
			runtime.Stats{Turns: 2, Rounds: 3, InputTokens: 4, OutputTokens: 5, ToolCalls: map[string]int{"x": 2, "y": 1}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tt.a.Add(tt.b)
			got, _ := json.Marshal(tt.a)
			want, _ := json.Marshal(tt.want)
			if string(got) != string(want) {
				t.Errorf("Add = %s, want %s", got, want)
			}
		})
	}
}
