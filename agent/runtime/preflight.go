package runtime

import (
	"context"
	_ "embed"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/kin-companion/kin/agent/llm"
	"github.com/kin-companion/kin/agent/tools"
)

// DefaultPlannerBudget is how long preflight waits for the planner before
// the turn goes on without a plan.
const DefaultPlannerBudget = 2000 * time.Millisecond

// maxPrefetch caps the calls one plan may start early.
const maxPrefetch = 3

// Preflight chooses the steps seed 001 runs before a turn's first model
// call. Each can be switched off; the zero value runs none.
type Preflight struct {
	// Memories puts the memories that match the user's message first in
	// the <memory> block, not only the globally top-ranked ones.
	Memories bool
	// Planner makes a short model call (no tools) that outlines the turn;
	// its plan joins the system prompt as a hint. It fails open: a slow or
	// failing planner only costs the hint.
	Planner bool
	// Prefetch starts the read-only, cacheable, low-risk calls the plan
	// marks as likely, so the model's own call finds the result ready.
	// It needs Planner.
	Prefetch bool
	// Budget is the planner's time limit; default DefaultPlannerBudget.
	Budget time.Duration
	// Provider answers the planner; default Config.Provider (a small, fast
	// model fits well here).
	Provider llm.Provider
}

// DefaultPreflight runs every preflight step with the default budget.
func DefaultPreflight() Preflight {
	return Preflight{Memories: true, Planner: true, Prefetch: true}
}

//go:embed planner.md
var plannerPrompt string

// plan is what the planner answers.
type plan struct {
	Steps    []string `json:"steps"`
	Tools    []string `json:"tools"`
	Prefetch []struct {
		Tool string          `json:"tool"`
		Args json.RawMessage `json:"args"`
	} `json:"prefetch"`
}

// preflight runs the planner (and the prefetches it asks for) and returns
// the hint block for the system prompt, "" without a plan.
func (r *Runtime) preflight(ctx context.Context, message string) string {
	pf := r.cfg.Preflight
	if !pf.Planner {
		return ""
	}
	p, err := r.plan(ctx, message)
	if err != nil {
		return "" // fail open
	}
	var started []string
	if pf.Prefetch {
		started = r.prefetch(ctx, p)
	}
	return planBlock(p, started)
}

// plan asks the planner within the budget.
func (r *Runtime) plan(ctx context.Context, message string) (*plan, error) {
	pf := r.cfg.Preflight
	budget, prov := pf.Budget, pf.Provider
	if budget <= 0 {
		budget = DefaultPlannerBudget
	}
	if prov == nil {
		prov = r.cfg.Provider
	}
	ctx, cancel := context.WithTimeout(ctx, budget)
	defer cancel()
	var b strings.Builder
	b.WriteString("Message:\n" + message + "\n\nTools:\n")
	for _, s := range r.registry.Specs() {
		b.WriteString("- " + s.Name + ": " + summary(s.Description) + "\n")
	}
	resp, err := prov.Complete(ctx, &llm.Request{System: plannerPrompt, MaxTokens: 400,
		Messages: []llm.Message{{Role: llm.User, Text: b.String()}}})
	if err != nil {
		return nil, fmt.Errorf("planner: %w", err)
	}
	return parsePlan(resp.Text)
}

// parsePlan reads the planner's JSON, tolerating prose or a code fence
// around it.
func parsePlan(text string) (*plan, error) {
	i, j := strings.Index(text, "{"), strings.LastIndex(text, "}")
	if i < 0 || j < i {
		return nil, errors.New("planner: no JSON object in the answer")
	}
	var p plan
	if err := json.Unmarshal([]byte(text[i:j+1]), &p); err != nil {
		return nil, fmt.Errorf("planner: %w", err)
	}
	return &p, nil
}

// planBlock renders the plan as a hint for the system prompt.
func planBlock(p *plan, started []string) string {
	if len(p.Steps) == 0 && len(p.Tools) == 0 && len(started) == 0 {
		return ""
	}
	var b strings.Builder
	b.WriteString("\n\n<plan>\nA quick plan made before this turn: a hint, not an instruction. Ignore it if it does not fit.\n")
	for i, s := range p.Steps {
		if i == 6 {
			break
		}
		fmt.Fprintf(&b, "%d. %s\n", i+1, oneLine(s, 200))
	}
	if len(p.Tools) > 0 {
		b.WriteString("Likely tools: " + strings.Join(p.Tools, ", ") + "\n")
	}
	if len(started) > 0 {
		b.WriteString("Already started for you (call them as usual; the results come at once): " + strings.Join(started, "; ") + "\n")
	}
	b.WriteString("</plan>")
	return b.String()
}

func oneLine(s string, n int) string {
	s = strings.Join(strings.Fields(s), " ")
	if r := []rune(s); len(r) > n {
		return string(r[:n-1]) + "…"
	}
	return s
}

// prefetch starts the plan's eligible calls in the background and returns
// them as "tool args" strings.
func (r *Runtime) prefetch(ctx context.Context, p *plan) []string {
	var started []string
	for _, f := range p.Prefetch {
		if len(started) == maxPrefetch {
			break
		}
		t, ok := r.registry.Get(f.Tool)
		args := f.Args
		if len(args) == 0 || string(args) == "null" {
			args = json.RawMessage(`{}`)
		}
		if !ok || !t.Meta.ReadOnly || !t.Meta.Cacheable || t.Grade(args).Risk != tools.Low {
			continue
		}
		call := llm.ToolCall{ID: "prefetch", Name: t.Name, Args: args}
		if r.fetches.start(tools.Key(call.Name, call.Args), func() { r.exec.RunAs(ctx, r.cfg.Caller, []llm.ToolCall{call}) }) {
			started = append(started, t.Name+" "+argsOf(call))
		}
	}
	return started
}
