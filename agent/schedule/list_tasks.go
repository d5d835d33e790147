package schedule

import (
	"bytes"
	"context"
	_ "embed"
	"encoding/json"
	"fmt"

	"github.com/kin-companion/kin/agent/tools"
)

//go:embed list_tasks.md
var listTasksDescription string

var listTasksSchema = json.RawMessage(`{"type":"object","properties":{}}`)

// listBudget caps list_tasks' output, in bytes.
const listBudget = 16 << 10

func listTasks(s *Scheduler) *tools.Tool {
	return &tools.Tool{Name: "list_tasks", Description: listTasksDescription, Schema: listTasksSchema,
		Meta: tools.Meta{Risk: tools.Low, ReadOnly: true, ConcurrencySafe: true},
		Run: func(ctx context.Context, args json.RawMessage) (string, error) {
			if err := ctx.Err(); err != nil {
				return "", fmt.Errorf("list_tasks: stopped: %w", err)
			}
			ts := s.List()
			if len(ts) == 0 {
				return "No tasks are scheduled.", nil
			}
			return listJSON(ts, listBudget), nil
		},
		Assess: func(json.RawMessage) tools.Assessment {
			return tools.Assessment{Summary: "list the scheduled tasks"}
		}}
}

// listJSON is ts as a JSON array of at most budget bytes, followed by a
// note of how many tasks did not fit.
func listJSON(ts []Task, budget int) string {
	var b bytes.Buffer
	b.WriteString("[")
	n := 0
	for _, t := range ts {
		doc, _ := json.Marshal(t)
		if n > 0 && b.Len()+len(doc)+3 > budget {
			break
		}
		if n > 0 {
			b.WriteString(",")
		}
		b.WriteString("\n")
		b.Write(doc)
		n++
	}
	b.WriteString("\n]")
	if rest := len(ts) - n; rest > 0 {
		fmt.Fprintf(&b, "\n(%d of %d tasks shown, the soonest; %d more are not shown)", n, len(ts), rest)
	}
	return b.String()
}
