package store

import (
	"encoding/json"
	"errors"
	"path/filepath"
	"testing"
)

func TestSchedulesPutDeleteAll(t *testing.T) {
	db := openTest(t, Options{})
	s := db.Schedules()
	for _, id := range []string{"b2", "a1", "c3"} {
		if err := s.Put(id, json.RawMessage(`{"id":"`+id+`"}`)); err != nil {
			t.Fatalf("Put %s: %v", id, err)
		}
	}
	if err := s.Put("a1", json.RawMessage(`{"id":"a1","v":2}`)); err != nil {
		t.Fatalf("Put replace: %v", err)
	}
	if err := s.Delete("b2"); err != nil {
		t.Fatalf("Delete: %v", err)
	}
	if err := s.Delete("missing"); err != nil {
		t.Errorf("Delete of a missing id: %v, want nil", err)
	}
	got, err := s.All()
	if err != nil {
		t.Fatalf("All: %v", err)
	}
	want := []string{`{"id":"a1","v":2}`, `{"id":"c3"}`}
	if len(got) != len(want) {
		t.Fatalf("All = %s, want %v", got, want)
	}
	for i := range want {
		if string(got[i]) != want[i] {
			t.Errorf("All[%d] = %s, want %s", i, got[i], want[i])
		}
	}
}

func TestSchedulesRefuseBadInput(t *testing.T) {
	s := openTest(t, Options{}).Schedules()
	tests := []struct {
		name, id, doc string
	}{
		{"empty id", " ", `{}`},
		{"NUL in id", "a\x00b", `{}`},
		{"not JSON", "a", `{"id":`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if err := s.Put(tc.id, json.RawMessage(tc.doc)); !errors.Is(err, ErrInvalid) {
				t.Errorf("Put = %v, want ErrInvalid", err)
			}
		})
	}
}

func TestSchedulesSurviveReopen(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "data")
	db, err := Open(Options{Dir: dir, GCInterval: -1})
	if err != nil {
		t.Fatal(err)
	}
	if err := db.Schedules().Put("t1", json.RawMessage(`{"id":"t1"}`)); err != nil {
		t.Fatal(err)
	}
	if err := db.Close(); err != nil {
		t.Fatal(err)
	}
	db = openTest(t, Options{Dir: dir})
	got, err := db.Schedules().All()
	if err != nil || len(got) != 1 || string(got[0]) != `{"id":"t1"}` {
		t.Errorf("after reopen All = %s, %v", got, err)
	}
}
