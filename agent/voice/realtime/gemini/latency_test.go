package gemini_test

import (
	"testing"
	"time"

	"github.com/kin-companion/kin/agent/voice/realtime"
	"github.com/kin-companion/kin/agent/voice/realtime/gemini/geminitest"
)

// latencyTurns runs n spoken turns against the fake and returns their timing.
func latencyTurns(t testing.TB, n int) []realtime.TurnStats {
	turns := make([]geminitest.Turn, n)
	parts := make([]string, n)
	for i := range turns {
		turns[i] = geminitest.Turn{Heard: "what time is it", Say: "It is ten."}
		parts[i] = "What time is it?"
	}
	h := newHarness(t, turns...)
	h.session.Stats = &realtime.Stats{}
	if err := h.run(t, speech(t, parts...)); err != nil {
		t.Fatal(err)
	}
	return h.session.Stats.Turns()
}

// TestTurnLatency: every turn is timed, and kin's own share stays within
// 30 ms at p95.
func TestTurnLatency(t *testing.T) {
	t.Parallel()
	got := latencyTurns(t, 4)
	if len(got) != 4 {
		t.Fatalf("%d turns timed, want 4", len(got))
	}
	for i, ts := range got {
		t.Logf("turn %d: %s", i+1, ts)
		if ts.Provider <= 0 || ts.Provider > ts.Total || ts.Stages[realtime.Decode] <= 0 {
			t.Errorf("turn %d: implausible split %s", i+1, ts)
		}
	}
	// A timed assertion fails on a busy machine: the ≤ 30 ms target is
	// BenchmarkTurnLatency's kin-p95-ms.
	t.Logf("kin's share p95 = %v", realtime.Percentile(got, 95, realtime.TurnStats.Kin))
}

// BenchmarkTurnLatency reports kin's share of a spoken turn's latency against
// the loopback fake. Run with -benchtime=20x.
func BenchmarkTurnLatency(b *testing.B) {
	var all []realtime.TurnStats
	for b.Loop() {
		all = append(all, latencyTurns(b, 1)...)
	}
	ms := func(d time.Duration) float64 { return float64(d) / 1e6 }
	b.ReportMetric(ms(realtime.Percentile(all, 50, realtime.TurnStats.Kin)), "kin-p50-ms")
	b.ReportMetric(ms(realtime.Percentile(all, 95, realtime.TurnStats.Kin)), "kin-p95-ms")
	b.ReportMetric(ms(realtime.Percentile(all, 95, func(t realtime.TurnStats) time.Duration { return t.Total })), "total-p95-ms")
	b.ReportMetric(ms(realtime.Percentile(all, 95, func(t realtime.TurnStats) time.Duration { return t.Stages[realtime.Play] })), "play-p95-ms")
}
