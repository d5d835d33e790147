package store

import (
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/kin-companion/kin/store/memory"
)

// fill stores n varied memories in batches.
func fill(b *testing.B, db *DB, n int) {
	b.Helper()
	now := db.now()
	batch := make([]memory.Entry, 0, 500)
	for i := range n {
		batch = append(batch, memory.Entry{
			ID: memory.NewID(), Key: fmt.Sprintf("key_%05d", i), Name: fmt.Sprintf("Memory %d", i),
			Description: "a benchmark memory", Type: memory.Types[i%4],
			Content: fmt.Sprintf("The user mentioned topic %d while talking about coffee, Go and the weather.", i%97),
			Tags:    []string{"t" + fmt.Sprint(i%7)}, Salience: float64(i%10) / 10,
			CreatedAt: now.Add(-time.Duration(i) * time.Minute), UpdatedAt: now.Add(-time.Duration(i) * time.Minute),
		})
		if len(batch) == cap(batch) || i == n-1 {
			if err := db.Memories().Put(batch...); err != nil {
				b.Fatal(err)
			}
			batch = batch[:0]
		}
	}
}

func BenchmarkQueryTop20Of10000(b *testing.B) {
	db := openTest(b, Options{MaxMemories: -1})
	fill(b, db, 10000)
	for _, q := range []memory.Query{{Limit: 20}, {Limit: 20, Text: "coffee topic 4"}, {Limit: 20, Types: []memory.Type{memory.User}, Tags: []string{"t3"}}} {
		b.Run(fmt.Sprintf("text=%q,types=%d,tags=%d", q.Text, len(q.Types), len(q.Tags)), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if r := db.Memories().Query(q); len(r) == 0 {
					b.Fatal("no results")
				}
			}
		})
	}
}

func BenchmarkMemoryBlock150(b *testing.B) {
	db := openTest(b, Options{})
	fill(b, db, 150)
	b.ReportAllocs()
	for b.Loop() {
		if db.Memories().Block(8192) == "" {
			b.Fatal("empty block")
		}
	}
}

// latency runs op b.N times and reports throughput and the p50 and p99 latency.
func latency(b *testing.B, op func(i int) error) {
	lat := make([]time.Duration, 0, b.N)
	b.ReportAllocs()
	start := time.Now()
	for i := 0; b.Loop(); i++ {
		t := time.Now()
		if err := op(i); err != nil {
			b.Fatal(err)
		}
		lat = append(lat, time.Since(t))
	}
	elapsed := time.Since(start)
	slices.Sort(lat)
	b.ReportMetric(float64(len(lat))/elapsed.Seconds(), "writes/s")
	b.ReportMetric(float64(lat[len(lat)/2].Microseconds()), "p50-µs")
	b.ReportMetric(float64(lat[len(lat)*99/100].Microseconds()), "p99-µs")
}

func BenchmarkRememberDurable(b *testing.B) {
	db := openTest(b, Options{})
	latency(b, func(i int) error {
		_, err := db.Memories().Remember(rem(fmt.Sprintf("k%03d", i%200), "the user likes their coffee black"))
		return err
	})
}

func BenchmarkDiaryAppendDurable(b *testing.B) {
	db := openTest(b, Options{})
	latency(b, func(i int) error {
		_, err := db.Diary().Record("speak", map[string]any{"text": "Hello there!", "sentiment": 0.4}, time.Time{})
		return err
	})
}

func BenchmarkTranscriptAppendDurable(b *testing.B) {
	db := openTest(b, Options{})
	latency(b, func(i int) error {
		_, err := db.Transcripts().Append("bench", RoleUser, "What's the weather like tomorrow?")
		return err
	})
}

func BenchmarkOpenClose(b *testing.B) {
	dir := b.TempDir()
	db := openTest(b, Options{Dir: dir})
	fill(b, db, 150)
	db.Close()
	for b.Loop() {
		db, err := Open(Options{Dir: dir, GCInterval: -1})
		if err != nil {
			b.Fatal(err)
		}
		db.Close()
	}
}
