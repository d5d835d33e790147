package todo

import (
	"context"
	_ "embed"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/kin-companion/kin/agent/tools"
)

//go:embed todo_complete.md
var todoCompleteDescription string

var todoCompleteSchema = json.RawMessage(`{"type":"object","properties":{
 "id":{"type":"integer","minimum":1,"description":"The task's id, as todo_list shows it"}},"required":["id"]}`)

func todoComplete(cfg Config) *tools.Tool {
	return &tools.Tool{Name: "todo_complete", Description: todoCompleteDescription, Schema: todoCompleteSchema,
		Meta: changing,
		Assess: func(args json.RawMessage) tools.Assessment {
			if id, err := taskID(args); err == nil {
				return tools.Assessment{Summary: fmt.Sprintf("mark task %d on kin's task list done", id)}
			}
			return tools.Assessment{Summary: "mark a task on kin's task list done"}
		},
		Run: func(ctx context.Context, args json.RawMessage) (string, error) {
			id, err := taskID(args)
			if err != nil {
				return "", err
			}
			it, already, err := cfg.Todos.Complete(ctx, id)
			switch {
			case errors.Is(err, ErrNotFound):
				return "", fmt.Errorf("todo_complete: there is no task %d; todo_list shows the ids", id)
			case err != nil:
				return "", fmt.Errorf("todo_complete: task %d was not marked done: %w", id, err)
			case already:
				return fmt.Sprintf("task %d was already done (since %s): %s", id, it.DoneAt.Local().Format("2006-01-02 15:04"), it.Text), nil
			}
			return fmt.Sprintf("completed task %d: %s%s", id, it.Text, openCount(ctx, cfg.Todos)), nil
		}}
}

// taskID reads the id argument: a whole number, or one written as text.
func taskID(args json.RawMessage) (int, error) {
	a, err := tools.Decode[struct{ ID json.RawMessage }]("todo_complete", args, todoCompleteSchema)
	if err != nil {
		return 0, err
	}
	if len(a.ID) == 0 || string(a.ID) == "null" {
		return 0, fmt.Errorf("todo_complete: the argument \"id\" is missing; give the task's number from todo_list, e.g. {\"id\": 3}")
	}
	raw := strings.Trim(string(a.ID), `"`)
	id, err := strconv.Atoi(strings.TrimSpace(raw))
	if err != nil || id < 1 {
		return 0, fmt.Errorf("todo_complete: the argument \"id\" must be a task number such as 3, not %s", a.ID)
	}
	return id, nil
}
