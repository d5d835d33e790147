package skill

import (
	"context"
	"encoding/json"
	"errors"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/kin-companion/kin/agent/llm"
	"github.com/kin-companion/kin/agent/memory"
	"github.com/kin-companion/kin/agent/protocol"
	"github.com/kin-companion/kin/agent/tools"
)

// TestProgramSkill: a program bundle runs with its arguments on stdin; its
// voice pattern is filled from the data and said on the bus, and its
// sentiment and data reach skill-done.
func TestProgramSkill(t *testing.T) {
	bus := protocol.New("t")
	s, problems := load(t, Config{Bus: bus, Manifest: manifestOf(fixtures(t), "weather")})
	if len(problems) > 0 {
		t.Fatal(problems)
	}
	rec := record(bus)
	out := call(t, s, bus, "weather", `{"city":"Paris"}`)
	if out.Failed || out.Result.Content != "21 degrees and sunny in Paris" {
		t.Fatalf("outcome %+v", out)
	}
	evs := rec.events()
	var kinds []protocol.Type
	for _, e := range evs {
		kinds = append(kinds, e.Type)
	}
	if want := []protocol.Type{protocol.ToolCall, protocol.PerformSkill, protocol.Speak, protocol.SkillDone}; !equalTypes(kinds, want) {
		t.Fatalf("events %v, want %v", kinds, want)
	}
	if p := evs[1].Payload.(protocol.PerformSkillPayload); p.AnimationHint != "think" {
		t.Errorf("perform-skill %+v", p)
	}
	speak := evs[2]
	if p := speak.Payload.(protocol.SpeakPayload); p.Text != "It is 21 degrees in Paris." || p.Sentiment != 0.5 || speak.SourceSkill != "weather" {
		t.Errorf("speak %+v from %q", p, speak.SourceSkill)
	}
	done := evs[3].Payload.(protocol.SkillDonePayload).Result
	if done.Sentiment != 0.5 || !strings.Contains(string(done.Data), `"temp":21`) {
		t.Errorf("skill-done %+v", done)
	}
	if tc := evs[0].Payload.(protocol.ToolCallPayload); tc.Risk != "high" || !strings.Contains(tc.Summary, "run the program bin/weather of the skill weather") {
		t.Errorf("tool-call %+v", tc)
	}
}

func equalTypes(a, b []protocol.Type) bool {
	return strings.Join(typeStrings(a), ",") == strings.Join(typeStrings(b), ",")
}

func typeStrings(ts []protocol.Type) []string {
	out := make([]string, len(ts))
	for i, t := range ts {
		out[i] = string(t)
	}
	return out
}

// TestProgramSkillAsksFirst: a program is high risk, so with no one to
// ask the gate refuses it and the program never runs.
func TestProgramSkillAsksFirst(t *testing.T) {
	s, _ := load(t, Config{Manifest: manifestOf(fixtures(t), "weather")})
	e := &tools.Executor{Tools: tools.NewRegistry(s.Tools()...), Gate: &tools.Gate{NoOne: "no terminal"}}
	out := e.Run(context.Background(), []llm.ToolCall{{Name: "weather", Args: json.RawMessage(`{"city":"Oslo"}`)}})[0]
	if !out.Denied {
		t.Errorf("outcome %+v, want denied", out)
	}
}

// TestProgramFailures: failures the model should see, in plain words.
func TestProgramFailures(t *testing.T) {
	bus := protocol.New("t")
	s, problems := load(t, Config{Bus: bus, Manifest: manifestOf(fixtures(t), "slow", "failing", "garbled", "weather", "sad")})
	if len(problems) > 0 {
		t.Fatal(problems)
	}
	for _, c := range []struct {
		skill, args, want string
		sentiment         float64
	}{
		{"slow", `{}`, "slow: its program took longer than 300ms and was stopped", 0},
		{"failing", `{}`, "failing: its program fail failed (exit status 3): the forecast service is down", 0},
		{"garbled", `{}`, `garbled: its program did not print a JSON result`, 0},
		{"weather", `{}`, `weather: the arguments do not fit its schema`, 0},
		{"weather", `{"city":3}`, `weather: the arguments do not fit its schema`, 0},
		{"sad", `{}`, "", -0.9},
	} {
		t.Run(c.skill, func(t *testing.T) {
			rec := record(bus, protocol.SkillDone, protocol.SkillError)
			defer rec.sub.Close()
			start := time.Now()
			out := call(t, s, bus, c.skill, c.args)
			if time.Since(start) > 5*time.Second {
				t.Errorf("took %v", time.Since(start))
			}
			if c.want == "" {
				done := rec.first(t, protocol.SkillDone).Payload.(protocol.SkillDonePayload)
				if out.Failed || done.Result.Sentiment != c.sentiment {
					t.Errorf("outcome %+v, skill-done %+v", out, done)
				}
				return
			}
			if !out.Failed || !strings.Contains(out.Result.Content, c.want) {
				t.Errorf("result %q, want %q", out.Result.Content, c.want)
			}
			rec.first(t, protocol.SkillError)
		})
	}
}

// TestMCPSkill: a bundle naming an MCP tool calls mcp__SERVER__TOOL
// through the callback and speaks its voice pattern from the tool's data.
func TestMCPSkill(t *testing.T) {
	bus := protocol.New("t")
	var gotName, gotArgs string
	callTool := func(_ context.Context, name string, args json.RawMessage) (tools.Result, error) {
		gotName, gotArgs = name, string(args)
		return tools.Result{Text: "created #42", Data: json.RawMessage(`{"number":42}`)}, nil
	}
	s, _ := load(t, Config{Bus: bus, CallTool: callTool, Manifest: manifestOf(fixtures(t), "issue")})
	rec := record(bus, protocol.Speak)
	out := call(t, s, bus, "issue", `{"title":"crash"}`)
	if out.Failed || out.Result.Content != "created #42" || gotName != "mcp__github__create_issue" || gotArgs != `{"title":"crash"}` {
		t.Fatalf("outcome %+v, called %s %s", out, gotName, gotArgs)
	}
	if p := rec.first(t, protocol.Speak).Payload.(protocol.SpeakPayload); p.Text != "I filed issue 42." {
		t.Errorf("said %q", p.Text)
	}
	sk, _ := s.Get("issue")
	if !strings.Contains(sk.Description, "Give a short title") {
		t.Errorf("description %q lacks the instruction", sk.Description)
	}

	s2, _ := load(t, Config{Manifest: manifestOf(fixtures(t), "issue")})
	if out := call(t, s2, nil, "issue", `{}`); !strings.Contains(out.Result.Content, "started without MCP servers") {
		t.Errorf("without a callback: %+v", out)
	}
	s3, _ := load(t, Config{Manifest: manifestOf(fixtures(t), "issue"), CallTool: func(context.Context, string, json.RawMessage) (tools.Result, error) {
		return tools.Result{}, errors.New("server gone")
	}})
	if out := call(t, s3, nil, "issue", `{}`); !strings.Contains(out.Result.Content, "the MCP tool github/create_issue failed: server gone") {
		t.Errorf("failing tool: %+v", out)
	}
}

// TestInstructionSkill: an instruction-only skill hands the model its
// instruction and where its files are.
func TestInstructionSkill(t *testing.T) {
	dir := fixtures(t)
	s, _ := load(t, Config{Manifest: manifestOf(dir, "hello")})
	out := call(t, s, nil, "hello", `{}`)
	for _, want := range []string{"Skill hello (version 1.0.0)", "files are in " + dir, "greet them in it with the speak tool"} {
		if !strings.Contains(out.Result.Content, want) {
			t.Errorf("result %q lacks %q", out.Result.Content, want)
		}
	}
}

// TestBuiltinSkills: each built-in skill's events, output and sentiment.
func TestBuiltinSkills(t *testing.T) {
	doctor := func(path string) (int, int, string) {
		if strings.Contains(path, "broken") {
			return 2, 1, "2 errors: no skin; missing texture"
		}
		return 0, 0, "12 bones, 3 clips"
	}
	mem := &memory.Mem{}
	bus := protocol.New("t")
	cfg := Config{Bus: bus, AgentName: "Kiri", Memory: mem, Doctor: doctor, Character: func() string { return "/models/kiri.vrm" },
		Tools: registryTools}
	s, problems := load(t, cfg)
	if len(problems) > 0 || !equalStrings(names(s.Skills()), BuiltinNames) {
		t.Fatalf("skills %v, problems %q", names(s.Skills()), problems)
	}
	for _, c := range []struct {
		skill, args string
		output      string
		sentiment   float64
		event       protocol.Payload // the first event of this type must equal it
	}{
		{"greet", `{"name":"Ada"}`, "Greeted Ada as Kiri.", 0.6, protocol.SpeakPayload{Text: "Hello, Ada! I'm Kiri.", Sentiment: 0.6}},
		{"greet", `{}`, "Greeted there as Kiri.", 0.6, protocol.SpeakPayload{Text: "Hello, there! I'm Kiri.", Sentiment: 0.6}},
		{"validate-model", `{}`, "/models/kiri.vrm: 0 errors, 0 warnings.\n12 bones, 3 clips", 0.6, protocol.ValidatePayload{}},
		{"validate-model", `{"path":"/tmp/broken.glb"}`, "/tmp/broken.glb: 2 errors, 1 warnings.", -0.5, protocol.ValidatePayload{Errors: 2, Warnings: 1}},
		{"present-model", `{}`, "Presented kiri.vrm. 12 bones, 3 clips", 0.4, protocol.LookAtPayload{Target: "camera"}},
		{"think", `{"thought":"Let me look that up."}`, "The thought is shown.", 0, protocol.ThinkPayload{Thought: "Let me look that up."}},
		{"remember", `{"key":"user_name","name":"Name","description":"d","type":"user","body":"Ada"}`, "remembered user_name", 0.3,
			protocol.RememberPayload{Type: "user", Content: "Ada", Key: "user_name", Name: "Name", Description: "d"}},
		{"help", `{}`, "Here is what I can do.\nSkills:\n- greet", 0.2, nil},
	} {
		t.Run(c.skill, func(t *testing.T) {
			rec := record(bus)
			defer rec.sub.Close()
			out := call(t, s, bus, c.skill, c.args)
			if out.Failed || !strings.HasPrefix(out.Result.Content, c.output) {
				t.Fatalf("outcome %+v, want output %q", out, c.output)
			}
			evs := rec.events()
			done, _ := find(evs, protocol.SkillDone)
			if got := done.Payload.(protocol.SkillDonePayload).Result.Sentiment; got != c.sentiment {
				t.Errorf("sentiment %v, want %v", got, c.sentiment)
			}
			if c.event != nil {
				e, ok := find(evs, c.event.EventType())
				if !ok || !reflect.DeepEqual(e.Payload, c.event) || e.SourceSkill != c.skill && c.skill != "remember" {
					t.Errorf("%s event %+v from %q, want %+v", c.event.EventType(), e.Payload, e.SourceSkill, c.event)
				}
			}
		})
	}
	if mems, _ := mem.Ranked(context.Background(), memory.Query{}); len(mems) != 1 || mems[0].Body != "Ada" {
		t.Errorf("memories %+v", mems)
	}
}

// find returns the first event of type typ.
func find(evs []protocol.Event, typ protocol.Type) (protocol.Event, bool) {
	for _, e := range evs {
		if e.Type == typ {
			return e, true
		}
	}
	return protocol.Event{}, false
}

func equalStrings(a, b []string) bool { return strings.Join(a, ",") == strings.Join(b, ",") }
