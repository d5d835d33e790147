package todo

import (
	"context"
	_ "embed"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/kin-companion/kin/agent/tools"
)

//go:embed todo_list.md
var todoListDescription string

var todoListSchema = json.RawMessage(`{"type":"object","properties":{
 "show":{"type":"string","enum":["open","done","all"],"default":"all","description":"Which tasks to list: open, done or all (default all)"}}}`)

func todoList(cfg Config) *tools.Tool {
	return &tools.Tool{Name: "todo_list", Description: todoListDescription, Schema: todoListSchema,
		Meta: reading,
		Assess: func(json.RawMessage) tools.Assessment {
			return tools.Assessment{Summary: "read kin's task list"}
		},
		Run: func(ctx context.Context, args json.RawMessage) (string, error) {
			a, err := tools.Decode[struct{ Show string }]("todo_list", args, todoListSchema)
			if err != nil {
				return "", err
			}
			switch a.Show {
			case "":
				a.Show = "all"
			case "open", "done", "all":
			default:
				return "", fmt.Errorf("todo_list: show must be open, done or all, not %q", a.Show)
			}
			all, err := cfg.Todos.List(ctx)
			if err != nil {
				return "", fmt.Errorf("todo_list: the task list could not be read: %w", err)
			}
			return FormatList(all, a.Show, cfg.MaxShown), nil
		}}
}

// FormatList writes tasks for people and models: the open ones, then the
// done ones, each section limited to max lines with a note for the rest;
// show is "open", "done" or "all".
func FormatList(all []Item, show string, max int) string {
	var open, done []Item
	for _, it := range all {
		if it.Done {
			done = append(done, it)
		} else {
			open = append(open, it)
		}
	}
	if len(all) == 0 {
		return "the task list is empty"
	}
	var b strings.Builder
	if show != "done" {
		section(&b, "open", open, max, func(it Item) string { return "" })
	}
	if show != "open" {
		section(&b, "done", done, max, func(it Item) string {
			return " (done " + it.DoneAt.Local().Format("2006-01-02 15:04") + ")"
		})
	}
	return strings.TrimSuffix(b.String(), "\n")
}

// section writes one titled group of tasks; done groups show the newest
// first, since the old ones matter least.
func section(b *strings.Builder, title string, items []Item, max int, suffix func(Item) string) {
	fmt.Fprintf(b, "%s (%d):\n", title, len(items))
	if len(items) == 0 {
		b.WriteString("  none\n")
		return
	}
	shown := items
	if title == "done" && len(items) > max {
		shown = items[len(items)-max:]
	} else if len(items) > max {
		shown = items[:max]
	}
	for _, it := range shown {
		fmt.Fprintf(b, "  [%d] %s%s\n", it.ID, it.Text, suffix(it))
	}
	if n := len(items) - len(shown); n > 0 {
		fmt.Fprintf(b, "  [… %d more %s tasks not shown]\n", n, title)
	}
}
