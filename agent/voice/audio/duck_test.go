package audio

import (
	"slices"
	"testing"
)

func TestDuck(t *testing.T) {
	const rate = 24000
	ramp := Samples(duckRamp, rate)
	for _, tc := range []struct {
		name  string
		gain  float64
		clear bool // Clear between ducking and playing restores full volume
		want  int16
	}{
		{"full", 1, false, 10000},
		{"ducked", 0.3, false, 3000},
		{"silenced", -1, false, 0},
		{"clear restores", 0.3, true, 10000},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := NewPlayer(rate, nil)
			p.Enqueue("a", slices.Repeat([]int16{10000}, rate))
			p.Duck(tc.gain)
			if tc.clear {
				p.Clear()
				p.Enqueue("b", slices.Repeat([]int16{10000}, rate))
			}
			out := make([]int16, 2*ramp)
			p.Fill(out)
			if got := out[len(out)-1]; got < tc.want-1 || got > tc.want+1 {
				t.Errorf("after the ramp: %d, want %d", got, tc.want)
			}
			if tc.want < 10000 && out[0] < 9900 {
				t.Errorf("first sample %d: the volume jumped instead of ramping", out[0])
			}
		})
	}
}

func TestOnStart(t *testing.T) {
	p := NewPlayer(24000, nil)
	var started []string
	p.SetOnStart(func(item string) { started = append(started, item) })
	p.Enqueue("a", make([]int16, 300))
	p.Enqueue("a", make([]int16, 300))
	p.Enqueue("b", make([]int16, 300))
	buf := make([]int16, 480)
	p.Fill(buf)
	p.Fill(buf)
	if !slices.Equal(started, []string{"a", "b"}) {
		t.Errorf("started %q, want each item once", started)
	}
}
