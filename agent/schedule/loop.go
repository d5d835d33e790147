package schedule

import (
	"container/heap"
	"context"
	"errors"
	"time"
)

// recheck is the longest Run sleeps without looking at the wall clock:
// Go's timers do not count time the computer was suspended.
const recheck = time.Minute

// firing is one task to hand to Fire.
type firing struct {
	task   Task
	missed bool
}

// Run fires tasks as they fall due until ctx is done, then waits for the
// Fire calls in progress and returns nil. Tasks overdue when it starts fire
// first, marked missed. Only one Run may be active.
func (s *Scheduler) Run(ctx context.Context) error {
	if !s.running.CompareAndSwap(false, true) {
		return errors.New("schedule: the scheduler is already running")
	}
	defer s.running.Store(false)
	defer s.fires.Wait()
	timer := time.NewTimer(time.Hour)
	defer timer.Stop()
	for {
		for _, f := range s.takeDue(time.Now()) {
			s.fire(ctx, f)
		}
		var tick <-chan time.Time
		if d, ok := s.untilNext(time.Now()); ok {
			timer.Reset(d)
			tick = timer.C
		}
		select {
		case <-ctx.Done():
			return nil
		case <-s.wake:
		case <-tick:
		}
	}
}

// untilNext is how long to sleep: until the next task is due, at most
// recheck; false when there is no task.
func (s *Scheduler) untilNext(now time.Time) (time.Duration, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if len(s.queue) == 0 {
		return 0, false
	}
	return min(max(s.queue[0].task.Due.Sub(now), 0), recheck), true
}

// takeDue removes from the queue, or moves to their next occurrence, the
// tasks due at now, records that in the store, and returns them as they
// were due.
func (s *Scheduler) takeDue(now time.Time) []firing {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []firing
	for len(s.queue) > 0 && !s.queue[0].task.Due.After(now) {
		e := s.queue[0]
		due := e.task
		out = append(out, firing{task: due, missed: due.Due.Before(s.born) || now.Sub(due.Due) > s.cfg.Late})
		next := e.rule.Next(due.Due, now, s.cfg.Location)
		if !next.After(now) { // once, or a rule with no further occurrence
			s.drop(e)
			continue
		}
		e.task.Due = next
		heap.Fix(&s.queue, 0)
		if err := s.save(e.task); err != nil {
			s.cfg.Log.Error("schedule: could not record a task's next time; it may fire again after a restart", "task", e.task.ID, "err", err)
		}
	}
	return out
}

// drop removes a one-off task that fell due.
func (s *Scheduler) drop(e *entry) {
	heap.Remove(&s.queue, e.index)
	delete(s.tasks, e.task.ID)
	if err := s.cfg.Store.Delete(e.task.ID); err != nil {
		s.cfg.Log.Error("schedule: could not remove a task that fell due; it may fire again after a restart", "task", e.task.ID, "err", err)
	}
}

// fire calls Fire on a goroutine of its own, so a slow prompt does not
// hold back the next reminder.
func (s *Scheduler) fire(ctx context.Context, f firing) {
	if s.cfg.Fire == nil {
		return
	}
	s.fires.Add(1)
	go func() {
		defer s.fires.Done()
		s.cfg.Fire(ctx, f.task, f.missed)
	}()
}
