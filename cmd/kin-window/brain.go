package main

import (
	"context"

	"github.com/kin-companion/kin/agent/runtime"
	"github.com/kin-companion/kin/agent/tools"
	"github.com/kin-companion/kin/engine"
	"github.com/kin-companion/kin/internal/companion"
)

// brain adapts the companion to the window's chat line.
type brain struct {
	ctx context.Context
	c   *companion.Companion
}

// Send implements engine.Brain.
func (b brain) Send(text string) <-chan engine.ChatDelta {
	out := make(chan engine.ChatDelta, 64)
	in := b.c.Send(b.ctx, text)
	go func() {
		defer close(out)
		for d := range in {
			switch d.Kind {
			case runtime.Text:
				out <- engine.ChatDelta{Text: d.Text}
			case runtime.ToolStart:
				out <- engine.ChatDelta{Tool: d.Tool}
			case runtime.Final:
				out <- engine.ChatDelta{Text: d.Text, Final: true}
			case runtime.Failed:
				out <- engine.ChatDelta{Failed: true, Err: d.Err}
			}
		}
	}()
	return out
}

// Steer implements engine.Steerer: words typed while kin answers guide the
// answer ("stop" stops it).
func (b brain) Steer(text string) bool { return b.c.Runtime.Steer(text) }

// Cancel implements engine.Brain.
func (b brain) Cancel() { b.c.Runtime.Cancel() }

// confirm asks on screen before a high-risk tool runs.
type confirm struct{ p *engine.Prompts }

// Confirm implements tools.Confirmer.
func (c confirm) Confirm(ctx context.Context, r tools.Request) (tools.Answer, error) {
	always := "always " + r.Call.Name
	if r.AlwaysScope != "" {
		always += " for " + r.AlwaysScope
	}
	choice, err := c.p.Choose(ctx, r.Question(), always)
	return [...]tools.Answer{engine.No: tools.Deny, engine.Yes: tools.Once, engine.Always: tools.Always}[choice], err
}

// AskUser implements tools.Asker on the window's input line.
func (c confirm) AskUser(ctx context.Context, question string) (string, error) {
	return c.p.AskText(ctx, question)
}
