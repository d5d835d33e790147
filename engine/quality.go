package engine

import "time"

// Adaptive render scale: on a machine without a GPU (Mesa's llvmpipe
// shades every pixel on the CPU) a large window draws slowly, and a
// character at 12 frames a second looks broken where one at 20 with
// slightly softer pixels does not. Every few seconds the game compares the
// frames it rendered with the rate it wants and moves the renderer's scale
// a step down or, when the finer step should still keep up, a step up. With
// a GPU the scale stays at 1.

const (
	qualityEvery = 2 * time.Second // how often the scale is reconsidered
	// autoMinScale is as low as the game goes by itself: on llvmpipe a
	// 720x1280 window draws 12 frames a second at 1, 16 at 0.7 and only 17
	// at 0.5, the rest of a frame's cost being full-size work (composite,
	// present), so lower scales cost sharpness for little.
	autoMinScale = 0.7
	scaleStep    = 0.1
	smoothFPS    = 20 // the frame rate below which motion stops looking smooth
)

// quality tracks rendered frames and picks the render scale.
type quality struct {
	pinned  bool      // the user chose the scale (--render-scale)
	scale   float64   // current scale, (0, 1]
	renders int       // frames rendered since the last check
	last    time.Time // time of the last check; zero before the first
	// behind: a check found fewer frames than wanted were drawn, since
	// the wanted rate (wanted) was last changed; the renderer then
	// rasters ahead (see Renderer.Ahead), and keeps to it, as the frames
	// it gains would otherwise be lost again.
	behind bool
	wanted float64
}

// newQuality starts at full resolution, or pinned at scale when it is
// positive (--render-scale).
func newQuality(scale float64) quality {
	if scale > 0 {
		return quality{pinned: true, scale: scale}
	}
	return quality{scale: 1}
}

// rendered counts a frame drawn.
func (q *quality) rendered() { q.renders++ }

// update reconsiders the scale at now, given the frame rate the game wants
// (0 when it renders nothing, e.g. minimised), and returns it; it also
// notes whether the frames fall behind that rate (see behind).
func (q *quality) update(now time.Time, want float64) float64 {
	if q.last.IsZero() {
		q.last, q.renders = now, 0
		return q.scale
	}
	dt := now.Sub(q.last)
	if dt < qualityEvery {
		return q.scale
	}
	fps := float64(q.renders) / dt.Seconds()
	q.last, q.renders = now, 0
	if want != q.wanted { // the frames were drawn for another rate: not judged
		q.wanted, q.behind = want, false
	} else {
		q.behind = q.behind || want > 0 && fps < behindShare*want
	}
	if want > 0 && !q.pinned {
		q.scale = nextScale(q.scale, fps, want)
	}
	return q.scale
}

// behindShare is the share of the wanted frame rate below which frames
// fall behind (see quality.behind).
const behindShare = 0.9

// nextScale is the scale after a check that measured fps at scale s while
// the game wanted want frames a second. The aim is min(smoothFPS, 80% of
// want); fill cost goes with the square of the scale, so a step up is taken
// only when the measured rate, scaled by that, clears the aim by a margin.
func nextScale(s, fps, want float64) float64 {
	aim := min(smoothFPS, 0.8*want)
	switch {
	case fps < 0.85*aim && s > autoMinScale+1e-9:
		return max(autoMinScale, s-scaleStep)
	case s < 1:
		up := min(1, s+scaleStep)
		if fps*(s/up)*(s/up) >= 1.1*aim {
			return up
		}
	}
	return s
}
