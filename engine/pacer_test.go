package engine

import (
	"testing"
	"time"
)

// TestPacer: the scene gets the steps the wall clock asks for, whatever the
// rate of Updates, and a stall is forgiven rather than replayed.
func TestPacer(t *testing.T) {
	tick := time.Second / TickRate
	cases := []struct {
		name    string
		gaps    []time.Duration // wall time between Updates
		want    []int           // steps per Update
		wantSum int
	}{
		{"on time", []time.Duration{0, tick, tick, tick}, []int{1, 1, 1, 1}, 4},
		{"two Updates a frame", []time.Duration{0, tick, 0, 2 * tick, 0}, []int{1, 1, 1, 1, 1}, 5},
		{"one Update a frame at 12 fps", []time.Duration{0, 5 * tick, 5 * tick}, []int{1, 5, 5}, 11},
		{"ahead of the clock", []time.Duration{0, 0, 0, tick}, []int{1, 1, 1, 1}, 4},
		{"a stall", []time.Duration{0, 10 * time.Second, tick}, []int{1, 1 + maxCatchUp, 1}, maxCatchUp + 3},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var p pacer
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
