package engine

import (
	"testing"
	"time"
)

// TestPacer: the scene gets the steps the wall clock asks for, whatever the
// rate of Updates, and a stall is forgiven rather than replayed.
func TestPacer(t *testing.T) {
	tick := time.Second / TickRate
	fast := time.Second / 144 // a tick at 144 a second
	cases := []struct {
		name    string
		rate    float64         // 0: TickRate
		gaps    []time.Duration // wall time between Updates
		want    []int           // steps per Update
		wantSum int
	}{
		{"on time", 0, []time.Duration{0, tick, tick, tick}, []int{1, 1, 1, 1}, 4},
		{"two Updates a frame", 0, []time.Duration{0, tick, 0, 2 * tick, 0}, []int{1, 1, 1, 1, 1}, 5},
		{"one Update a frame at 12 fps", 0, []time.Duration{0, 5 * tick, 5 * tick}, []int{1, 5, 5}, 11},
		{"ahead of the clock", 0, []time.Duration{0, 0, 0, tick}, []int{1, 1, 1, 1}, 4},
		{"a stall", 0, []time.Duration{0, 10 * time.Second, tick}, []int{1, 1 + maxCatchUp, 1}, maxCatchUp + 3},
		{"144 a second, on time", 144, []time.Duration{0, fast, fast, fast}, []int{1, 1, 1, 1}, 4},
		{"144 a second, one Update a frame at 48 fps", 144, []time.Duration{0, 3 * fast, 3 * fast}, []int{1, 3, 3}, 7},
		{"144 a second, a stall: the same quarter second", 144, []time.Duration{0, 10 * time.Second, fast}, []int{1, 1 + 36, 1}, 36 + 3},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var p pacer
			p.setRate(c.rate)
			now, sum := time.Unix(1000, 0), 0
			for i, gap := range c.gaps {
				now = now.Add(gap)
				got := p.next(now)
				if got != c.want[i] {
					t.Errorf("Update %d: %d steps, want %d", i, got, c.want[i])
				}
				sum += got
			}
			if sum != c.wantSum {
				t.Errorf("%d steps in all, want %d", sum, c.wantSum)
			}
		})
	}
}
