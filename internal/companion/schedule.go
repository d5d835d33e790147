package companion

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/kin-companion/kin/agent/protocol"
	"github.com/kin-companion/kin/agent/runtime"
	"github.com/kin-companion/kin/agent/schedule"
	"github.com/kin-companion/kin/agent/tools"
	"github.com/kin-companion/kin/store"
)

// startScheduler runs reminders and scheduled prompts from the store: a
// message is said, a prompt runs through the agent with the same
// permissions and its answer is said. A task that fell due while kin was
// not running happens once now, marked as missed.
func (c *Companion) startScheduler(ctx context.Context, o Options) []*tools.Tool {
	var st schedule.Store
	if c.DB != nil {
		st = c.DB.Schedules()
	}
	s, err := schedule.New(schedule.Config{Store: st, Log: o.Logger,
		Fire: func(ctx context.Context, t schedule.Task, missed bool) { c.fire(ctx, o, t, missed) }})
	if err != nil {
		c.Warnings = append(c.Warnings, "reminders are off: "+err.Error())
		return nil
	}
	c.Schedule = s
	return schedule.Tools(s)
}

// runScheduler starts the reminders once the runtime that answers
// scheduled prompts exists.
func (c *Companion) runScheduler(ctx context.Context) {
	if c.Schedule != nil {
		go func() { _ = c.Schedule.Run(ctx) }()
	}
}

// NotifyDesktop shows a desktop notification (kin's own, not the model's:
// it does not pass the gate); it reports whether one was shown.
func (c *Companion) NotifyDesktop(ctx context.Context, title, body string) bool {
	t, ok := c.Runtime.Registry().Get("notify")
	if !ok {
		return false
	}
	args, _ := json.Marshal(map[string]string{"title": title, "body": body})
	_, err := t.Call(ctx, args)
	return err == nil
}

// fire says a due task: its message, or the answer to its prompt.
func (c *Companion) fire(ctx context.Context, o Options, t schedule.Task, missed bool) {
	text := t.Message
	if t.Prompt != "" {
		text = c.runPrompt(ctx, t.Prompt)
	}
	if missed {
		text = fmt.Sprintf("(This was due %s, while I was not running.) %s", schedule.When(t.Due), text)
	}
	if strings.TrimSpace(text) == "" {
		return
	}
	// In a realtime conversation the model says it aloud, and its words
	// reach the bubble and the transcript as any reply does; otherwise kin
	// shows it, and the cascaded voice, when on, reads it out.
	if s := c.live.Load(); s == nil || !s.Announce(text) {
		c.Bus.Emit(protocol.SpeakPayload{Text: text}) // the bubble, the diary
		c.record(c.currentConv(), store.RoleAssistant, text)
		if p := c.spoken.Load(); p != nil { // the cascaded voice says it as it is
			go func() { _ = p.Announce(ctx, text) }()
		}
	}
	if o.Remind != nil {
		o.Remind(text)
	}
}

// runPrompt runs a scheduled prompt as a turn and returns its answer, or
// what went wrong in a sentence.
func (c *Companion) runPrompt(ctx context.Context, prompt string) string {
	answer := ""
	for d := range c.Send(ctx, prompt) {
		switch d.Kind {
		case runtime.Final:
			answer = d.Text
		case runtime.Failed:
			return fmt.Sprintf("I tried the task %q and could not finish it: %v", prompt, d.Err)
		}
	}
	return answer
}
