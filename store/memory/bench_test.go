package memory

import (
	"fmt"
	"testing"
	"time"
)

func BenchmarkSetQueryTop20Of10000(b *testing.B) {
	s := NewSet()
	for i := range 10000 {
		e := entry(fmt.Sprintf("key_%05d", i), Types[i%4], float64(i%10)/10, t0.Add(-time.Duration(i)*time.Minute), "t"+fmt.Sprint(i%7))
		e.Content = fmt.Sprintf("The user mentioned topic %d while talking about coffee.", i%97)
		s.Put(e)
	}
	b.ReportAllocs()
	for b.Loop() {
		s.Query(Query{Limit: 20}, t0)
	}
}

func BenchmarkBlock150(b *testing.B) {
	s := NewSet()
	for i := range 150 {
		e := entry(fmt.Sprintf("key_%03d", i), Types[i%4], 0.5, t0.Add(-time.Duration(i)*time.Hour))
		e.Content = "The user mentioned a topic while talking about coffee, Go and the weather.\nSecond line."
		s.Put(e)
	}
	ranked := s.Query(Query{}, t0)
	b.ReportAllocs()
	for b.Loop() {
		Block(ranked, DefaultMaxTokens)
	}
}
