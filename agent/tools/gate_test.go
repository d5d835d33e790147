package tools

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/kin-companion/kin/agent/llm"
	"github.com/kin-companion/kin/agent/protocol"
)

// answerer answers every request the same way and counts them.
type answerer struct {
	ans   Answer
	err   error
	asked []Request
}

func (a *answerer) Confirm(_ context.Context, r Request) (Answer, error) {
	a.asked = append(a.asked, r)
	return a.ans, a.err
}

// memGrants is an in-memory Grants with exact-or-below matching.
type memGrants map[string][]string

func (m memGrants) Granted(tool, scope string) (bool, error) {
	for _, s := range m[tool] {
		if s == "" || scope == s || strings.HasPrefix(scope, s+"/") {
			return true, nil
		}
	}
	return false, nil
}

func (m memGrants) Grant(tool, scope string) error { m[tool] = append(m[tool], scope); return nil }

func pathTool(name string, risk Risk) *Tool {
	return &Tool{Name: name, Meta: Meta{Risk: risk},
		Assess: func(args json.RawMessage) Assessment {
			var a struct{ Path string }
			_ = json.Unmarshal(args, &a)
			return Assessment{Scope: a.Path, Summary: "touch " + a.Path}
		},
		Run: func(context.Context, json.RawMessage) (string, error) { return "done", nil }}
}

func TestGate(t *testing.T) {
	call := func(name, path string) llm.ToolCall {
		return llm.ToolCall{ID: "1", Name: name, Args: json.RawMessage(`{"path":"` + path + `","api_key":"sk-secret-1234567890abcdef"}`)}
	}
	for _, c := range []struct {
		name    string
		tool    *Tool
		gate    func(*answerer) *Gate
		ans     Answer
		err     error
		allowed bool
		asked   int
		reason  string
	}{
		{"low runs", pathTool("fs_list", Low), func(a *answerer) *Gate { return &Gate{Confirm: a} }, Deny, nil, true, 0, "low risk"},
		{"medium runs", pathTool("fs_write", Medium), func(a *answerer) *Gate { return &Gate{Confirm: a} }, Deny, nil, true, 0, "medium risk, recorded"},
		{"high asks, yes", pathTool("fs_delete", High), func(a *answerer) *Gate { return &Gate{Confirm: a} }, Once, nil, true, 1, "allowed by the user"},
		{"high asks, no", pathTool("fs_delete", High), func(a *answerer) *Gate { return &Gate{Confirm: a} }, Deny, nil, false, 1, "denied by the user"},
		{"high, no one", pathTool("fs_delete", High), func(*answerer) *Gate { return &Gate{NoOne: "stdin is a pipe"} }, Deny, nil, false, 0, "no one to ask"},
		{"high, --yes", pathTool("fs_delete", High), func(*answerer) *Gate { return &Gate{Yes: true} }, Deny, nil, true, 0, "allowed by --yes"},
		{"high, granted", pathTool("fs_delete", High), func(a *answerer) *Gate {
			return &Gate{Confirm: a, Grants: memGrants{"fs_delete": {"/tmp/x"}}}
		}, Deny, nil, true, 0, "always allowed"},
		{"high, grant elsewhere", pathTool("fs_delete", High), func(a *answerer) *Gate {
			return &Gate{Confirm: a, Grants: memGrants{"fs_delete": {"/home"}}}
		}, Deny, nil, false, 1, "denied by the user"},
		{"assess raises risk", &Tool{Name: "fs_write", Meta: Meta{Risk: Medium}, Assess: func(json.RawMessage) Assessment { return Assessment{Risk: High} },
			Run: func(context.Context, json.RawMessage) (string, error) { return "", nil }},
			func(a *answerer) *Gate { return &Gate{Confirm: a} }, Deny, nil, false, 1, "denied by the user"},
		{"confirmer fails", pathTool("fs_delete", High), func(a *answerer) *Gate { return &Gate{Confirm: a} }, Once, errors.New("window closed"), false, 1, "could not ask: window closed"},
	} {
		t.Run(c.name, func(t *testing.T) {
			a := &answerer{ans: c.ans, err: c.err}
			g := c.gate(a)
			g.Bus = protocol.New("t")
			sub := g.Bus.Subscribe(protocol.ToolCall)
			v := g.Check(context.Background(), c.tool, call(c.tool.Name, "/tmp/x/a.txt"), "")
			if v.Allowed != c.allowed || len(a.asked) != c.asked || v.Reason != c.reason {
				t.Fatalf("verdict %+v, asked %d", v, len(a.asked))
			}
			if !v.Allowed && v.Message == "" {
				t.Error("a refusal must tell the model why")
			}
			var got []protocol.Event
			sub.Drain(10, func(e protocol.Event) { got = append(got, e) })
			if len(got) != 1 {
				t.Fatalf("%d tool-call events", len(got))
			}
			p := got[0].Payload.(protocol.ToolCallPayload)
			if p.Allowed != c.allowed || p.Caller != CallerModel || p.Reason != c.reason || strings.Contains(string(p.Args), "sk-secret") {
				t.Errorf("event %+v args %s", p, p.Args)
			}
		})
	}
}

func TestGateAlways(t *testing.T) {
	grants := memGrants{}
	a := &answerer{ans: Always}
	g := &Gate{Confirm: a, Grants: grants}
	tool := pathTool("fs_delete", High)
	c := llm.ToolCall{Name: "fs_delete", Args: json.RawMessage(`{"path":"/tmp/x/a.txt"}`)}
	if v := g.Check(context.Background(), tool, c, CallerVoice); !v.Allowed {
		t.Fatal(v)
	}
	if len(a.asked) != 1 || a.asked[0].AlwaysScope != "/tmp/x" || a.asked[0].Question() != "Allow kin to touch /tmp/x/a.txt?" {
		t.Fatalf("asked %+v", a.asked)
	}
	c.Args = json.RawMessage(`{"path":"/tmp/x/b.txt"}`)
	if v := g.Check(context.Background(), tool, c, CallerVoice); !v.Allowed || len(a.asked) != 1 {
		t.Errorf("the grant did not cover a sibling: %+v asked %d", v, len(a.asked))
	}
	c.Args = json.RawMessage(`{"path":"/etc/passwd"}`)
	a.ans = Deny
	if v := g.Check(context.Background(), tool, c, CallerVoice); v.Allowed || len(a.asked) != 2 {
		t.Errorf("the grant covered another folder: %+v", v)
	}
}

// TestExecutorDenied: a refused call reaches the model as an error result
// with the gate's message and never runs.
func TestExecutorDenied(t *testing.T) {
	ran := false
	tool := &Tool{Name: "exec_shell", Meta: Meta{Risk: High}, Run: func(context.Context, json.RawMessage) (string, error) { ran = true; return "", nil }}
	e := &Executor{Tools: NewRegistry(tool), Gate: &Gate{NoOne: "no terminal"}}
	out := e.Run(context.Background(), []llm.ToolCall{{Name: "exec_shell", Args: json.RawMessage(`{"command":"ls"}`)}})
	if ran || !out[0].Denied || !out[0].Result.IsError || !strings.Contains(out[0].Result.Content, "no terminal") {
		t.Errorf("%+v ran=%v", out[0], ran)
	}
}

// TestExecutorImages: a tool's pictures reach the result.
func TestExecutorImages(t *testing.T) {
	tool := &Tool{Name: "screenshot", RunResult: func(context.Context, json.RawMessage) (Result, error) {
		return Result{Text: "a screen", Images: []llm.Image{{MediaType: "image/png", Data: []byte{1, 2}}}}, nil
	}}
	out := (&Executor{Tools: NewRegistry(tool)}).Run(context.Background(), []llm.ToolCall{{Name: "screenshot"}})
	if out[0].Result.Content != "a screen" || len(out[0].Result.Images) != 1 {
		t.Errorf("%+v", out[0])
	}
}

// BenchmarkGateDispatch measures what the gate and the executor add to a
// call of a trivial medium-risk tool (decision, redacted record on the bus,
// perform-skill and skill-done events).
func BenchmarkGateDispatch(b *testing.B) {
	bus := protocol.New("bench")
	sub := bus.Subscribe()
	defer sub.Close()
	tool := pathTool("fs_write", Medium)
	e := &Executor{Tools: NewRegistry(tool), Gate: &Gate{Bus: bus}, Bus: bus}
	calls := []llm.ToolCall{{ID: "1", Name: "fs_write", Args: json.RawMessage(`{"path":"/home/u/notes/today.md","content":"buy milk and call Ada about the report"}`)}}
	ctx := context.Background()
	b.ReportAllocs()
	for b.Loop() {
		e.Run(ctx, calls)
		sub.Drain(100, func(protocol.Event) {})
	}
}

func TestYesNo(t *testing.T) {
	for _, c := range []struct {
		text    string
		yes, no bool
	}{
		{"Yes.", true, false}, {"yeah go ahead", true, false}, {"Sure, do it!", true, false}, {"okay", true, false},
		{"No.", false, true}, {"don't", false, true}, {"wait, not yet", false, true}, {"Yes— no, stop!", false, true},
		{"what's the weather", false, false}, {"", false, false}, {"I know", false, false}, {"nothing", false, false},
	} {
		if yes, no := YesNo(c.text); yes != c.yes || no != c.no {
			t.Errorf("YesNo(%q) = %v %v", c.text, yes, no)
		}
	}
}

// TestVoiceConfirm: a voice call is refused with a request to ask aloud;
// the user's spoken yes lets exactly that call through once.
func TestVoiceConfirm(t *testing.T) {
	now := time.Unix(0, 0)
	vc := &VoiceConfirm{Now: func() time.Time { return now }}
	g := &Gate{Voice: vc, Confirm: &answerer{ans: Deny}}
	tool := pathTool("fs_delete", High)
	call := llm.ToolCall{Name: "fs_delete", Args: json.RawMessage(`{"path":"/tmp/x/a.txt"}`)}
	v := g.Check(context.Background(), tool, call, CallerVoice)
	if v.Allowed || !strings.Contains(v.Message, "Ask them aloud") || !strings.Contains(v.Message, "touch /tmp/x/a.txt") {
		t.Fatalf("first call: %+v", v)
	}
	if vc.Heard("what time is it") {
		t.Error("an unrelated sentence answered the question")
	}
	if !vc.Heard("Yes, go ahead.") {
		t.Fatal("a yes did not answer")
	}
	other := llm.ToolCall{Name: "fs_delete", Args: json.RawMessage(`{"path":"/etc/passwd"}`)}
	if v := g.Check(context.Background(), tool, other, CallerVoice); v.Allowed {
		t.Error("a yes for one call let another through")
	}
	_ = vc.Heard("yes") // the other call was pending; approve it and ask for the first again
	if v := g.Check(context.Background(), tool, call, CallerVoice); v.Allowed {
		t.Error("an approval for another call let this one through")
	}
	vc.Heard("yes")
	if v := g.Check(context.Background(), tool, call, CallerVoice); !v.Allowed || v.Reason != "allowed by the user aloud" {
		t.Fatalf("after yes: %+v", v)
	}
	if v := g.Check(context.Background(), tool, call, CallerVoice); v.Allowed {
		t.Error("one yes allowed two calls")
	}
	vc.Heard("no")
	if v := g.Check(context.Background(), tool, call, CallerVoice); v.Allowed {
		t.Error("a no allowed the call")
	}
	vc.Heard("yes")
	now = now.Add(2 * time.Minute)
	if v := g.Check(context.Background(), tool, call, CallerVoice); v.Allowed {
		t.Error("a stale yes allowed the call")
	}
	if v := g.Check(context.Background(), tool, call, CallerModel); v.Allowed || v.Reason != "denied by the user" {
		t.Errorf("typed calls still ask the Confirmer: %+v", v)
	}
}
