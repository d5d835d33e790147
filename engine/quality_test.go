package engine

import (
	"math"
	"testing"
	"time"
)

// TestNextScale: slow frames lower the scale a step at a time down to
// autoMinScale, a step up is taken only when it should still keep up, and a
// machine that keeps up stays at full resolution.
func TestNextScale(t *testing.T) {
	cases := []struct {
		name         string
		s, fps, want float64
		out          float64
	}{
		{"keeps up at 60", 1, 60, 60, 1},
		{"22 fps is smooth enough", 1, 22, 60, 1},
		{"12 fps steps down", 1, 12, 60, 0.9},
		{"never below autoMinScale", autoMinScale, 5, 60, autoMinScale},
		{"a pinned-low scale is not lowered further", 0.5, 5, 60, 0.5},
		{"steps up with room", 0.7, 40, 60, 0.8},
		{"no step up that would fall short", 0.7, 23, 60, 0.7},
		{"a low cap lowers the aim", 1, 13, 15, 1},
		{"overlay at its cap stays", 1, 30, 30, 1},
	}
	for _, c := range cases {
		if got := nextScale(c.s, c.fps, c.want); math.Abs(got-c.out) > 1e-9 {
			t.Errorf("%s: nextScale(%v, %v fps, want %v) = %v, want %v", c.name, c.s, c.fps, c.want, got, c.out)
		}
	}
}

// TestQualityUpdate: the scale moves only once a check period has passed,
// from the frames rendered in it, and never when pinned.
func TestQualityUpdate(t *testing.T) {
	t0 := time.Unix(1000, 0)
	q := newQuality(0)
	q.update(t0, 60)
	for i := 0; i < 24; i++ { // 12 fps over two seconds
		q.rendered()
	}
	if s := q.update(t0.Add(time.Second), 60); s != 1 {
		t.Fatalf("scale %v before the check period ended", s)
	}
	if s := q.update(t0.Add(qualityEvery), 60); math.Abs(s-0.9) > 1e-9 {
		t.Fatalf("scale %v after two seconds at 12 fps, want 0.9", s)
	}
	p := newQuality(0.6)
	p.update(t0, 60)
	if s := p.update(t0.Add(time.Minute), 60); s != 0.6 {
		t.Fatalf("pinned scale moved to %v", s)
	}
}

// TestQualityBehind: a check that finds fewer frames drawn than 90% of the
// rate wanted marks the frames behind, pinned scale or not; they stay
// behind until the rate wanted changes (rastering ahead, which they turn
// on, would otherwise be turned off by the frames it gains), and the first
// check after a change, whose frames were drawn for the rate before, does
// not judge.
func TestQualityBehind(t *testing.T) {
	t0 := time.Unix(1000, 0)
	for _, pinned := range []float64{0, 1} {
		q := newQuality(pinned)
		check := func(step int, fps, want float64) {
			q.renders = int(fps * qualityEvery.Seconds())
			q.update(t0.Add(time.Duration(step)*qualityEvery), want)
		}
		q.update(t0, 60)
		steps := []struct {
			fps, want float64
			behind    bool
		}{
			{50, 60, false}, // the first check at a rate wanted does not judge
			{58, 60, false}, // within 90%
			{50, 60, true},
			{60, 60, true},  // kept up, ahead: still behind
			{15, 30, false}, // another rate wanted (the overlay): not judged
			{29, 30, false},
			{20, 30, true},
		}
		for i, s := range steps {
			check(i+1, s.fps, s.want)
			if q.behind != s.behind {
				t.Errorf("pinned %v, check %d (%v fps of %v): behind %v, want %v", pinned, i+1, s.fps, s.want, q.behind, s.behind)
			}
		}
	}
}
