package tools

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/kin-companion/kin/agent/llm"
	"github.com/kin-companion/kin/agent/protocol"
)

// Confirmer asks the user whether a high-risk call may run. The window
// shows a prompt; `kin chat` reads y/n.
type Confirmer interface {
	Confirm(ctx context.Context, call llm.ToolCall) (bool, error)
}

// Outcome is what became of one call.
type Outcome struct {
	Result llm.ToolResult
	Denied bool // the user (or the absence of a Confirmer) refused it
	Cached bool
	Failed bool // an error result: unknown tool, bad arguments, a failing Run
}

// Executor runs a round's calls.
type Executor struct {
	Tools   *Registry
	Confirm Confirmer     // nil: high-risk calls are denied
	Bus     *protocol.Bus // optional: perform-skill, skill-done, skill-error
	Cache   *Cache        // optional
	Timeout time.Duration // per call, default 30s, raised to a tool's TimeoutFloor
}

// Run executes calls and returns their outcomes in call order.
// Concurrency-safe calls run in parallel first, then the rest one by one in
// the order the model gave them.
func (e *Executor) Run(ctx context.Context, calls []llm.ToolCall) []Outcome {
	out := make([]Outcome, len(calls))
	var wg sync.WaitGroup
	var serial []int
	for i, c := range calls {
		if t, ok := e.Tools.Get(c.Name); ok && t.Meta.ConcurrencySafe && t.Meta.Risk != High {
			wg.Add(1)
			go func() {
				defer wg.Done()
				out[i] = e.one(ctx, c)
			}()
			continue
		}
		serial = append(serial, i)
	}
	wg.Wait()
	for _, i := range serial {
		out[i] = e.one(ctx, calls[i])
	}
	return out
}

func (e *Executor) one(ctx context.Context, c llm.ToolCall) Outcome {
	res := llm.ToolResult{CallID: c.ID, Name: c.Name}
	t, ok := e.Tools.Get(c.Name)
	if !ok {
		res.Content, res.IsError = fmt.Sprintf("unknown tool %q; available: %v", c.Name, e.Tools.Names()), true
		return Outcome{Result: res, Failed: true}
	}
	if t.Meta.Risk == High {
		allowed := false
		var err error
		if e.Confirm != nil {
			allowed, err = e.Confirm.Confirm(ctx, c)
		}
		if !allowed || err != nil {
			res.Content, res.IsError = "the user did not allow "+c.Name+"; do not try it again this turn", true
			return Outcome{Result: res, Denied: true}
		}
	}
	key := Key(c.Name, c.Args)
	if t.Meta.Cacheable && e.Cache != nil {
		if s, ok := e.Cache.Get(key); ok {
			res.Content = s
			return Outcome{Result: res, Cached: true}
		}
	}
	e.emit(protocol.PerformSkillPayload{Skill: c.Name, Args: c.Args, AnimationHint: t.Meta.AnimationHint})
	s, err := e.run(ctx, t, c.Args)
	if err != nil {
		e.emit(protocol.SkillErrorPayload{Skill: c.Name, Error: err.Error()})
		res.Content, res.IsError = err.Error(), true
		return Outcome{Result: res, Failed: true}
	}
	e.emit(protocol.SkillDonePayload{Skill: c.Name, Result: protocol.SkillResult{Success: true, Output: short(s)}})
	if t.Meta.Cacheable && e.Cache != nil {
		ttl := t.Meta.CacheTTL
		if ttl <= 0 {
			ttl = 5 * time.Minute
		}
		e.Cache.Put(key, s, ttl)
	}
	res.Content = s
	return Outcome{Result: res}
}

// run calls t.Run under the call timeout, turning a panic into an error.
func (e *Executor) run(ctx context.Context, t *Tool, args json.RawMessage) (s string, err error) {
	timeout := e.Timeout
	if timeout <= 0 {
		timeout = 30 * time.Second
	}
	timeout = max(timeout, t.Meta.TimeoutFloor)
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("%s crashed: %v", t.Name, r)
		}
	}()
	s, err = t.Run(ctx, args)
	if errors.Is(err, context.DeadlineExceeded) {
		err = fmt.Errorf("%s timed out after %v", t.Name, timeout)
	}
	return s, err
}

func (e *Executor) emit(p protocol.Payload) {
	if e.Bus != nil {
		e.Bus.Emit(p)
	}
}

func short(s string) string {
	if r := []rune(s); len(r) > 200 {
		return string(r[:200]) + "…"
	}
	return s
}
