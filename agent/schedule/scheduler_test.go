package schedule

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"testing"
	"testing/synctest"
	"time"
)

func TestFiresWhenDue(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		store := &Mem{}
		s, rec := start(t, Config{Store: store})
		task := mustAdd(t, s, Spec{Message: "stretch", In: "10m"})
		time.Sleep(10*time.Minute - time.Second)
		synctest.Wait()
		if n := len(rec.calls()); n != 0 {
			t.Fatalf("fired %d times before it was due", n)
		}
		time.Sleep(time.Second)
		synctest.Wait()
		got := rec.calls()
		if len(got) != 1 || got[0].missed || got[0].task.Message != "stretch" || !got[0].at.Equal(task.Due) {
			t.Fatalf("fired %+v, want stretch once, on time, at %s", got, task.Due)
		}
		if docs, _ := store.All(); len(docs) != 0 || len(s.List()) != 0 {
			t.Errorf("a one-off task is still there after firing: %s", docs)
		}
	})
}

func TestRepeatingTaskKeepsFiring(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		store := &Mem{}
		s, rec := start(t, Config{Store: store})
		t0 := time.Now()
		mustAdd(t, s, Spec{Prompt: "check the mail", Repeat: "every 15 minutes"})
		time.Sleep(time.Hour)
		synctest.Wait()
		got := rec.calls()
		if len(got) != 4 {
			t.Fatalf("fired %d times in an hour, want 4", len(got))
		}
		for i, f := range got {
			if want := t0.Add(time.Duration(i+1) * 15 * time.Minute); !f.at.Equal(want) || f.missed {
				t.Errorf("firing %d at %s missed=%v, want %s on time", i, f.at, f.missed, want)
			}
		}
		next, _ := s.Next()
		var stored Task
		docs, _ := store.All()
		if len(docs) != 1 || json.Unmarshal(docs[0], &stored) != nil || !stored.Due.Equal(next.Due) {
			t.Errorf("store holds %s, want the task due %s", docs, next.Due)
		}
	})
}

func TestAddWakesAnIdleLoop(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		s, rec := start(t, Config{})
		time.Sleep(3 * time.Hour) // nothing scheduled: the loop waits without a timer
		synctest.Wait()
		task := mustAdd(t, s, Spec{Message: "tea", In: "30s"})
		time.Sleep(30 * time.Second)
		synctest.Wait()
		if got := rec.calls(); len(got) != 1 || !got[0].at.Equal(task.Due) {
			t.Fatalf("fired %+v, want once at %s", got, task.Due)
		}
	})
}

func TestCancel(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		store := &Mem{}
		s, rec := start(t, Config{Store: store})
		keep := mustAdd(t, s, Spec{Message: "keep", In: "20m"})
		drop := mustAdd(t, s, Spec{Message: "drop", In: "10m", Repeat: "daily"})
		time.Sleep(5 * time.Minute)
		got, err := s.Cancel(drop.ID)
		if err != nil || got.ID != drop.ID || got.Repeat != drop.Repeat {
			t.Fatalf("Cancel = %+v, %v", got, err)
		}
		if _, err := s.Cancel(drop.ID); !errors.Is(err, ErrNotFound) {
			t.Errorf("second Cancel = %v, want ErrNotFound", err)
		}
		time.Sleep(time.Hour)
		synctest.Wait()
		if calls := rec.calls(); len(calls) != 1 || calls[0].task.ID != keep.ID {
			t.Errorf("fired %+v, want only %s", calls, keep.ID)
		}
		if docs, _ := store.All(); len(docs) != 0 {
			t.Errorf("store still holds %s", docs)
		}
	})
}

func TestListIsSoonestFirst(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		s, _ := start(t, Config{})
		now := time.Now()
		specs := []Spec{
			{Message: "c", In: "3h"},
			{Message: "a", In: "1h"},
			{Message: "b", At: now.Add(2 * time.Hour).Format(time.RFC3339)},
			{Message: "b2", In: "2h"},
			{Message: "d", Repeat: "0 4 * * *"},
		}
		for _, sp := range specs {
			mustAdd(t, s, sp)
		}
		list := s.List()
		var order []string
		for i, task := range list {
			order = append(order, task.Message)
			if i > 0 && (list[i-1].Due.After(task.Due) || list[i-1].Due.Equal(task.Due) && list[i-1].ID > task.ID) {
				t.Errorf("%s comes before %s", list[i-1].ID, task.ID)
			}
		}
		if got := strings.Join(order, " "); got != "a b b2 c d" && got != "a b2 b c d" {
			t.Errorf("List order %q, want a, the two b, c, d", got)
		}
		if next, _ := s.Next(); next.ID != list[0].ID {
			t.Errorf("Next = %s, want %s", next.ID, list[0].ID)
		}
	})
}

// storeWith is a Mem holding tasks.
func storeWith(t *testing.T, tasks ...Task) *Mem {
	t.Helper()
	m := &Mem{}
	for _, task := range tasks {
		doc, _ := json.Marshal(task)
		if err := m.Put(task.ID, doc); err != nil {
			t.Fatal(err)
		}
	}
	return m
}

func TestMissedWhileOffFiresOnce(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		time.Sleep(72 * time.Hour) // kin was off for three days
		now := time.Now()
		store := storeWith(t,
			Task{ID: "once", Message: "call mum", Due: now.Add(-3 * time.Hour)},
			Task{ID: "just", Message: "due while kin started", Due: now.Add(-30 * time.Second)},
			Task{ID: "minutely", Message: "blink", Due: now.Add(-72 * time.Hour), Repeat: "every minute"},
			Task{ID: "daily", Prompt: "news", Due: now.Add(-25 * time.Hour), Repeat: "daily at 23:00"},
			Task{ID: "future", Message: "later", Due: now.Add(time.Hour)},
		)
		s, rec := start(t, Config{Store: store})
		synctest.Wait()
		got := rec.calls()
		if len(got) != 4 {
			t.Fatalf("fired %d tasks at start, want the 4 overdue once each: %+v", len(got), got)
		}
		for _, f := range got {
			if !f.missed || !f.at.Equal(now) || !f.task.Due.Before(now) {
				t.Errorf("%s: missed=%v at %s due %s; want missed, at start, with its old due time", f.task.ID, f.missed, f.at, f.task.Due)
			}
		}
		if _, ok := s.Get("once"); ok {
			t.Error("the one-off task was kept after firing")
		}
		if task, _ := s.Get("minutely"); !task.Due.Equal(now.Add(time.Minute)) {
			t.Errorf("every minute continues at %s, want %s", task.Due, now.Add(time.Minute))
		}
		if task, _ := s.Get("daily"); task.Due.Hour() != 23 || !task.Due.After(now) || task.Due.Sub(now) > 24*time.Hour {
			t.Errorf("daily continues at %s, want the next 23:00", task.Due)
		}
		time.Sleep(10 * time.Minute)
		synctest.Wait()
		if n := len(rec.calls()); n != 4+10 {
			t.Errorf("after ten more minutes %d firings, want 14 (the four missed + ten on time for every minute)", n)
		}
	})
}

func TestLateFiringIsMissed(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		s, err := New(Config{Location: time.UTC})
		if err != nil {
			t.Fatal(err)
		}
		task := mustAdd(t, s, Spec{Message: "x", In: "1m", Repeat: "every minute"})
		for _, tc := range []struct {
			late   time.Duration
			missed bool
		}{{0, false}, {2 * time.Minute, false}, {3 * time.Minute, true}} {
			task, _ = s.Get(task.ID)
			got := s.takeDue(task.Due.Add(tc.late))
			if len(got) != 1 || got[0].missed != tc.missed {
				t.Errorf("%s late: %+v, want missed=%v", tc.late, got, tc.missed)
			}
		}
	})
}

func TestRunStopsAndWaitsForFire(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		entered := make(chan struct{})
		s, err := New(Config{Fire: func(ctx context.Context, _ Task, _ bool) {
			close(entered)
			<-ctx.Done()
		}})
		if err != nil {
			t.Fatal(err)
		}
		mustAdd(t, s, Spec{Message: "x", In: "1s"})
		ctx, cancel := context.WithCancel(t.Context())
		done := make(chan error)
		go func() { done <- s.Run(ctx) }()
		<-entered
		if err := s.Run(ctx); err == nil {
			t.Error("a second Run started")
		}
		cancel()
		if err := <-done; err != nil {
			t.Errorf("Run = %v", err)
		}
	})
}

func TestAddRefuses(t *testing.T) {
	now := time.Now()
	tests := []struct {
		name    string
		spec    Spec
		wantErr string
	}{
		{"nothing to do", Spec{In: "10m"}, "message: give a message for kin to say, or a prompt"},
		{"both texts", Spec{Message: "a", Prompt: "b", In: "10m"}, "not both"},
		{"too long", Spec{Message: strings.Repeat("x", maxText+1), In: "10m"}, "message: is 4001 characters long"},
		{"no time", Spec{Message: "a"}, "at: say when the task is due"},
		{"plain daily needs a time", Spec{Message: "a", Repeat: "daily"}, "at: say when"},
		{"both times", Spec{Message: "a", At: now.Add(time.Hour).Format(time.RFC3339), In: "1h"}, "not both"},
		{"bad duration", Spec{Message: "a", In: "10 parsecs"}, `in: "10 parsecs" is not a duration; write e.g. 10m, 2h, 1h30m`},
		{"negative duration", Spec{Message: "a", In: "-5m"}, `in: "-5m" is not in the future`},
		{"bad time", Spec{Message: "a", At: "tomorrow"}, `at: "tomorrow" is not a time; write it as RFC 3339`},
		{"past time", Spec{Message: "a", At: "2001-01-01T09:00:00Z"}, "is in the past"},
		{"bad repeat", Spec{Message: "a", In: "1h", Repeat: "sometimes"}, `repeat: "sometimes" is not a repeat rule`},
	}
	s, err := New(Config{Location: time.UTC})
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if _, err := s.Add(tc.spec); err == nil || !strings.Contains(err.Error(), tc.wantErr) {
				t.Errorf("Add = %v, want an error containing %q", err, tc.wantErr)
			}
		})
	}
	if n := len(s.List()); n != 0 {
		t.Errorf("refused tasks were kept: %d", n)
	}
}

func TestAddForms(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		s, err := New(Config{Location: time.UTC, MaxTasks: 5})
		if err != nil {
			t.Fatal(err)
		}
		now := time.Now()
		tests := []struct {
			spec       Spec
			due        time.Time
			wantRepeat string
		}{
			{Spec{Message: " hi ", In: "1h30m"}, now.Add(90 * time.Minute), ""},
			{Spec{Message: "hi", At: "2000-01-02T09:00:00+01:00"}, time.Date(2000, 1, 2, 8, 0, 0, 0, time.UTC), ""},
			{Spec{Message: "hi", At: "2000-01-02 09:15"}, time.Date(2000, 1, 2, 9, 15, 0, 0, time.UTC), ""},
			{Spec{Message: "hi", In: "10m", Repeat: "weekdays"}, now.Add(10 * time.Minute), "weekdays at 00:10"},
			{Spec{Prompt: "hi", Repeat: "0 9 * * *"}, time.Date(2000, 1, 1, 9, 0, 0, 0, time.UTC), "0 9 * * *"},
		}
		for _, tc := range tests {
			task := mustAdd(t, s, tc.spec)
			if !task.Due.Equal(tc.due) || task.Repeat != tc.wantRepeat || len(task.ID) != 8 || strings.TrimSpace(task.Message) != task.Message {
				t.Errorf("Add(%+v) = %+v, want due %s repeat %q", tc.spec, task, tc.due, tc.wantRepeat)
			}
		}
		if _, err := s.Add(Spec{Message: "one too many", In: "1h"}); err == nil || !strings.Contains(err.Error(), "already 5 scheduled tasks") {
			t.Errorf("Add over MaxTasks = %v", err)
		}
	})
}

func TestNewSkipsUnreadableTasks(t *testing.T) {
	store := &Mem{}
	store.Put("bad", json.RawMessage(`{"id":"bad","due":"soon"}`))
	store.Put("rule", json.RawMessage(`{"id":"rule","message":"x","due":"2030-01-01T00:00:00Z","repeat":"sometimes"}`))
	store.Put("good", json.RawMessage(`{"id":"good","message":"x","due":"2030-01-01T00:00:00Z"}`))
	var log strings.Builder
	s, err := New(Config{Store: store, Log: newTextLogger(&log)})
	if err != nil {
		t.Fatal(err)
	}
	if list := s.List(); len(list) != 1 || list[0].ID != "good" {
		t.Errorf("loaded %+v, want only good", list)
	}
	if strings.Count(log.String(), "skipping a stored task") != 2 {
		t.Errorf("log = %q, want two skipped tasks", log.String())
	}
	if docs, _ := store.All(); len(docs) != 3 {
		t.Errorf("unreadable tasks were removed from the store: %d left", len(docs))
	}
}
