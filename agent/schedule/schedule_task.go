package schedule

import (
	"context"
	_ "embed"
	"encoding/json"
	"fmt"
	"time"

	"github.com/kin-companion/kin/agent/tools"
)

//go:embed schedule_task.md
var scheduleTaskDescription string

var scheduleTaskSchema = json.RawMessage(`{"type":"object","properties":{
 "message":{"type":"string","description":"What kin says when the task is due (a reminder)"},
 "prompt":{"type":"string","description":"An instruction kin carries out when the task is due, reporting the result"},
 "at":{"type":"string","description":"When it is due: an RFC 3339 time with offset, e.g. 2026-03-02T09:00:00+01:00"},
 "in":{"type":"string","description":"When it is due, as a delay from now: 10m, 2h, 1h30m"},
 "repeat":{"type":"string","description":"Optional: daily, weekdays, daily at 09:00, every 15 minutes, every 2 hours, or a cron line such as 0 9 * * 1-5"}}}`)

// scheduleArgs are schedule_task's arguments.
type scheduleArgs struct {
	Message string `json:"message"`
	Prompt  string `json:"prompt"`
	At      string `json:"at"`
	In      string `json:"in"`
	Repeat  string `json:"repeat"`
}

func (a scheduleArgs) spec() Spec {
	return Spec(a)
}

func scheduleTask(s *Scheduler) *tools.Tool {
	return &tools.Tool{Name: "schedule_task", Description: scheduleTaskDescription, Schema: scheduleTaskSchema,
		Meta: tools.Meta{Risk: tools.Medium},
		Run: func(ctx context.Context, args json.RawMessage) (string, error) {
			a, err := tools.Decode[scheduleArgs]("schedule_task", args, scheduleTaskSchema)
			if err != nil {
				return "", err
			}
			if err := ctx.Err(); err != nil {
				return "", fmt.Errorf("schedule_task: stopped before scheduling: %w", err)
			}
			t, err := s.Add(a.spec())
			if err != nil {
				return "", fmt.Errorf("schedule_task: %w", err)
			}
			return fmt.Sprintf("Scheduled task %s: %s (%s).", t.ID, t.Describe(), t.Due.Format(time.RFC3339)), nil
		},
		Assess: func(args json.RawMessage) tools.Assessment {
			a, err := tools.Decode[scheduleArgs]("schedule_task", args, scheduleTaskSchema)
			if err != nil {
				return tools.Assessment{Summary: "schedule a task (the arguments are not valid)"}
			}
			t, err := s.Preview(a.spec())
			if err != nil {
				return tools.Assessment{Summary: "schedule a task (" + err.Error() + ")"}
			}
			return tools.Assessment{Summary: "schedule: " + t.Describe()}
		}}
}
