package runtime

import (
	"fmt"
	"strings"

	"github.com/kin-companion/kin/agent/guard"
	"github.com/kin-companion/kin/agent/llm"
	"github.com/kin-companion/kin/agent/tools"
)

// turnState is what the guardrails remember during one turn.
type turnState struct {
	maxRounds  int
	lastCalls  []llm.ToolCall
	summary    []string        // last round's tool summary
	denied     map[string]bool // tool names the user refused: a standing constraint
	failures   map[string]int  // by exact signature
	disabled   map[string]bool // signatures disabled after repeated failure
	semantic   map[string]bool // read-only calls already answered
	injected   []string
	compaction []string
	notes      []string // corrective notes for the next round only
	steering   []string // the user's guidance during this turn, kept for every later round
	noUsable   int
}

func newTurnState(maxRounds int) *turnState {
	return &turnState{maxRounds: maxRounds, denied: map[string]bool{}, failures: map[string]int{},
		disabled: map[string]bool{}, semantic: map[string]bool{}}
}

func (s *turnState) note(n string) { s.notes = append(s.notes, n) }

// screen applies the guardrails that act before a call runs; it returns
// the error result to give instead, if any.
func (s *turnState) screen(c llm.ToolCall, broken string, readOnly bool) (string, bool) {
	switch {
	case broken != "":
		return broken, true
	case s.denied[c.Name]:
		return "the user already refused " + c.Name + " this turn; do not ask again", true
	case s.disabled[guard.Signature(c)]:
		return "this exact call failed repeatedly and is disabled for the rest of this turn", true
	case readOnly && s.semantic[guard.Semantic(c)]:
		s.note(fmt.Sprintf("Duplicate call blocked: %s %s repeats an earlier call this turn; use its result.", c.Name, argsOf(c)))
		return "duplicate of an earlier call this turn; its result is above", true
	}
	return "", false
}

// record updates the guardrails with an outcome.
func (s *turnState) record(c llm.ToolCall, o tools.Outcome, readOnly bool, limit int) {
	sig := guard.Signature(c)
	switch {
	case o.Denied:
		s.denied[c.Name] = true
	case o.Failed:
		if s.failures[sig]++; s.failures[sig] >= limit && !s.disabled[sig] {
			s.disabled[sig] = true
			s.note(fmt.Sprintf("%s %s failed %d times and is disabled for this turn.", c.Name, argsOf(c), s.failures[sig]))
		}
	case !o.Result.IsError && readOnly:
		s.semantic[guard.Semantic(c)] = true
	}
}

// summarize records the round's tool summary for the continuation.
func (s *turnState) summarize(calls []llm.ToolCall, results []llm.ToolResult) {
	s.summary = s.summary[:0]
	for i, c := range calls {
		status := "ok"
		if results[i].IsError {
			status = "error"
		}
		out := strings.Join(strings.Fields(results[i].Content), " ")
		if r := []rune(out); len(r) > 100 {
			out = string(r[:100]) + "…"
		}
		s.summary = append(s.summary, fmt.Sprintf("- %s → %s: %s", c.Name, status, out))
	}
}

// peek estimates the continuation's size for context fitting without
// consuming the one-round notes.
func (s *turnState) peek(round int, forced bool) string {
	notes := s.notes
	c := s.continuation(round, forced)
	s.notes = notes
	return c
}

// continuation is the runtime note sent with the next model call: round
// counter, tool summary, denials, compaction notes, injection warnings and
// corrective notes. Round 1 with nothing to say has none.
func (s *turnState) continuation(round int, forced bool) string {
	var b strings.Builder
	if round > 1 || forced {
		fmt.Fprintf(&b, "Round %d of %d.\n", min(round, s.maxRounds), s.maxRounds)
	}
	if len(s.summary) > 0 {
		b.WriteString("Tools run last round:\n" + strings.Join(s.summary, "\n") + "\n")
	}
	if len(s.denied) > 0 {
		var names []string
		for n := range s.denied {
			names = append(names, n)
		}
		b.WriteString("Permission denied by the user this turn (a standing constraint; do not retry or work around it): " + strings.Join(names, ", ") + ".\n")
	}
	if len(s.steering) > 0 {
		b.WriteString("The user added this while you were working (guidance for this turn: take it into account and carry on, do not start over):\n")
		for _, g := range s.steering {
			b.WriteString("- " + g + "\n")
		}
	}
	for _, n := range s.compaction {
		b.WriteString("Context: " + n + "\n")
	}
	if len(s.injected) > 0 {
		b.WriteString(guard.SafetyNote + " Flagged: " + strings.Join(s.injected, "; ") + ".\n")
	}
	for _, n := range s.notes {
		b.WriteString(n + "\n")
	}
	s.notes = nil
	s.compaction = nil
	if forced {
		fmt.Fprintf(&b, "You have used all %d tool rounds. Tools are off now: give the user your final answer with what you have, and say plainly if something is unfinished.\n", s.maxRounds)
	}
	return strings.TrimSpace(b.String())
}
