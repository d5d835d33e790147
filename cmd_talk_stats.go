package main

import (
	"fmt"
	"io"
	"sync"
	"time"

	"github.com/kin-companion/kin/agent/voice/realtime"
)

// talkStats prints kin talk --stats: a line per turn as it finishes, then a
// summary with percentiles.
type talkStats struct {
	mu    sync.Mutex
	out   io.Writer
	stats *realtime.Stats
	n     int
}

func newTalkStats(out io.Writer) *talkStats {
	ts := &talkStats{out: out}
	ts.stats = &realtime.Stats{OnTurn: ts.turn}
	return ts
}

func (ts *talkStats) turn(t realtime.TurnStats) {
	ts.mu.Lock()
	defer ts.mu.Unlock()
	ts.n++
	fmt.Fprintf(ts.out, "stats: turn %d: %s\n", ts.n, t)
}

// summary prints the percentiles over every turn, or says none was timed.
func (ts *talkStats) summary(voice string, speed float64) {
	ts.mu.Lock()
	defer ts.mu.Unlock()
	turns := ts.stats.Turns()
	if len(turns) == 0 {
		fmt.Fprintln(ts.out, "stats: no turn was answered, so nothing was timed")
		return
	}
	type row struct {
		name string
		f    func(realtime.TurnStats) time.Duration
	}
	rows := []row{{"total", func(t realtime.TurnStats) time.Duration { return t.Total }},
		{"provider", func(t realtime.TurnStats) time.Duration { return t.Provider }}, {"kin", realtime.TurnStats.Kin}}
	if voice == "cascade" { // kin's own turn detection, and the providers one by one
		rows = append(rows, row{"wait", func(t realtime.TurnStats) time.Duration { return t.Wait }},
			row{"stt", func(t realtime.TurnStats) time.Duration { return t.Share.STT }},
			row{"llm", func(t realtime.TurnStats) time.Duration { return t.Share.FirstToken }},
			row{"tts", func(t realtime.TurnStats) time.Duration { return t.Share.FirstAudio }})
	}
	for _, row := range rows {
		fmt.Fprintf(ts.out, "stats: %-8s p50 %6.1f ms  p95 %6.1f ms  (%d turns)\n", row.name,
			msf(realtime.Percentile(turns, 50, row.f)), msf(realtime.Percentile(turns, 95, row.f)), len(turns))
	}
	if speed != 1 {
		fmt.Fprintf(ts.out, "stats: times are wall-clock at --speed %g: the provider's waits shrink with it, kin's stages do not\n", speed)
	}
}

func msf(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }
