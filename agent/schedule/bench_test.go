package schedule

import (
	"fmt"
	"testing"
	"time"
)

// tenThousand is a scheduler holding 10,000 tasks in memory.
func tenThousand(b *testing.B) *Scheduler {
	s, err := New(Config{Location: time.UTC, MaxTasks: 1 << 30})
	if err != nil {
		b.Fatal(err)
	}
	for i := range 10000 {
		if _, err := s.Add(Spec{Message: "task", In: fmt.Sprintf("%dm", 1+i*37%100000)}); err != nil {
			b.Fatal(err)
		}
	}
	return s
}

// BenchmarkAdd adds a task to a scheduler of 10,000 to 11,000 (in-memory store:
// the scheduler's own cost, without the fsync of the real store).
func BenchmarkAdd(b *testing.B) {
	s := tenThousand(b)
	var added []string
	b.ReportAllocs()
	b.ResetTimer()
	for i := range b.N {
		t, err := s.Add(Spec{Message: "more", In: fmt.Sprintf("%dm", 1+i%5000), Repeat: "daily"})
		if err != nil {
			b.Fatal(err)
		}
		if added = append(added, t.ID); len(added) == 1000 { // stay near 10,000
			b.StopTimer()
			for _, id := range added {
				s.Cancel(id)
			}
			added = added[:0]
			b.StartTimer()
		}
	}
}

// BenchmarkNextDue looks up the next due task among 10,000.
func BenchmarkNextDue(b *testing.B) {
	s := tenThousand(b)
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		if _, ok := s.untilNext(time.Now()); !ok {
			b.Fatal("no next task")
		}
	}
}

// BenchmarkFireAndReschedule takes the due task out of 10,000 and puts it
// back at its next time, as Run does for a repeating task.
func BenchmarkFireAndReschedule(b *testing.B) {
	s, err := New(Config{Location: time.UTC, MaxTasks: 1 << 30})
	if err != nil {
		b.Fatal(err)
	}
	for i := range 10000 {
		s.Add(Spec{Message: "task", In: fmt.Sprintf("%dm", 1+i), Repeat: "every 10000 minutes"})
	}
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		next, _ := s.Next()
		if len(s.takeDue(next.Due)) == 0 {
			b.Fatal("nothing due")
		}
	}
}

// BenchmarkList lists 10,000 tasks, soonest first.
func BenchmarkList(b *testing.B) {
	s := tenThousand(b)
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		if len(s.List()) != 10000 {
			b.Fatal("lost tasks")
		}
	}
}

// BenchmarkCronNext finds the next occurrence of a weekday cron line.
func BenchmarkCronNext(b *testing.B) {
	r, err := ParseRepeat("*/15 9-17 * * mon-fri")
	if err != nil {
		b.Fatal(err)
	}
	t := time.Date(2026, 3, 6, 17, 50, 0, 0, time.UTC) // Friday evening: the next is Monday
	b.ReportAllocs()
	for range b.N {
		r.Next(t, t, time.UTC)
	}
}
