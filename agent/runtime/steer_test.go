package runtime_test

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/kin-companion/kin/agent/llm"
	pt "github.com/kin-companion/kin/agent/provider/providertest"
	"github.com/kin-companion/kin/agent/runtime"
	"github.com/kin-companion/kin/agent/tools"
)

// TestSteerMidTurn: text added while a tool runs is taken as guidance: the
// next request carries it in the continuation, the turn is not cancelled,
// and later rounds still see it.
func TestSteerMidTurn(t *testing.T) {
	each(t, func(t *testing.T, b backend, stream bool) {
		var g *rig
		var took atomic.Bool
		step := textTool("step", tools.Meta{}, func(json.RawMessage) (string, error) {
			took.Store(g.rt.Steer("use metric units, please"))
			return "step done", nil
		})
		g = newRig(t, b, stream, pt.Script(
			pt.Reply{Calls: []pt.Call{{Name: "step", Args: `{"q":"1"}`}}},
			pt.Reply{Calls: []pt.Call{{Name: "wave", Args: `{}`}}},
			pt.Reply{Text: "It is 20 °C."}), withTool(step))
		final, ds, err := g.ask(t, "how warm is it?")
		if err != nil || final != "It is 20 °C." {
			t.Fatalf("%q %v", final, err)
		}
		if !took.Load() {
			t.Fatal("Steer refused text while the turn ran")
		}
		seen := g.srv.Seen()
		for _, i := range []int{1, 2} {
			if !strings.Contains(seen[i].System, "The user added this while you were working") || !strings.Contains(seen[i].System, "- use metric units, please") {
				t.Errorf("request %d lacks the guidance:\n%s", i, seen[i].System)
			}
		}
		if strings.Contains(seen[0].System, "metric") {
			t.Error("guidance reached the round before it was given")
		}
		if !hasNote(ds, "taking in what you added: use metric units") {
			t.Errorf("no note delta for the guidance: %+v", ds)
		}
		if g.rt.Steer("anything else") {
			t.Error("Steer took text with no turn running")
		}
	})
}

// TestSteerDuringFinalAnswer: guidance that arrives while the model writes
// its final answer keeps the turn going: the answer stays in the history
// and the guidance becomes the next user message.
func TestSteerDuringFinalAnswer(t *testing.T) {
	each(t, func(t *testing.T, b backend, stream bool) {
		var g *rig
		g = newRig(t, b, stream, func(n int, s pt.Seen) pt.Reply {
			if n == 0 {
				g.rt.Steer("and say it in French")
				return pt.Reply{Text: "Hello!"}
			}
			return pt.Reply{Text: "Bonjour !"}
		})
		final, _, err := g.ask(t, "greet me")
		if err != nil || final != "Bonjour !" {
			t.Fatalf("%q %v", final, err)
		}
		h := g.rt.History()
		want := []string{"greet me", "Hello!", "and say it in French", "Bonjour !"}
		if len(h) != len(want) {
			t.Fatalf("history %+v", h)
		}
		for i, w := range want {
			if h[i].Text != w {
				t.Errorf("history[%d] = %q, want %q", i, h[i].Text, w)
			}
		}
		if len(g.eventsOf("speak")) != 2 {
			t.Error("both answers should be spoken")
		}
	})
}

// TestSteerStop: "stop" alone cancels the turn (and the abort hooks);
// any other wording is guidance.
func TestSteerStop(t *testing.T) {
	for _, tc := range []struct {
		text   string
		cancel bool
	}{{"stop", true}, {" Stop! ", true}, {"STOP.", true}, {"stop using metric", false}, {"don't stop", false}} {
		t.Run(tc.text, func(t *testing.T) {
			var g *rig
			var aborted atomic.Int32
			step := &tools.Tool{Name: "step", Description: "step", Schema: json.RawMessage(`{"type":"object"}`),
				Run: func(ctx context.Context, _ json.RawMessage) (string, error) {
					g.rt.Steer(tc.text)
					select {
					case <-ctx.Done():
						return "", ctx.Err()
					case <-time.After(200 * time.Millisecond):
						return "ok", nil
					}
				}}
			g = newRig(t, backends[1], false, pt.Script(pt.Reply{Calls: []pt.Call{{Name: "step", Args: `{}`}}}, pt.Reply{Text: "Done."}), withTool(step))
			g.rt.OnAbort(func() { aborted.Add(1) })
			_, _, err := g.ask(t, "go")
			if got := errors.Is(err, context.Canceled); got != tc.cancel {
				t.Fatalf("cancelled %v (err %v), want %v", got, err, tc.cancel)
			}
			if got := aborted.Load() == 1; got != tc.cancel {
				t.Errorf("abort hooks ran %d times", aborted.Load())
			}
		})
	}
}

// TestInformReachesNextTurn: a note queued between turns leads the next
// user message in a <background> block and stays in the history; a turn
// the provider rejects gives it back for the turn after.
func TestInformReachesNextTurn(t *testing.T) {
	g := newRig(t, backends[0], false, pt.Script(pt.Reply{Status: 400, Error: "bad"}, pt.Reply{Text: "It found the file."}))
	g.rt.Inform("Sub-agent 1 finished. Its result: report.pdf is in Documents.")
	if _, _, err := g.ask(t, "any news?"); !errors.Is(err, llm.ErrBadRequest) {
		t.Fatalf("first turn: %v", err)
	}
	if _, _, err := g.ask(t, "any news?"); err != nil {
		t.Fatal(err)
	}
	for i, s := range g.srv.Seen() {
		u := s.Messages[len(s.Messages)-1].Text
		if !strings.HasPrefix(u, "<background>\n") || !strings.Contains(u, "report.pdf is in Documents.") || !strings.HasSuffix(u, "</background>\n\nany news?") {
			t.Errorf("request %d user message:\n%s", i, u)
		}
	}
	if h := g.rt.History(); len(h) != 2 || !strings.Contains(h[0].Text, "report.pdf") {
		t.Errorf("history %+v", h)
	}
	if n := g.rt.TakeNotes(); len(n) != 0 {
		t.Errorf("notes left over: %v", n)
	}
}

// TestCloseWaitsAndAborts: Close runs the abort hooks, cancels a hung
// model call and returns once the turn has ended.
func TestCloseWaitsAndAborts(t *testing.T) {
	g := newRig(t, backends[1], false, pt.Script(pt.Reply{Hang: true}))
	var aborted atomic.Bool
	g.rt.OnAbort(func() { aborted.Store(true) })
	deltas := g.rt.Send(context.Background(), "hi")
	time.Sleep(50 * time.Millisecond)
	start := time.Now()
	g.rt.Close()
	if time.Since(start) > 2*time.Second || !aborted.Load() {
		t.Fatalf("Close took %v, aborted %v", time.Since(start), aborted.Load())
	}
	var last runtime.Delta
	for d := range deltas {
		last = d
	}
	if last.Kind != runtime.Failed || !errors.Is(last.Err, context.Canceled) {
		t.Errorf("last delta %+v", last)
	}
}

func hasNote(ds []runtime.Delta, prefix string) bool {
	for _, d := range ds {
		if d.Kind == runtime.Note && strings.HasPrefix(d.Text, prefix) {
			return true
		}
	}
	return false
}
