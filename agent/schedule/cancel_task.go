package schedule

import (
	"context"
	_ "embed"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/kin-companion/kin/agent/tools"
)

//go:embed cancel_task.md
var cancelTaskDescription string

var cancelTaskSchema = json.RawMessage(`{"type":"object","properties":{
 "id":{"type":"string","description":"The task's id, as list_tasks shows it"}},"required":["id"]}`)

func cancelTask(s *Scheduler) *tools.Tool {
	return &tools.Tool{Name: "cancel_task", Description: cancelTaskDescription, Schema: cancelTaskSchema,
		Meta: tools.Meta{Risk: tools.Medium},
		Run: func(ctx context.Context, args json.RawMessage) (string, error) {
			id, err := cancelID(args)
			if err != nil {
				return "", err
			}
			if err := ctx.Err(); err != nil {
				return "", fmt.Errorf("cancel_task: stopped before cancelling: %w", err)
			}
			t, err := s.Cancel(id)
			if errors.Is(err, ErrNotFound) {
				return "", fmt.Errorf("cancel_task: no task has id %q; list_tasks shows the ids", id)
			}
			if err != nil {
				return "", fmt.Errorf("cancel_task: %w", err)
			}
			return fmt.Sprintf("Cancelled task %s: %s.", t.ID, t.Describe()), nil
		},
		Assess: func(args json.RawMessage) tools.Assessment {
			id, err := cancelID(args)
			if err != nil {
				return tools.Assessment{Summary: "cancel a scheduled task (the arguments are not valid)"}
			}
			if t, ok := s.Get(id); ok {
				return tools.Assessment{Summary: fmt.Sprintf("cancel task %s: %s", id, t.Describe())}
			}
			return tools.Assessment{Summary: fmt.Sprintf("cancel task %q (no such task)", id)}
		}}
}

func cancelID(args json.RawMessage) (string, error) {
	a, err := tools.Decode[struct {
		ID string `json:"id"`
	}]("cancel_task", args, cancelTaskSchema)
	if err != nil {
		return "", err
	}
	if id := strings.TrimSpace(a.ID); id != "" {
		return id, nil
	}
	return "", fmt.Errorf("cancel_task: id is missing; give the id of the task to cancel, as list_tasks shows it")
}
