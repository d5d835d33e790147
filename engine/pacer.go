package engine

import "time"

// maxCatchUp bounds the extra scene steps one Update may run (a quarter of
// a second); a longer stall (a suspended laptop, a dragged window) is
// forgiven rather than replayed.
const maxCatchUp = 15 // at TickRate: as many more at a higher rate as make the same time

// pacer keeps the character on wall-clock time. Ebitengine calls Update
// at the tick rate while frames are quick, but when the renderer
// is slow (a large window on a software renderer) it calls it as rarely as
// once a frame, and a scene stepped once per Update would move in slow
// motion, its lips behind the voice. The pacer counts the fixed steps the
// wall clock asks for and hands out the missing ones.
type pacer struct {
	start time.Time // wall time of the first step; zero before it
	steps int64     // steps handed out
	skew  int64     // steps forgiven after stalls
	rate  float64   // steps a second; 0 means TickRate
}

// setRate makes the steps rate a second from the next one on.
func (p *pacer) setRate(rate float64) { *p = pacer{rate: rate} }

// next returns how many fixed steps the scene takes in an Update at now:
// one, plus those it fell behind by (at most maxCatchUp).
func (p *pacer) next(now time.Time) int {
	if p.start.IsZero() {
		p.start = now
	}
	p.steps++
	rate := p.rate
	if rate == 0 {
		rate = TickRate
	}
	due := int64(now.Sub(p.start).Seconds()*rate+0.5) + 1 - p.skew
	behind := due - p.steps
	if limit := int64(maxCatchUp * rate / TickRate); behind > limit {
		p.skew += behind - limit
		behind = limit
	}
	if behind <= 0 {
		return 1
	}
	p.steps += behind
	return 1 + int(behind)
}
