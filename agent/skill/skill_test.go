package skill

import (
	"context"
	"encoding/json"
	"math"
	"strings"
	"testing"

	"github.com/kin-companion/kin/agent/tools"
)

// TestSkillTool: how a handler's result becomes a tool result.
func TestSkillTool(t *testing.T) {
	huge := json.RawMessage(`{"x":"` + strings.Repeat("a", maxData) + `"}`)
	for _, c := range []struct {
		name      string
		res       Result
		text, err string
		sentiment float64
		data      string
	}{
		{"plain", Result{Success: true, Output: "ok", Sentiment: 0.4, Data: json.RawMessage(`{"a":1}`)}, "ok", "", 0.4, `{"a":1}`},
		{"clamped high", Result{Success: true, Sentiment: 7}, "", "", 1, ""},
		{"clamped low", Result{Success: true, Sentiment: -3}, "", "", -1, ""},
		{"nan", Result{Success: true, Sentiment: math.NaN()}, "", "", 0, ""},
		{"failure", Result{Output: "no network"}, "", "s did not succeed: no network", 0, ""},
		{"silent failure", Result{}, "", "without saying why", 0, ""},
		{"huge data", Result{Success: true, Data: huge}, "", "", 0, `{"note":"the skill's data (16 KB) was too large to record"}`},
		{"long output", Result{Success: true, Output: strings.Repeat("é", maxOutput)}, strings.Repeat("é", maxOutput/2) + "\n[… cut: ", "", 0, ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			sk := &Skill{Name: "s", Handler: func(context.Context, json.RawMessage) (Result, error) { return c.res, nil }}
			tool, err := sk.Tool(nil)
			if err != nil {
				t.Fatal(err)
			}
			r, err := tool.Call(context.Background(), nil)
			if c.err != "" {
				if err == nil || !strings.Contains(err.Error(), c.err) {
					t.Errorf("error %v, want %q", err, c.err)
				}
				return
			}
			if err != nil || !strings.HasPrefix(r.Text, c.text) || r.Sentiment != c.sentiment || string(r.Data) != c.data {
				t.Errorf("result %.80q %v %s, error %v", r.Text, r.Sentiment, r.Data, err)
			}
		})
	}
}

func TestSkillToolErrors(t *testing.T) {
	h := func(context.Context, json.RawMessage) (Result, error) { return Result{Success: true}, nil }
	for _, sk := range []*Skill{{Name: "nohandler"}, {Name: "badschema", Handler: h, InputSchema: json.RawMessage(`{"type":12}`)}} {
		if _, err := sk.Tool(nil); err == nil || !strings.Contains(err.Error(), "skill "+sk.Name) {
			t.Errorf("%s: %v", sk.Name, err)
		}
	}
}

// TestHelpLists: help names skills and the other tools separately.
func TestHelpLists(t *testing.T) {
	all := append(registryTools(), &tools.Tool{Name: "greet", Description: "Greet.\nMore."})
	r := helpResult(all, []string{"greet", "think"})
	want := "Here is what I can do.\nSkills:\n- greet: Greet.\n- think\nTools:\n- wave: Wave at the user.\n- speak: Say something."
	if r.Output != want || string(r.Data) != `{"skills":2,"tools":2}` {
		t.Errorf("help %q %s", r.Output, r.Data)
	}
}
