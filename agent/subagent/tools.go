package subagent

import (
	"context"
	_ "embed"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"github.com/kin-companion/kin/agent/tools"
)

var (
	//go:embed spawn_subagent.md
	spawnDescription string
	//go:embed reply_to_subagent.md
	replyDescription string
	//go:embed list_subagents.md
	listDescription string
	//go:embed cancel_subagent.md
	cancelDescription string
)

var (
	spawnSchema = json.RawMessage(`{"type":"object","properties":{
 "goal":{"type":"string","description":"What the sub-agent should achieve, self-contained, with every detail it needs"},
 "tools":{"type":"array","items":{"type":"string"},"description":"Optional: only these tools (by name); default all it may use"}},"required":["goal"]}`)
	replySchema = json.RawMessage(`{"type":"object","properties":{
 "id":{"type":"string","description":"The sub-agent's id"},
 "answer":{"type":"string","description":"The user's answer, in their words"}},"required":["id","answer"]}`)
	listSchema   = json.RawMessage(`{"type":"object","properties":{}}`)
	cancelSchema = json.RawMessage(`{"type":"object","properties":{
 "id":{"type":"string","description":"The sub-agent's id"}},"required":["id"]}`)
)

// id is a sub-agent id as the model writes it: "2" or 2.
type id string

// UnmarshalJSON accepts a string or a number.
func (i *id) UnmarshalJSON(b []byte) error {
	var s string
	if json.Unmarshal(b, &s) == nil {
		*i = id(s)
		return nil
	}
	var n json.Number
	if err := json.Unmarshal(b, &n); err != nil {
		return fmt.Errorf("id must be a string such as \"1\"")
	}
	*i = id(n.String())
	return nil
}

// Tools returns spawn_subagent, reply_to_subagent, list_subagents and
// cancel_subagent, working on m. Add them to the main registry only: a
// sub-agent never gets them.
func (m *Manager) Tools() []*tools.Tool {
	return []*tools.Tool{m.spawnTool(), m.replyTool(), m.listTool(), m.cancelTool()}
}

func (m *Manager) spawnTool() *tools.Tool {
	return &tools.Tool{Name: "spawn_subagent", Description: spawnDescription, Schema: spawnSchema,
		Meta: tools.Meta{Risk: tools.Low},
		Assess: func(args json.RawMessage) tools.Assessment {
			in, _ := tools.Decode[struct{ Goal string }]("spawn_subagent", args, spawnSchema)
			return tools.Assessment{Summary: "start a background helper: " + clip(in.Goal, 120)}
		},
		Run: func(_ context.Context, args json.RawMessage) (string, error) {
			in, err := tools.Decode[struct {
				Goal  string
				Tools []string
			}]("spawn_subagent", args, spawnSchema)
			if err != nil {
				return "", err
			}
			if strings.TrimSpace(in.Goal) == "" {
				return "", fmt.Errorf("spawn_subagent: goal is missing: say what the sub-agent should do")
			}
			n, err := m.Spawn(in.Goal, in.Tools)
			if err != nil {
				return "", fmt.Errorf("spawn_subagent: %w", err)
			}
			return fmt.Sprintf("Started sub-agent %s on: %s. It works in the background; its progress shows as thoughts, "+
				"and its result (or a question for the user) will reach you in a later message. Tell the user you've started it.", n, clip(in.Goal, 200)), nil
		}}
}

func (m *Manager) replyTool() *tools.Tool {
	return &tools.Tool{Name: "reply_to_subagent", Description: replyDescription, Schema: replySchema,
		Meta: tools.Meta{Risk: tools.Low},
		Run: func(_ context.Context, args json.RawMessage) (string, error) {
			in, err := tools.Decode[struct {
				ID     id
				Answer string
			}]("reply_to_subagent", args, replySchema)
			switch {
			case err != nil:
				return "", err
			case in.ID == "":
				return "", fmt.Errorf("reply_to_subagent: id is missing: give the id of the sub-agent that asked")
			case strings.TrimSpace(in.Answer) == "":
				return "", fmt.Errorf("reply_to_subagent: answer is missing: pass on what the user said")
			}
			if err := m.Reply(string(in.ID), strings.TrimSpace(in.Answer)); err != nil {
				return "", fmt.Errorf("reply_to_subagent: %w", err)
			}
			return fmt.Sprintf("Passed the answer on to sub-agent %s; it goes on working.", in.ID), nil
		}}
}

func (m *Manager) listTool() *tools.Tool {
	return &tools.Tool{Name: "list_subagents", Description: listDescription, Schema: listSchema,
		Meta: tools.Meta{ReadOnly: true, ConcurrencySafe: true, Risk: tools.Low},
		Run: func(context.Context, json.RawMessage) (string, error) {
			return m.describe(), nil
		}}
}

func (m *Manager) cancelTool() *tools.Tool {
	return &tools.Tool{Name: "cancel_subagent", Description: cancelDescription, Schema: cancelSchema,
		Meta: tools.Meta{Risk: tools.Low},
		Run: func(ctx context.Context, args json.RawMessage) (string, error) {
			in, err := tools.Decode[struct{ ID id }]("cancel_subagent", args, cancelSchema)
			if err != nil {
				return "", err
			}
			if in.ID == "" {
				return "", fmt.Errorf("cancel_subagent: id is missing: give the id of the sub-agent to stop")
			}
			ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
			defer cancel()
			r, err := m.Cancel(ctx, string(in.ID))
			if err != nil {
				return "", fmt.Errorf("cancel_subagent: %w", err)
			}
			if r.State != Cancelled {
				return fmt.Sprintf("Sub-agent %s had already ended (%s).", r.ID, r.State), nil
			}
			return "Cancelled. " + r.note(), nil
		}}
}

// describe is list_subagents' answer.
func (m *Manager) describe() string {
	list := m.List()
	if len(list) == 0 {
		return "No sub-agents have been started."
	}
	now := m.cfg.Now()
	var b strings.Builder
	for _, s := range list {
		fmt.Fprintf(&b, "- %s: %s — %s (started %s ago, %d steps)", s.ID, clip(s.Goal, 120), s.State,
			now.Sub(s.Started).Round(time.Second), s.Steps)
		switch {
		case s.State == Waiting:
			b.WriteString("; asks: " + s.Question)
		case !s.State.Active() && s.Result != "":
			b.WriteString("; result: " + clip(s.Result, 300))
		}
		b.WriteByte('\n')
	}
	return strings.TrimRight(b.String(), "\n")
}
