package subagent

import (
	"context"
	_ "embed"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/kin-companion/kin/agent/protocol"
	"github.com/kin-companion/kin/agent/runtime"
	"github.com/kin-companion/kin/agent/tools"
)

//go:embed instructions.md
var instructions string

// Caps on what a sub-agent passes on.
const (
	partialMax = 300  // runes per partial result kept
	resultMax  = 4000 // runes of the result given to the main conversation
	spokenMax  = 280  // runes of the result spoken
	lineMax    = 120  // runes per progress line
)

// agent is one sub-agent; its fields are guarded by the manager's mutex.
type agent struct {
	m        *Manager
	id, goal string
	tools    []string
	started  time.Time
	cancel   context.CancelFunc
	done     chan struct{} // closed once it has ended and reported
	state    State
	steps    int
	question string
	answer   chan string // set while waiting in ask_user
	partial  []string
	result   string
	err      error
	told     bool // whoever cancelled it receives the report itself
}

// run works on the goal in a runtime of its own and reports the end.
func (a *agent) run(ctx context.Context, reg *tools.Registry) {
	defer a.m.wg.Done()
	defer close(a.done)
	defer a.cancel()
	m := a.m
	man := *m.cfg.Manifest
	man.Skills, man.Tools = nil, nil
	man.Brain.Instructions = strings.NewReplacer("{name}", m.cfg.Manifest.Name, "{goal}", a.goal,
		"{rounds}", fmt.Sprint(m.cfg.MaxRounds)).Replace(instructions)
	private := protocol.New(m.cfg.Manifest.Name + "/subagent-" + a.id)
	thoughts := private.On(protocol.Think, func(e protocol.Event) {
		a.progress(e.Payload.(protocol.ThinkPayload).Thought)
	})
	defer thoughts.Close()
	rt := runtime.New(runtime.Config{Manifest: &man, Provider: m.cfg.Provider, Registry: reg, Gate: m.cfg.Gate,
		Caller: Caller, Bus: private, MaxRounds: m.cfg.MaxRounds, NoStream: true, Now: m.cfg.Now})
	a.progress("started: " + a.goal)
	var final string
	var err error
	for d := range rt.Send(ctx, "Your goal: "+a.goal) {
		switch d.Kind {
		case runtime.ToolStart:
			a.step(d.Tool, d.Text)
		case runtime.ToolDone:
			a.keep(d.Tool, d.Text, d.Err != nil)
		case runtime.Final:
			final = d.Text
		case runtime.Failed:
			err = d.Err
		}
	}
	a.end(final, err)
}

// progress publishes a line of what the sub-agent is doing.
func (a *agent) progress(line string) {
	if b := a.m.cfg.Bus; b != nil {
		b.EmitFrom(Caller, protocol.ThinkPayload{Thought: fmt.Sprintf("[helper %s] %s", a.id, clip(line, lineMax))})
	}
}

// step counts a tool call and shows it.
func (a *agent) step(tool, args string) {
	a.m.mu.Lock()
	a.steps++
	a.m.mu.Unlock()
	if tool == "ask_user" {
		return // the question itself is shown when it is asked
	}
	a.progress(tool + " " + args)
}

// keep records a tool result as partial work.
func (a *agent) keep(tool, text string, failed bool) {
	line := tool + ": " + clip(text, partialMax)
	if failed {
		line = tool + " failed: " + clip(text, partialMax)
		a.progress(line)
	}
	a.m.mu.Lock()
	a.partial = append(a.partial, line)
	a.m.mu.Unlock()
}

// end records the outcome and tells the main conversation, the user and
// the transcript hook.
func (a *agent) end(final string, err error) {
	m := a.m
	state := Done
	switch {
	case errors.Is(err, context.Canceled):
		state = Cancelled
	case err != nil:
		state = Failed
	}
	m.mu.Lock()
	a.state, a.result, a.err, a.question = state, final, err, ""
	told := a.told
	m.mu.Unlock()
	r := a.report()
	a.progress(string(state))
	if m.cfg.Notes != nil && !(state == Cancelled && told) {
		m.cfg.Notes.Inform(r.note())
	}
	if m.cfg.Bus != nil && state != Cancelled {
		m.cfg.Bus.EmitFrom(Caller, protocol.SpeakPayload{Text: r.spoken()})
	}
	if m.cfg.OnEnd != nil {
		m.cfg.OnEnd(r)
	}
}

// report is the sub-agent's report as of now.
func (a *agent) report() Report {
	a.m.mu.Lock()
	defer a.m.mu.Unlock()
	return Report{ID: a.id, Goal: a.goal, State: a.state, Result: a.result,
		Partial: append([]string(nil), a.partial...), Err: a.err}
}

func (a *agent) statusLocked() Status {
	s := Status{ID: a.id, Goal: a.goal, State: a.state, Tools: a.tools, Started: a.started,
		Steps: a.steps, Question: a.question, Result: a.result}
	if a.err != nil {
		s.Result = a.err.Error()
	}
	return s
}

// note is the report for the main model.
func (r Report) note() string {
	head := fmt.Sprintf("Sub-agent %s (goal: %q) ", r.ID, r.Goal)
	switch r.State {
	case Done:
		return head + "finished. Its result:\n" + clip(r.Result, resultMax) +
			"\nTell the user what matters in it, in your own words."
	case Cancelled:
		return head + "was cancelled before it finished." + r.partialNote()
	}
	return head + "failed: " + r.Err.Error() + "." + r.partialNote()
}

func (r Report) partialNote() string {
	if len(r.Partial) == 0 {
		return " It had not done anything yet."
	}
	return " What it had done so far:\n- " + strings.Join(r.Partial, "\n- ")
}

// spoken is what the character says when a sub-agent ends.
func (r Report) spoken() string {
	if r.State == Done {
		return fmt.Sprintf("My helper finished %s: %s", clip(r.Goal, 60), clip(r.Result, spokenMax))
	}
	return fmt.Sprintf("My helper could not finish %s: %s", clip(r.Goal, 60), clip(r.Err.Error(), 160))
}

// clip is s on one line, cut to n runes with an ellipsis.
func clip(s string, n int) string {
	s = strings.Join(strings.Fields(s), " ")
	if r := []rune(s); len(r) > n {
		return string(r[:n-1]) + "…"
	}
	return s
}

// String is the report on one line per part, for a transcript: state,
// goal, then the result or the partial work.
func (r Report) String() string {
	s := fmt.Sprintf("sub-agent %s %s (goal: %s)", r.ID, r.State, r.Goal)
	switch {
	case r.State == Done:
		return s + ": " + r.Result
	case r.Err != nil && r.State == Failed:
		s += ": " + r.Err.Error()
	}
	if len(r.Partial) > 0 {
		s += "\npartial work:\n- " + strings.Join(r.Partial, "\n- ")
	}
	return s
}
