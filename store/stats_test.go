package store

import (
	"errors"
	"fmt"
	"testing"
	"time"
)

func TestStatsAddTotalsAndSessions(t *testing.T) {
	c := newClock()
	db := openTest(t, Options{Now: c.Now})
	st := db.Stats()
	if tot, err := st.Total(); err != nil || tot.Turns != 0 {
		t.Fatalf("empty total = %+v, %v", tot, err)
	}
	adds := []struct {
		session string
		d       RunStats
	}{
		{"s1", RunStats{Turns: 1, Rounds: 2, InputTokens: 100, OutputTokens: 10, ToolCalls: map[string]int{"wave": 1}}},
		{"s1", RunStats{Turns: 1, Rounds: 1, InputTokens: 50, OutputTokens: 5}},
		{"s2", RunStats{Turns: 1, Rounds: 3, InputTokens: 10, OutputTokens: 1, ToolCalls: map[string]int{"wave": 2, "fs_read": 1}}},
	}
	for _, a := range adds {
		c.Add(time.Minute)
		if err := st.Add(a.session, a.d); err != nil {
			t.Fatal(err)
		}
	}
	tot, err := st.Total()
	if err != nil || tot.Turns != 3 || tot.Rounds != 6 || tot.InputTokens != 160 || tot.OutputTokens != 16 ||
		tot.ToolCalls["wave"] != 3 || tot.ToolCalls["fs_read"] != 1 {
		t.Errorf("total = %+v, %v", tot, err)
	}
	ss, err := st.Sessions()
	if err != nil || len(ss) != 2 || ss[0].ID != "s2" || ss[1].ID != "s1" {
		t.Fatalf("sessions = %+v, %v; want s2 then s1", ss, err)
	}
	if s1 := ss[1]; s1.Turns != 2 || s1.Rounds != 3 || !s1.Started.Equal(newClock().Now().Add(time.Minute)) ||
		!s1.Updated.Equal(newClock().Now().Add(2*time.Minute)) {
		t.Errorf("s1 = %+v", s1)
	}
}

func TestStatsSessionIDs(t *testing.T) {
	db := openTest(t, Options{})
	for _, id := range []string{"", string(make([]byte, MaxSessionID+1))} {
		if err := db.Stats().Add(id, RunStats{Turns: 1}); !errors.Is(err, ErrInvalid) {
			t.Errorf("Add(%q) = %v, want ErrInvalid", id, err)
		}
	}
}

func TestStatsKeepsRecentSessions(t *testing.T) {
	c := newClock()
	db := openTest(t, Options{Now: c.Now})
	n := KeptStatSessions + 5
	for i := range n {
		c.Add(time.Second)
		if err := db.Stats().Add(fmt.Sprintf("s%03d", i), RunStats{Turns: 1}); err != nil {
			t.Fatal(err)
		}
	}
	ss, err := db.Stats().Sessions()
	if err != nil || len(ss) != KeptStatSessions || ss[0].ID != fmt.Sprintf("s%03d", n-1) || ss[len(ss)-1].ID != "s005" {
		t.Errorf("kept %d sessions (%v), first %q last %q", len(ss), err, ss[0].ID, ss[len(ss)-1].ID)
	}
	if tot, _ := db.Stats().Total(); tot.Turns != n {
		t.Errorf("total turns = %d, want %d (dropped sessions stay counted)", tot.Turns, n)
	}
}

func TestStatsSurviveReopen(t *testing.T) {
	dir := t.TempDir()
	db, err := Open(Options{Dir: dir, GCInterval: -1})
	if err != nil {
		t.Fatal(err)
	}
	if err := db.Stats().Add("s", RunStats{Turns: 2, ToolCalls: map[string]int{"x": 1}}); err != nil {
		t.Fatal(err)
	}
	if err := db.Close(); err != nil {
		t.Fatal(err)
	}
	db = openTest(t, Options{Dir: dir})
	if tot, err := db.Stats().Total(); err != nil || tot.Turns != 2 || tot.ToolCalls["x"] != 1 {
		t.Errorf("after reopen total = %+v, %v", tot, err)
	}
}

// BenchmarkStatsAdd is the cost of counting one turn (a durable write).
func BenchmarkStatsAdd(b *testing.B) {
	db := openTest(b, Options{})
	d := RunStats{Turns: 1, Rounds: 3, InputTokens: 1200, OutputTokens: 80, ToolCalls: map[string]int{"wave": 1, "web_search": 2}}
	b.ReportAllocs()
	for b.Loop() {
		if err := db.Stats().Add("bench", d); err != nil {
			b.Fatal(err)
		}
	}
}
