package subagent_test

import (
	"context"
	"encoding/json"
	"errors"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/kin-companion/kin/agent/llm"
	"github.com/kin-companion/kin/agent/protocol"
	pt "github.com/kin-companion/kin/agent/provider/providertest"
	"github.com/kin-companion/kin/agent/subagent"
	"github.com/kin-companion/kin/agent/tools"
)

// TestAskUserRoundTrip: the main model spawns a sub-agent; it asks the
// user a question, which is spoken and reaches the main model's next turn;
// the main model passes the answer on with reply_to_subagent; the
// sub-agent finishes, its result is spoken, reported to the transcript
// hook and seen by the main model's next turn.
func TestAskUserRoundTrip(t *testing.T) {
	for _, b := range backends {
		t.Run(b.name, func(t *testing.T) {
			g := newRig(t, b, func(_ int, s pt.Seen) pt.Reply {
				m := last(s)
				switch {
				case isSub(s) && m.Role == llm.User:
					return call("ask_user", `{"question":"Which folder should I search?"}`)
				case isSub(s) && strings.Contains(m.Results[0].Content, "The user answered: Documents"):
					return pt.Reply{Text: "Found report.pdf in ~/Documents."}
				case isSub(s):
					return pt.Reply{Text: "unexpected: " + m.Results[0].Content}
				case m.Role == llm.User && strings.HasSuffix(m.Text, "find my report"):
					return call("spawn_subagent", `{"goal":"Find the user's report file"}`)
				case m.Role == llm.User && strings.Contains(m.Text, `asks the user: "Which folder should I search?"`):
					return call("reply_to_subagent", `{"id":1,"answer":"Documents"}`)
				case m.Role == llm.User && strings.Contains(m.Text, "finished. Its result:\n  Found report.pdf in ~/Documents."):
					return pt.Reply{Text: "Your report is in Documents."}
				case m.Role == llm.Tool:
					return pt.Reply{Text: "OK."}
				}
				return pt.Reply{Text: "unexpected request"}
			})
			if got := g.ask(t, "find my report"); got != "OK." {
				t.Fatalf("first turn %q", got)
			}
			waitFor(t, "the sub-agent asks", func() bool {
				l := g.mgr.List()
				return len(l) == 1 && l[0].State == subagent.Waiting
			})
			if q := g.mgr.List()[0].Question; q != "Which folder should I search?" {
				t.Errorf("question %q", q)
			}
			if got := g.ask(t, "In Documents"); got != "OK." {
				t.Fatalf("reply turn %q", got)
			}
			r := g.end(t)
			if r.State != subagent.Done || r.Result != "Found report.pdf in ~/Documents." || r.ID != "1" {
				t.Fatalf("report %+v", r)
			}
			if got := g.ask(t, "so?"); got != "Your report is in Documents." {
				t.Errorf("result turn %q", got)
			}
			ev := g.texts()
			if s := ev[protocol.Speak]; !contains(s, "asks: Which folder should I search?") || !contains(s, "My helper finished Find the user's report file: Found report.pdf") {
				t.Errorf("speech %q", s)
			}
			if th := ev[protocol.Think]; !contains(th, "[helper 1] started: Find the user's report file") || !contains(th, "[helper 1] asks: Which folder") || !contains(th, "[helper 1] done") {
				t.Errorf("progress lines %q", th)
			}
			if c := ev[protocol.ToolCall]; !slices.Contains(c, "subagent ask_user") || !slices.Contains(c, "model spawn_subagent") || !slices.Contains(c, "model reply_to_subagent") {
				t.Errorf("gate decisions %q", c)
			}
			checkSubRequests(t, g.srv.Seen())
		})
	}
}

// checkSubRequests: sub-agents are offered no tool of their family, and
// the gate saw their calls as the sub-agent's.
func checkSubRequests(t *testing.T, seen []pt.Seen) {
	t.Helper()
	n := 0
	for _, s := range seen {
		if !isSub(s) {
			continue
		}
		n++
		if slices.Contains(s.Tools, "spawn_subagent") || slices.Contains(s.Tools, "reply_to_subagent") || !slices.Contains(s.Tools, "ask_user") {
			t.Errorf("sub-agent tools %v", s.Tools)
		}
	}
	if n != 2 {
		t.Errorf("%d sub-agent requests, want 2", n)
	}
}

// TestCancelMidTool: cancel_subagent stops a sub-agent inside a tool call:
// the tool sees its context cancelled, the main model gets the partial
// work, and the transcript hook the cancelled report.
func TestCancelMidTool(t *testing.T) {
	for _, b := range backends {
		t.Run(b.name, func(t *testing.T) {
			started, cancelled := make(chan string, 1), make(chan error, 1)
			notes := &tools.Tool{Name: "read_notes", Description: "Test.", Schema: json.RawMessage(`{"type":"object"}`),
				Meta: tools.Meta{ReadOnly: true}, Run: func(context.Context, json.RawMessage) (string, error) { return "notes: milk, eggs", nil }}
			g := newRig(t, b, func(_ int, s pt.Seen) pt.Reply {
				m := last(s)
				switch {
				case isSub(s) && m.Role == llm.User:
					return call("read_notes", `{}`)
				case isSub(s):
					return call("slow_search", `{"q":"shops"}`)
				case m.Role == llm.User && m.Text == "shop for me":
					return call("spawn_subagent", `{"goal":"Plan the shopping","tools":["read_notes","slow_search"]}`)
				case m.Role == llm.User:
					return call("cancel_subagent", `{"id":"1"}`)
				}
				return pt.Reply{Text: "OK."}
			}, notes, blocking("slow_search", started, nil, cancelled))
			g.ask(t, "shop for me")
			select {
			case <-started:
			case <-time.After(10 * time.Second):
				t.Fatal("the slow tool never started")
			}
			g.ask(t, "never mind")
			select {
			case err := <-cancelled:
				if !errors.Is(err, context.Canceled) {
					t.Errorf("tool context ended with %v", err)
				}
			case <-time.After(5 * time.Second):
				t.Fatal("the tool was not cancelled")
			}
			r := g.end(t)
			if r.State != subagent.Cancelled || len(r.Partial) != 2 || r.Partial[0] != "read_notes: notes: milk, eggs" {
				t.Errorf("report %+v", r)
			}
			seen := g.srv.Seen()
			res := last(seen[len(seen)-1]).Results[0]
			if res.IsError || !strings.Contains(res.Content, "was cancelled") || !strings.Contains(res.Content, "notes: milk, eggs") {
				t.Errorf("cancel_subagent result %+v", res)
			}
			if n := g.rt.TakeNotes(); len(n) != 0 {
				t.Errorf("the cancelled report was also queued: %v", n)
			}
		})
	}
}

// TestThreeAtOnce: three sub-agents work at the same time; a fourth is
// refused with a clear error until one has ended.
func TestThreeAtOnce(t *testing.T) {
	started, release, cancelled := make(chan string, 8), make(chan struct{}), make(chan error, 8)
	g := newRig(t, backends[1], func(_ int, s pt.Seen) pt.Reply {
		if isSub(s) && last(s).Role == llm.User {
			return call("slow_search", `{"q":"`+goalOf(s)+`"}`)
		}
		if isSub(s) {
			return pt.Reply{Text: "done with " + goalOf(s)}
		}
		if last(s).Role == llm.Tool {
			return pt.Reply{Text: "OK."}
		}
		return call("spawn_subagent", `{"goal":"goal 4"}`)
	}, blocking("slow_search", started, release, cancelled))
	for _, goal := range []string{"goal 1", "goal 2", "goal 3"} {
		if _, err := g.mgr.Spawn(goal, nil); err != nil {
			t.Fatal(err)
		}
	}
	var running []string
	for range 3 {
		select {
		case a := <-started:
			running = append(running, a)
		case <-time.After(10 * time.Second):
			t.Fatalf("only %d sub-agents in their tool at once: %v", len(running), running)
		}
	}
	_, err := g.mgr.Spawn("goal 4", nil)
	if !errors.Is(err, subagent.ErrTooMany) || !strings.Contains(err.Error(), "3 are working already (1, 2, 3)") {
		t.Fatalf("fourth spawn: %v", err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if _, err := g.rt.Ask(ctx, "one more"); err != nil {
		t.Fatal(err)
	}
	if res := last(g.srv.Seen()[len(g.srv.Seen())-1]).Results[0]; !(res.IsError || strings.HasPrefix(res.Content, "Error:")) || !strings.Contains(res.Content, "cancel one with cancel_subagent") {
		t.Errorf("spawn_subagent result for the fourth: %+v", res)
	}
	close(release)
	var goals []string
	for range 3 {
		goals = append(goals, g.end(t).Result)
	}
	slices.Sort(goals)
	if strings.Join(goals, "|") != "done with goal 1|done with goal 2|done with goal 3" {
		t.Errorf("results %v", goals)
	}
	if _, err := g.mgr.Spawn("goal 5", nil); err != nil {
		t.Errorf("spawn after the others ended: %v", err)
	}
}

// TestAbortCancelsAll: aborting the session (Esc) cancels running
// sub-agents; their partial work reaches the next turn and the hook.
func TestAbortCancelsAll(t *testing.T) {
	started, cancelled := make(chan string, 4), make(chan error, 4)
	g := newRig(t, backends[0], func(_ int, s pt.Seen) pt.Reply {
		if isSub(s) {
			return call("slow_search", `{"q":"x"}`)
		}
		return pt.Reply{Text: "OK."}
	}, blocking("slow_search", started, nil, cancelled))
	for _, goal := range []string{"a", "b"} {
		if _, err := g.mgr.Spawn(goal, []string{"slow_search"}); err != nil {
			t.Fatal(err)
		}
		<-started
	}
	g.rt.Cancel()
	for range 2 {
		if r := g.end(t); r.State != subagent.Cancelled {
			t.Errorf("report %+v", r)
		}
	}
	g.ask(t, "what happened?")
	u := last(g.srv.Seen()[len(g.srv.Seen())-1]).Text
	if strings.Count(u, "was cancelled before it finished") != 2 {
		t.Errorf("next turn's message:\n%s", u)
	}
}

// TestToolsets: the tools a sub-agent may be given.
func TestToolsets(t *testing.T) {
	g := newRig(t, backends[1], pt.Script())
	for _, tc := range []struct {
		names []string
		err   string
	}{
		{[]string{"spawn_subagent"}, "a sub-agent cannot use spawn_subagent"},
		{[]string{"observe_screen"}, "a sub-agent cannot use observe_screen"},
		{[]string{"teleport"}, `there is no tool named "teleport"; the tools are `},
		{[]string{"get_datetime", "ask_user"}, ""},
	} {
		_, err := g.mgr.Spawn("g", tc.names)
		if tc.err == "" && err != nil || tc.err != "" && (err == nil || !strings.HasPrefix(err.Error(), tc.err)) {
			t.Errorf("Spawn(%v) = %v, want %q", tc.names, err, tc.err)
		}
	}
	if _, err := g.mgr.Spawn("  ", nil); err == nil {
		t.Error("an empty goal was accepted")
	}
	if err := g.mgr.Reply("9", "yes"); err == nil || !strings.Contains(err.Error(), `no sub-agent "9"`) {
		t.Errorf("reply to nobody: %v", err)
	}
}

// TestReportString: what the transcript keeps of each ending.
func TestReportString(t *testing.T) {
	for _, tc := range []struct {
		r    subagent.Report
		want string
	}{
		{subagent.Report{ID: "1", Goal: "g", State: subagent.Done, Result: "found it", Partial: []string{"x: y"}}, "sub-agent 1 done (goal: g): found it"},
		{subagent.Report{ID: "2", Goal: "g", State: subagent.Cancelled, Err: context.Canceled, Partial: []string{"x: y"}}, "sub-agent 2 cancelled (goal: g)\npartial work:\n- x: y"},
		{subagent.Report{ID: "3", Goal: "g", State: subagent.Failed, Err: errors.New("model down")}, "sub-agent 3 failed (goal: g): model down"},
	} {
		if got := tc.r.String(); got != tc.want {
			t.Errorf("got %q, want %q", got, tc.want)
		}
	}
}
