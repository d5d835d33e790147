package engine

import "time"

// maxCatchUp bounds the extra scene steps one Update may run (a quarter of
// a second); a longer stall (a suspended laptop, a dragged window) is
// forgiven rather than replayed.
const maxCatchUp = 15

// pacer keeps the character on wall-clock time. Ebitengine calls Update
// TickRate times a second while frames are quick, but when the renderer
// is slow (a large window on a software renderer) it calls it as rarely as
// once a frame, and a scene stepped once per Update would move in slow
// motion, its lips behind the voice. The pacer counts the fixed steps the
// wall clock asks for and hands out the missing ones.
type pacer struct {
	start time.Time // wall time of the first step; zero before it
	steps int64     // steps handed out
	skew  int64     // steps forgiven after stalls
}

// next returns how many fixed steps the scene takes in an Update at now:
// one, plus those it fell behind by (at most maxCatchUp).
func (p *pacer) next(now time.Time) int {
	if p.start.IsZero() {
		p.start = now
	}
	p.steps++
	due := int64((now.Sub(p.start)*TickRate+time.Second/2)/time.Second) + 1 - p.skew
	behind := due - p.steps
	if behind > maxCatchUp {
		p.skew += behind - maxCatchUp
		behind = maxCatchUp
	}
	if behind <= 0 {
		return 1
	}
	p.steps += behind
	return 1 + int(behind)
}
