package todo

import (
	"context"
	_ "embed"
	"encoding/json"
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/kin-companion/kin/agent/tools"
)

//go:embed todo_add.md
var todoAddDescription string

var todoAddSchema = json.RawMessage(`{"type":"object","properties":{
 "text":{"type":"string","description":"The task, in a line or two"}},"required":["text"]}`)

// textArgs are the arguments of todo_add.
type textArgs struct {
	Text *string `json:"text"`
}

func todoAdd(cfg Config) *tools.Tool {
	return &tools.Tool{Name: "todo_add", Description: todoAddDescription, Schema: todoAddSchema,
		Meta: changing,
		Assess: func(args json.RawMessage) tools.Assessment {
			a, _ := tools.Decode[textArgs]("todo_add", args, todoAddSchema)
			if a.Text == nil {
				return tools.Assessment{Summary: "add a task to kin's task list"}
			}
			return tools.Assessment{Summary: fmt.Sprintf("add %q to kin's task list", clip(*a.Text, 80))}
		},
		Run: func(ctx context.Context, args json.RawMessage) (string, error) {
			a, err := tools.Decode[textArgs]("todo_add", args, todoAddSchema)
			if err != nil {
				return "", err
			}
			text, err := checkTask(cfg, a.Text)
			if err != nil {
				return "", err
			}
			it, err := cfg.Todos.Add(ctx, text)
			if err != nil {
				return "", fmt.Errorf("todo_add: the task was not added: %w", err)
			}
			return fmt.Sprintf("added task %d: %s%s", it.ID, it.Text, openCount(ctx, cfg.Todos)), nil
		}}
}

// checkTask insists on a task text within the cap and returns it trimmed.
func checkTask(cfg Config, text *string) (string, error) {
	if text == nil {
		return "", fmt.Errorf("todo_add: the argument \"text\" is missing; say the task, e.g. {\"text\": \"send Ann the photos\"}")
	}
	t := strings.TrimSpace(*text)
	switch {
	case t == "":
		return "", fmt.Errorf("todo_add: the argument \"text\" is empty; say the task in a line or two")
	case len(t) > cfg.MaxText:
		return "", fmt.Errorf("todo_add: the task has %d bytes, more than the %d allowed; keep it to a line or two and put details in storage_set", len(t), cfg.MaxText)
	case !utf8.ValidString(t):
		return "", fmt.Errorf("todo_add: the task is not valid text")
	}
	return t, nil
}

// openCount is " (N open tasks)" after a change, or "" when the list
// cannot be read (the change itself succeeded).
func openCount(ctx context.Context, s TodoStore) string {
	all, err := s.List(ctx)
	if err != nil {
		return ""
	}
	n := 0
	for _, it := range all {
		if !it.Done {
			n++
		}
	}
	return fmt.Sprintf(" (%d open %s)", n, plural(n, "task", "tasks"))
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// clip shortens s to about n runes on one line, marking the cut.
func clip(s string, n int) string {
	s = strings.Join(strings.Fields(s), " ")
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	return string([]rune(s)[:n]) + "…"
}
