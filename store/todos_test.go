package store

import (
	"errors"
	"strings"
	"sync"
	"testing"
	"time"
)

func TestTodos(t *testing.T) {
	dir := t.TempDir()
	clk := newClock()
	db := openTest(t, Options{Dir: dir, Now: clk.Now})
	td := db.Todos()
	for _, text := range []string{"buy tea", "  call Ann  ", "water the plants"} {
		if _, err := td.Add(text); err != nil {
			t.Fatal(err)
		}
	}
	clk.Add(time.Hour)
	got, already, err := td.Complete(2)
	if err != nil || already || !got.Done || got.Text != "call Ann" || !got.DoneAt.Equal(clk.Now()) {
		t.Fatalf("Complete(2) = %+v, %v, %v", got, already, err)
	}
	if got, already, err := td.Complete(2); err != nil || !already || !got.DoneAt.Equal(clk.Now()) {
		t.Errorf("second Complete(2) = %+v, %v, %v", got, already, err)
	}
	if _, _, err := td.Complete(9); !errors.Is(err, ErrNotFound) {
		t.Errorf("Complete(9): %v", err)
	}
	db.Close()

	db = openTest(t, Options{Dir: dir})
	all, err := db.Todos().List()
	if err != nil || len(all) != 3 {
		t.Fatalf("after reopening: %+v %v", all, err)
	}
	for i, want := range []Todo{{ID: 1, Text: "buy tea"}, {ID: 2, Text: "call Ann", Done: true}, {ID: 3, Text: "water the plants"}} {
		if g := all[i]; g.ID != want.ID || g.Text != want.Text || g.Done != want.Done || g.Added.IsZero() {
			t.Errorf("task %d = %+v, want %+v", i, g, want)
		}
	}
}

func TestTodoInvalid(t *testing.T) {
	td := openTest(t, Options{}).Todos()
	for _, text := range []string{"", "   ", strings.Repeat("x", MaxTodoText+1), "\xff"} {
		if _, err := td.Add(text); !errors.Is(err, ErrInvalid) {
			t.Errorf("Add(%.20q): %v", text, err)
		}
	}
	if all, err := td.List(); len(all) != 0 || err != nil {
		t.Errorf("invalid tasks stored: %v %v", all, err)
	}
}

func TestTodoLimits(t *testing.T) {
	td := openTest(t, Options{}).Todos()
	for i := range MaxOpenTodos {
		if _, err := td.Add("task"); err != nil {
			t.Fatalf("task %d: %v", i+1, err)
		}
	}
	if _, err := td.Add("one too many"); !errors.Is(err, ErrFull) || !strings.Contains(err.Error(), "complete some first") {
		t.Fatalf("over the open limit: %v", err)
	}
	for id := 1; id <= KeptDoneTodos+10; id++ {
		if _, _, err := td.Complete(id); err != nil {
			t.Fatal(err)
		}
	}
	added, err := td.Add("after the limit")
	if err != nil || added.ID != MaxOpenTodos+1 {
		t.Fatalf("Add after completing: %+v %v", added, err)
	}
	all, _ := td.List()
	if done := len(all) - countOpen(all); done != KeptDoneTodos || all[0].ID != 11 {
		t.Errorf("%d done kept, first id %d; want %d and 11", done, all[0].ID, KeptDoneTodos)
	}
}

func TestTodoConcurrentAdds(t *testing.T) {
	td := openTest(t, Options{}).Todos()
	var wg sync.WaitGroup
	errs := make(chan error, 20)
	for range 20 {
		wg.Go(func() {
			if _, err := td.Add("same time"); err != nil {
				errs <- err
			}
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	all, _ := td.List()
	seen := map[int]bool{}
	for _, x := range all {
		seen[x.ID] = true
	}
	if len(all) != 20 || len(seen) != 20 {
		t.Errorf("%d tasks with %d distinct ids, want 20", len(all), len(seen))
	}
}
