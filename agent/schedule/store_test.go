package schedule_test

import (
	"context"
	"encoding/json"
	"slices"
	"strings"
	"sync"
	"testing"
	"testing/synctest"
	"time"

	"github.com/kin-companion/kin/agent/schedule"
	"github.com/kin-companion/kin/store"
)

// openStore opens the real store in dir; it is closed at cleanup (closing
// twice is harmless).
func openStore(t *testing.T, dir string) *store.DB {
	t.Helper()
	db, err := store.Open(store.Options{Dir: dir, GCInterval: -1})
	if err != nil {
		t.Fatalf("store.Open: %v", err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}

// TestStoreConformance runs the same checks on the in-memory fake and on
// Badger, so the fake the other tests use behaves like the real thing.
func TestStoreConformance(t *testing.T) {
	stores := map[string]func(t *testing.T) schedule.Store{
		"mem":    func(*testing.T) schedule.Store { return &schedule.Mem{} },
		"badger": func(t *testing.T) schedule.Store { return openStore(t, t.TempDir()).Schedules() },
	}
	for name, open := range stores {
		t.Run(name, func(t *testing.T) {
			s := open(t)
			for _, id := range []string{"b", "a", "c"} {
				if err := s.Put(id, json.RawMessage(`{"id":"`+id+`"}`)); err != nil {
					t.Fatalf("Put: %v", err)
				}
			}
			if err := s.Put("a", json.RawMessage(`{"id":"a","n":2}`)); err != nil {
				t.Fatalf("Put again: %v", err)
			}
			if err := s.Delete("b"); err != nil {
				t.Fatalf("Delete: %v", err)
			}
			if err := s.Delete("never"); err != nil {
				t.Errorf("Delete of a missing id = %v, want nil", err)
			}
			docs, err := s.All()
			if err != nil {
				t.Fatalf("All: %v", err)
			}
			got := map[string]string{}
			for _, d := range docs {
				var v struct{ ID string }
				json.Unmarshal(d, &v)
				got[v.ID] = string(d)
			}
			if len(got) != 2 || got["a"] != `{"id":"a","n":2}` || got["c"] != `{"id":"c"}` {
				t.Errorf("All = %v", got)
			}
		})
	}
}

func TestTasksSurviveRestart(t *testing.T) {
	dir := t.TempDir()
	db := openStore(t, dir)
	s, err := schedule.New(schedule.Config{Store: db.Schedules()})
	if err != nil {
		t.Fatal(err)
	}
	for _, sp := range []schedule.Spec{
		{Message: "once", In: "1h"},
		{Prompt: "weather", In: "2h", Repeat: "daily"},
		{Message: "stand up", Repeat: "*/30 9-17 * * mon-fri"},
		{Message: "cancelled", In: "3h"},
	} {
		if _, err := s.Add(sp); err != nil {
			t.Fatalf("Add: %v", err)
		}
	}
	list := s.List()
	for _, task := range list {
		if task.Message == "cancelled" {
			if _, err := s.Cancel(task.ID); err != nil {
				t.Fatal(err)
			}
		}
	}
	want, _ := json.Marshal(s.List())
	if err := db.Close(); err != nil {
		t.Fatal(err)
	}

	s2, err := schedule.New(schedule.Config{Store: openStore(t, dir).Schedules()})
	if err != nil {
		t.Fatal(err)
	}
	if got, _ := json.Marshal(s2.List()); string(got) != string(want) {
		t.Errorf("after a restart:\n got %s\nwant %s", got, want)
	}
}

// outside runs a Store's calls on a goroutine outside any synctest bubble
// (make it before the bubble): Badger's goroutines and wait groups must not mix with the
// bubble's fake time.
type outside struct {
	mu   sync.Mutex
	reqs chan func()
	done chan struct{}
}

func newOutside(t *testing.T, s schedule.Store) schedule.Store {
	o := &outside{reqs: make(chan func()), done: make(chan struct{})}
	go func() {
		for f := range o.reqs {
			f()
			o.done <- struct{}{}
		}
	}()
	t.Cleanup(func() { close(o.reqs) })
	return storeFunc{o: o, s: s}
}

func (o *outside) do(f func()) {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.reqs <- f
	<-o.done
}

type storeFunc struct {
	o *outside
	s schedule.Store
}

func (f storeFunc) Put(id string, doc json.RawMessage) (err error) {
	f.o.do(func() { err = f.s.Put(id, doc) })
	return err
}

func (f storeFunc) Delete(id string) (err error) {
	f.o.do(func() { err = f.s.Delete(id) })
	return err
}

func (f storeFunc) All() (docs []json.RawMessage, err error) {
	f.o.do(func() { docs, err = f.s.All() })
	return docs, err
}

// TestMissedAfterRestartWithBadger: kin schedules, stops, is off for three
// hours and starts again.
func TestMissedAfterRestartWithBadger(t *testing.T) {
	dir := t.TempDir()
	db := openStore(t, dir)
	st := newOutside(t, db.Schedules())
	synctest.Test(t, func(t *testing.T) {
		s, err := schedule.New(schedule.Config{Store: st, Location: time.UTC})
		if err != nil {
			t.Fatal(err)
		}
		for _, sp := range []schedule.Spec{{Message: "once", In: "1h"}, {Message: "often", In: "10m", Repeat: "every 10 minutes"}} {
			if _, err := s.Add(sp); err != nil {
				t.Fatal(err)
			}
		}
	})
	if err := db.Close(); err != nil {
		t.Fatal(err)
	}
	db = openStore(t, dir)
	st = newOutside(t, db.Schedules())
	synctest.Test(t, func(t *testing.T) {
		time.Sleep(3 * time.Hour)
		var (
			mu  sync.Mutex
			got []string
		)
		s, err := schedule.New(schedule.Config{Store: st, Location: time.UTC,
			Fire: func(_ context.Context, task schedule.Task, missed bool) {
				mu.Lock()
				defer mu.Unlock()
				if missed {
					got = append(got, task.Message+" missed at "+task.Due.Format("15:04"))
				}
			}})
		if err != nil {
			t.Fatal(err)
		}
		ctx, cancel := context.WithCancel(t.Context())
		done := make(chan error)
		go func() { done <- s.Run(ctx) }()
		synctest.Wait()
		cancel()
		<-done
		slices.Sort(got)
		if strings.Join(got, "; ") != "often missed at 00:10; once missed at 01:00" {
			t.Errorf("fired %q, want each overdue task once, missed", got)
		}
		if list := s.List(); len(list) != 1 || list[0].Message != "often" || list[0].Due.Format("15:04") != "03:10" {
			t.Errorf("left %+v, want only 'often', next at 03:10", list)
		}
	})
	docs, err := db.Schedules().All()
	if err != nil || len(docs) != 1 {
		t.Errorf("store holds %d tasks (%v), want 1", len(docs), err)
	}
}

// BenchmarkAddBadger adds a task through the real store, which syncs each
// write to disk before Add returns.
func BenchmarkAddBadger(b *testing.B) {
	db, err := store.Open(store.Options{Dir: b.TempDir(), GCInterval: -1})
	if err != nil {
		b.Fatal(err)
	}
	defer db.Close()
	s, err := schedule.New(schedule.Config{Store: db.Schedules(), MaxTasks: 1 << 30})
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for range b.N {
		if _, err := s.Add(schedule.Spec{Message: "more", In: "1h"}); err != nil {
			b.Fatal(err)
		}
	}
}
