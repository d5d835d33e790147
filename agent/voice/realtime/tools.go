package realtime

import (
	"context"
	"fmt"
	"sync"
	"time"

	"github.com/kin-companion/kin/agent/protocol"
)

// batch is one round of tool calls running concurrently.
type batch struct {
	cancel  context.CancelFunc
	mu      sync.Mutex
	cancels map[string]context.CancelFunc
}

type batchResult struct {
	b       *batch
	results []ToolResult
}

func (b *batch) cancelIDs(ids []string) {
	b.mu.Lock()
	defer b.mu.Unlock()
	for _, id := range ids {
		if f := b.cancels[id]; f != nil {
			f()
		}
	}
}

// startTools runs calls concurrently; their results come back on c.toolsCh.
func (c *conv) startTools(calls []ToolCall) error {
	s := c.s
	if c.rounds >= MaxToolRounds || s.Tools == nil {
		why := "error: no tools are available"
		if s.Tools != nil {
			why = fmt.Sprintf("error: the limit of %d tool rounds was reached; answer the user without tools", MaxToolRounds)
		}
		res := make([]ToolResult, len(calls))
		for i, call := range calls {
			res[i] = ToolResult{ID: call.ID, Name: call.Name, Output: why}
		}
		return c.conn.SendToolResults(res)
	}
	c.cancelTools()
	c.rounds++
	ctx, cancel := context.WithCancel(context.Background())
	b := &batch{cancel: cancel, cancels: map[string]context.CancelFunc{}}
	c.tools = b
	s.setStatus(Thinking)
	if s.Bus != nil {
		for _, call := range calls {
			s.Bus.Emit(protocol.PerformSkillPayload{Skill: call.Name, Args: call.Args})
		}
	}
	res := make([]ToolResult, len(calls))
	var wg sync.WaitGroup
	for i, call := range calls {
		cctx, ccancel := context.WithCancel(ctx)
		b.cancels[call.ID] = ccancel
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer ccancel()
			res[i] = ToolResult{ID: call.ID, Name: call.Name, Output: runTool(cctx, s.Tools, call)}
		}()
	}
	go func() {
		wg.Wait()
		select { // the loop drops results of cancelled batches
		case c.toolsCh <- batchResult{b, res}:
		case <-c.done:
		}
	}()
	c.filler = time.After(s.FillerAfter)
	return nil
}

// runTool runs one call; failures become text the model sees.
func runTool(ctx context.Context, r ToolRunner, call ToolCall) (out string) {
	defer func() {
		if p := recover(); p != nil {
			out = fmt.Sprintf("error: tool %s crashed: %v", call.Name, p)
		}
	}()
	out, err := r.Run(ctx, call.Name, call.Args)
	switch {
	case ctx.Err() != nil:
		return "cancelled"
	case err != nil:
		return "error: " + err.Error()
	}
	return out
}

// finishTools sends a finished batch's results, unless it was cancelled meanwhile.
func (c *conv) finishTools(r batchResult) error {
	if r.b != c.tools {
		return nil // cancelled by a barge-in: the model is not waiting for it
	}
	c.tools, c.filler = nil, nil
	r.b.cancel()
	if c.s.Bus != nil {
		for _, res := range r.results {
			c.s.Bus.Emit(protocol.SkillDonePayload{Skill: res.Name, Result: protocol.SkillResult{Success: true, Output: res.Output}})
		}
	}
	return c.conn.SendToolResults(r.results)
}

// cancelTools aborts the running batch; its results are dropped.
func (c *conv) cancelTools() {
	if c.tools == nil {
		return
	}
	b := c.tools
	c.tools, c.filler = nil, nil
	b.cancel()
}

// speakFiller says something while a slow tool runs.
func (c *conv) speakFiller() {
	if c.tools == nil {
		return
	}
	if f, ok := c.conn.(Filler); ok {
		f.SendFiller(c.s.FillerText)
	} else if len(c.s.FillerAudio) > 0 {
		c.s.Playback.Enqueue("filler", c.s.FillerAudio)
	}
	if c.s.Bus != nil {
		c.s.Bus.Emit(protocol.ThinkPayload{Thought: c.s.FillerText})
	}
}
