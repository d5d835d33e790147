package schedule

import (
	"cmp"
	"container/heap"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/kin-companion/kin/agent/redact"
)

// ErrNotFound is returned by [Scheduler.Cancel] for an id no task has.
var ErrNotFound = errors.New("schedule: no such task")

// Config configures a [Scheduler].
type Config struct {
	// Store keeps the tasks across restarts; nil keeps them in memory only.
	Store Store
	// Fire is called, on a goroutine of its own, when a task is due: kin
	// says t.Message or runs t.Prompt. missed is set when the task fell due
	// while kin was not running (or the computer slept); t.Due is the time
	// it was due. ctx ends when Run returns. Nil does nothing.
	Fire func(ctx context.Context, t Task, missed bool)
	// Location is the user's zone, for calendar rules and for times given
	// without a zone; nil means time.Local.
	Location *time.Location
	// MaxTasks caps how many tasks may be scheduled; 0 means 1000.
	MaxTasks int
	// Late is how far behind its time a firing may be and still count as
	// on time; 0 means 2 minutes.
	Late time.Duration
	// Log receives problems the scheduler works around (a task in the
	// store it cannot read, a failed write); nil means slog.Default().
	Log *slog.Logger
}

// Scheduler holds the tasks and fires them when due; see the package doc.
// Its methods are safe for concurrent use.
type Scheduler struct {
	cfg     Config
	born    time.Time // tasks due before this fell due while kin was off
	wake    chan struct{}
	running atomic.Bool
	fires   sync.WaitGroup

	mu    sync.Mutex
	tasks map[string]*entry
	queue queue
}

// New returns a scheduler holding the tasks in cfg.Store. A stored task it
// cannot read is logged and left in the store, untouched.
func New(cfg Config) (*Scheduler, error) {
	if cfg.Store == nil {
		cfg.Store = &Mem{}
	}
	if cfg.Location == nil {
		cfg.Location = time.Local
	}
	if cfg.MaxTasks == 0 {
		cfg.MaxTasks = 1000
	}
	if cfg.Late == 0 {
		cfg.Late = 2 * time.Minute
	}
	if cfg.Log == nil {
		cfg.Log = slog.Default()
	}
	s := &Scheduler{cfg: cfg, born: time.Now(), wake: make(chan struct{}, 1), tasks: map[string]*entry{}}
	docs, err := cfg.Store.All()
	if err != nil {
		return nil, fmt.Errorf("schedule: read the scheduled tasks: %w", err)
	}
	for _, doc := range docs {
		if err := s.load(doc); err != nil {
			cfg.Log.Warn("schedule: skipping a stored task kin cannot read", "task", string(doc), "err", err)
		}
	}
	return s, nil
}

// load adds one stored task document.
func (s *Scheduler) load(doc json.RawMessage) error {
	var t Task
	if err := json.Unmarshal(doc, &t); err != nil {
		return err
	}
	rule, err := ParseRepeat(t.Repeat)
	if err != nil {
		return err
	}
	if t.ID == "" || t.Due.IsZero() || rule.needsStart() {
		return fmt.Errorf("the task has no id, no due time or a repeat without a time of day")
	}
	t.Due, t.Created = t.Due.In(s.cfg.Location), t.Created.In(s.cfg.Location)
	s.insert(&entry{task: t, rule: rule})
	return nil
}

func (s *Scheduler) insert(e *entry) {
	s.tasks[e.task.ID] = e
	heap.Push(&s.queue, e)
}

// Preview is the task sp would schedule now, without scheduling it (its
// ID is empty): for showing a call before it runs.
func (s *Scheduler) Preview(sp Spec) (Task, error) {
	t, _, err := sp.task(time.Now(), s.cfg.Location)
	return t, err
}

// Add schedules the task sp asks for and returns it, once it is in the
// store, with any secret in its message or prompt redacted. Errors name the argument at fault, e.g. `in: "10 parsecs" is not
// a duration; write e.g. 10m, 2h, 1h30m`.
func (s *Scheduler) Add(sp Spec) (Task, error) {
	sp.Message, sp.Prompt = redact.Text(sp.Message), redact.Text(sp.Prompt) // secrets never reach the store
	t, rule, err := sp.task(time.Now(), s.cfg.Location)
	if err != nil {
		return Task{}, err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if len(s.tasks) >= s.cfg.MaxTasks {
		return Task{}, fmt.Errorf("there are already %d scheduled tasks, the most kin keeps; cancel some first", len(s.tasks))
	}
	for t.ID = newID(); s.tasks[t.ID] != nil; t.ID = newID() {
	}
	if err := s.save(t); err != nil {
		return Task{}, err
	}
	s.insert(&entry{task: t, rule: rule})
	s.poke()
	return t, nil
}

// Cancel removes the task with id and returns it; ErrNotFound when there
// is none.
func (s *Scheduler) Cancel(id string) (Task, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	e := s.tasks[id]
	if e == nil {
		return Task{}, fmt.Errorf("%w: no task has id %q", ErrNotFound, id)
	}
	if err := s.cfg.Store.Delete(id); err != nil {
		return Task{}, fmt.Errorf("cancel task %s: %w", id, err)
	}
	delete(s.tasks, id)
	heap.Remove(&s.queue, e.index)
	s.poke()
	return e.task, nil
}

// Get returns the task with id.
func (s *Scheduler) Get(id string) (Task, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if e := s.tasks[id]; e != nil {
		return e.task, true
	}
	return Task{}, false
}

// Next returns the task due soonest.
func (s *Scheduler) Next() (Task, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if len(s.queue) == 0 {
		return Task{}, false
	}
	return s.queue[0].task, true
}

// List returns every task, soonest first (ties by id).
func (s *Scheduler) List() []Task {
	s.mu.Lock()
	tasks := make([]Task, len(s.queue))
	for i, e := range s.queue {
		tasks[i] = e.task
	}
	s.mu.Unlock()
	// Sort small keys rather than the large Task values.
	type key struct {
		due int64
		id  string
		i   int
	}
	keys := make([]key, len(tasks))
	for i, t := range tasks {
		keys[i] = key{due: t.Due.UnixNano(), id: t.ID, i: i}
	}
	slices.SortFunc(keys, func(a, b key) int {
		if c := cmp.Compare(a.due, b.due); c != 0 {
			return c
		}
		return strings.Compare(a.id, b.id)
	})
	out := make([]Task, len(tasks))
	for i, k := range keys {
		out[i] = tasks[k.i]
	}
	return out
}

// save writes t to the store.
func (s *Scheduler) save(t Task) error {
	doc, err := json.Marshal(t)
	if err == nil {
		err = s.cfg.Store.Put(t.ID, doc)
	}
	if err != nil {
		return fmt.Errorf("save task %s: %w", t.ID, err)
	}
	return nil
}

// poke wakes Run to look at the queue again.
func (s *Scheduler) poke() {
	select {
	case s.wake <- struct{}{}:
	default:
	}
}
