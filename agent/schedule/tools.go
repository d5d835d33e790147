package schedule

import "github.com/kin-companion/kin/agent/tools"

// Tools returns the scheduling tools working on s: schedule_task (medium
// risk), list_tasks (low, read-only) and cancel_task (medium).
func Tools(s *Scheduler) []*tools.Tool {
	return []*tools.Tool{scheduleTask(s), listTasks(s), cancelTask(s)}
}
