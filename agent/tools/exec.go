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
	"github.com/kin-companion/kin/agent/redact"
)

// Outcome is what became of one call.
type Outcome struct {
	Result llm.ToolResult
	Denied bool // the gate refused it: the user said no, or no one could be asked
	Cached bool
	Failed bool // an error result: unknown tool, bad arguments, a failing Run
}

// Executor runs a round's calls.
type Executor struct {
	Tools   *Registry
	Gate    *Gate         // nil: a gate with no one to ask (high-risk calls are denied)
	Bus     *protocol.Bus // optional: perform-skill, skill-done, skill-error
	Cache   *Cache        // optional
	Timeout time.Duration // per call, default 30s, raised to a tool's TimeoutFloor
}

// Run executes calls and returns their outcomes in call order.
// Concurrency-safe calls run in parallel first, then the rest one by one in
// the order the model gave them.
func (e *Executor) Run(ctx context.Context, calls []llm.ToolCall) []Outcome {
	return e.RunAs(ctx, CallerModel, calls)
}

// RunAs is [Executor.Run] for calls made by caller (voice, mcp, …).
func (e *Executor) RunAs(ctx context.Context, caller string, calls []llm.ToolCall) []Outcome {
	out := make([]Outcome, len(calls))
	var wg sync.WaitGroup
	var serial []int
	for i, c := range calls {
		if t, ok := e.Tools.Get(c.Name); ok && t.Meta.ConcurrencySafe && t.Meta.Risk != High {
			wg.Add(1)
			go func() {
				defer wg.Done()
				out[i] = e.one(ctx, caller, c)
			}()
			continue
		}
		serial = append(serial, i)
	}
	wg.Wait()
	for _, i := range serial {
		out[i] = e.one(ctx, caller, calls[i])
	}
	return out
}

func (e *Executor) one(ctx context.Context, caller string, c llm.ToolCall) Outcome {
	res := llm.ToolResult{CallID: c.ID, Name: c.Name}
	t, ok := e.Tools.Get(c.Name)
	if !ok {
		res.Content, res.IsError = e.Tools.Missing(c.Name), true
		return Outcome{Result: res, Failed: true}
	}
	gate := e.Gate
	if gate == nil {
		gate = &Gate{Bus: e.Bus}
	}
	if v := gate.Check(ctx, t, c, caller); !v.Allowed {
		res.Content, res.IsError = v.Message, true
		return Outcome{Result: res, Denied: true}
	}
	key := Key(c.Name, c.Args)
	if t.Meta.Cacheable && e.Cache != nil {
		if s, ok := e.Cache.Get(key); ok {
			res.Content = s
			return Outcome{Result: res, Cached: true}
		}
	}
	e.emit(protocol.PerformSkillPayload{Skill: c.Name, Args: redact.JSON(c.Args), AnimationHint: t.Meta.AnimationHint})
	r, err := e.run(ctx, t, c.Args)
	if err != nil {
		e.emit(protocol.SkillErrorPayload{Skill: c.Name, Error: redact.Text(err.Error())})
		res.Content, res.IsError = err.Error(), true
		return Outcome{Result: res, Failed: true}
	}
	e.emit(protocol.SkillDonePayload{Skill: c.Name, Result: protocol.SkillResult{Success: true,
		Output: redact.Text(short(r.Text)), Sentiment: r.Sentiment, Data: redact.JSON(r.Data)}})
	if t.Meta.Cacheable && e.Cache != nil && len(r.Images) == 0 {
		ttl := t.Meta.CacheTTL
		if ttl <= 0 {
			ttl = 5 * time.Minute
		}
		e.Cache.PutIn(t.Meta.CacheScope, key, r.Text, ttl)
	}
	res.Content, res.Images = r.Text, r.Images
	return Outcome{Result: res}
}

// run calls the tool under the call timeout, turning a panic into an error.
func (e *Executor) run(ctx context.Context, t *Tool, args json.RawMessage) (r Result, err error) {
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
	r, err = t.Call(ctx, args)
	if errors.Is(err, context.DeadlineExceeded) || (err != nil && ctx.Err() == context.DeadlineExceeded) {
		err = fmt.Errorf("%s timed out after %v", t.Name, timeout)
	}
	return r, err
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
