package attach

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/kin-companion/kin/agent/schedule"
)

// Tasks is a schedule: the running kin's, served to `kin schedule`.
// *schedule.Scheduler is one.
type Tasks interface {
	List() []schedule.Task
	Add(schedule.Spec) (schedule.Task, error)
	Cancel(id string) (schedule.Task, error)
}

// TaskKeeper is a [Handler] that also lends its schedule; Tasks returns
// nil when reminders are off in the running kin.
type TaskKeeper interface {
	Tasks() Tasks
}

// scheduleOp is a schedule request: list, add Spec, or cancel ID.
type scheduleOp struct {
	Do   string         `json:"do"`
	Spec *schedule.Spec `json:"spec,omitempty"`
	ID   string         `json:"id,omitempty"`
}

// answerSchedule runs op on h's schedule.
func answerSchedule(h Handler, op *scheduleOp) Event {
	tk, ok := h.(TaskKeeper)
	var ts Tasks
	if ok {
		ts = tk.Tasks()
	}
	if ts == nil || op == nil {
		return Event{Kind: KindFailed, Error: "reminders are off in the running kin (see its warnings)"}
	}
	var v any
	var err error
	switch op.Do {
	case "list":
		v = ts.List()
	case "add":
		if op.Spec == nil {
			return Event{Kind: KindFailed, Error: "a schedule add request needs a spec"}
		}
		v, err = ts.Add(*op.Spec)
	case "cancel":
		v, err = ts.Cancel(op.ID)
	default:
		return Event{Kind: KindFailed, Error: fmt.Sprintf("kin does not know the schedule request %q; update the kin command", op.Do)}
	}
	if errors.Is(err, schedule.ErrNotFound) {
		return Event{Kind: KindFailed, Error: err.Error(), Code: CodeNotFound}
	}
	if err != nil {
		return failed(err)
	}
	b, err := json.Marshal(v)
	if err != nil {
		return failed(fmt.Errorf("attach: cannot encode the tasks: %w", err))
	}
	return Event{Kind: KindTasks, Tasks: b}
}

// RemoteTasks is the running kin's schedule seen from another command;
// an unknown id fails with schedule.ErrNotFound.
type RemoteTasks struct {
	c   *Client
	ctx context.Context
}

// Tasks returns the running kin's schedule; each call asks it over ctx.
func (c *Client) Tasks(ctx context.Context) RemoteTasks { return RemoteTasks{c: c, ctx: ctx} }

// List returns the scheduled tasks, soonest first.
func (r RemoteTasks) List() ([]schedule.Task, error) {
	var ts []schedule.Task
	err := r.do(scheduleOp{Do: "list"}, &ts)
	for i := range ts {
		ts[i] = local(ts[i])
	}
	return ts, err
}

// Add schedules sp in the running kin, which fires it when due.
func (r RemoteTasks) Add(sp schedule.Spec) (schedule.Task, error) {
	var t schedule.Task
	err := r.do(scheduleOp{Do: "add", Spec: &sp}, &t)
	return local(t), err
}

// Cancel cancels the task id in the running kin.
func (r RemoteTasks) Cancel(id string) (schedule.Task, error) {
	var t schedule.Task
	err := r.do(scheduleOp{Do: "cancel", ID: id}, &t)
	return local(t), err
}

// local puts t's times in the local zone (JSON keeps only the offset).
func local(t schedule.Task) schedule.Task {
	t.Due, t.Created = t.Due.Local(), t.Created.Local()
	return t
}

func (r RemoteTasks) do(op scheduleOp, v any) error {
	e, err := r.c.do(r.ctx, request{Op: "schedule", Sched: &op}, nil)
	if err != nil {
		if e.Code == CodeNotFound {
			return fmt.Errorf("%w: %v", schedule.ErrNotFound, err)
		}
		return err
	}
	if err := json.Unmarshal(e.Tasks, v); err != nil {
		return fmt.Errorf("attach: the running kin sent tasks kin cannot read: %w", err)
	}
	return nil
}
