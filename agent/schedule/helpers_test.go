package schedule

import (
	"context"
	"io"
	"log/slog"
	"sync"
	"testing"
	"time"
)

// fired is one call of Fire.
type fired struct {
	task   Task
	missed bool
	at     time.Time
}

// recorder is a Fire that records its calls.
type recorder struct {
	mu  sync.Mutex
	got []fired
}

func (r *recorder) fire(_ context.Context, t Task, missed bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.got = append(r.got, fired{task: t, missed: missed, at: time.Now()})
}

func (r *recorder) calls() []fired {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]fired(nil), r.got...)
}

// start makes a scheduler in UTC with cfg and runs it until the test
// ends. Call it inside a synctest bubble.
func start(t *testing.T, cfg Config) (*Scheduler, *recorder) {
	t.Helper()
	rec := &recorder{}
	if cfg.Fire == nil {
		cfg.Fire = rec.fire
	}
	if cfg.Location == nil {
		cfg.Location = time.UTC
	}
	s, err := New(cfg)
	if err != nil {
		t.Fatalf("New: %v", err)
	}
	ctx, cancel := context.WithCancel(t.Context())
	done := make(chan error)
	go func() { done <- s.Run(ctx) }()
	t.Cleanup(func() {
		cancel()
		if err := <-done; err != nil {
			t.Errorf("Run: %v", err)
		}
	})
	return s, rec
}

func mustAdd(t *testing.T, s *Scheduler, sp Spec) Task {
	t.Helper()
	task, err := s.Add(sp)
	if err != nil {
		t.Fatalf("Add(%+v): %v", sp, err)
	}
	return task
}

func newTextLogger(w io.Writer) *slog.Logger { return slog.New(slog.NewTextHandler(w, nil)) }
