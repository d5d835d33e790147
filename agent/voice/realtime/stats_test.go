package realtime_test

import (
	"testing"
	"time"

	"github.com/kin-companion/kin/agent/voice/realtime"
)

func TestPercentile(t *testing.T) {
	var turns []realtime.TurnStats
	for i := 1; i <= 20; i++ {
		turns = append(turns, realtime.TurnStats{Total: time.Duration(i) * time.Millisecond})
	}
	total := func(t realtime.TurnStats) time.Duration { return t.Total }
	for _, tc := range []struct {
		p    float64
		want time.Duration
	}{{50, 10 * time.Millisecond}, {95, 19 * time.Millisecond}, {100, 20 * time.Millisecond}, {0, time.Millisecond}} {
		if got := realtime.Percentile(turns, tc.p, total); got != tc.want {
			t.Errorf("p%v = %v, want %v", tc.p, got, tc.want)
		}
	}
	if got := realtime.Percentile(nil, 95, total); got != 0 {
		t.Errorf("no turns: %v", got)
	}
}

func TestTurnStatsString(t *testing.T) {
	ts := realtime.TurnStats{Total: 100 * time.Millisecond, Provider: 90 * time.Millisecond}
	ts.Stages[realtime.AEC], ts.Stages[realtime.Play] = 8*time.Millisecond, 2*time.Millisecond
	want := "total 100.0 ms = provider 90.0 ms + kin 10.0 ms (capture 0.0 ms, aec 8.0 ms, resample 0.0 ms, send 0.0 ms, receive 0.0 ms, decode 0.0 ms, play 2.0 ms)"
	if got := ts.String(); got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
}
