package engine

import (
	"image"
	"math"
	"time"
)

// Motion-aware frame rate. A frame in which no vertex moved more than
// stillPixels since the last one drawn is not drawn at all: well under what
// an eye can see. Slow motion, less than slowPixels since the last frame
// drawn, is drawn only once slowInterval has passed: breathing and a
// gentle sway creep by a fraction of a pixel a frame, which five frames a
// second show as smoothly as thirty, and a character breathing in the
// overlay would otherwise draw most of its 30 frames a second. Anything
// faster (a blink, a gesture, speech, the camera turning) is drawn at the
// full rate.
const (
	stillPixels  = 0.3
	slowPixels   = 1.0
	slowInterval = 200 * time.Millisecond
	// calmInterval replaces slowInterval while the user leaves kin alone
	// (see Game.calm): the idle sway is drawn a few times a second.
	calmInterval = 400 * time.Millisecond
)

// interval is how often slow motion is drawn: slowInterval, or
// calmInterval while Calm is set.
func (r *Renderer) interval() time.Duration {
	if r.Calm {
		return calmInterval
	}
	return slowInterval
}

// due reports whether frame f must be drawn at time now, given how far
// it moved since the last frame drawn (see motion).
func (r *Renderer) due(f *Frame, sc float64, now time.Time) bool {
	m := r.motion(f, sc)
	r.slow = m <= slowPixels
	if r.slow {
		r.slowAt = now
	}
	return m > slowPixels || m > stillPixels && now.Sub(r.drawnAt) >= r.interval()
}

// Resting reports whether the character moved slowly or not at all (less
// than slowPixels since the last frame drawn) when it was last looked at,
// less than slowInterval ago: until then no frame is rendered unless the
// camera, the target's size, the model or the render scale changes (a
// target painted over is repainted from the colour buffer, see
// Invalidate), so the game need not pose the character either; and not
// while a frame rastered ahead waits to be shown. A blink or
// a gesture that starts meanwhile is drawn up to slowInterval late, then
// at the full rate.
func (r *Renderer) Resting() bool {
	return r.slow && !r.stale && !r.ahead.busy && r.clock().Sub(r.slowAt) < r.interval()
}

// resting is Resting for a frame seen through cam: the camera must be the
// one the character was last looked at with.
func (r *Renderer) resting(cam *Camera) bool {
	return r.Resting() && *cam == r.slowCam
}

// motion is how far, in output pixels, the vertex of frame f that moved
// most has moved since the last frame drawn; infinite when the draws
// differ. Triangles turning edge-on may change sides; they cover next to
// nothing. Once more than slowPixels is found the rest is not looked at:
// due draws the frame however far beyond that it moved.
func (r *Renderer) motion(f *Frame, sc float64) float64 {
	if len(r.drawnXY) != 2*len(f.Verts) || r.drawnDraws != len(f.Draws) {
		return math.Inf(1)
	}
	var m float32
	xy := r.drawnXY[:2*len(f.Verts)]
	for lo := 0; lo < len(f.Verts) && float64(m)/sc <= slowPixels; lo += motionRun {
		for i := lo; i < min(lo+motionRun, len(f.Verts)); i++ {
			v := &f.Verts[i]
			dx, dy := abs32(v.DstX-xy[2*i]), abs32(v.DstY-xy[2*i+1])
			// Comparisons, not max: that orders NaNs on every call.
			if dx > m {
				m = dx
			}
			if dy > m {
				m = dy
			}
			if dx != dx || dy != dy {
				return math.NaN()
			}
		}
	}
	return float64(m) / sc
}

// motionRun is how many vertices motion compares between two looks at
// whether it has seen enough.
const motionRun = 512

// clock is the renderer's time.
func (r *Renderer) clock() time.Time {
	if r.now != nil {
		return r.now()
	}
	return time.Now()
}

// remember records frame f as the last one drawn, at now.
func (r *Renderer) remember(f *Frame, now time.Time) {
	r.drawnAt = now
	if cap(r.drawnXY) < 2*len(f.Verts) {
		r.drawnXY = make([]float32, 2*len(f.Verts))
	}
	xy := r.drawnXY[:2*len(f.Verts)]
	for i := range f.Verts {
		v := &f.Verts[i]
		xy[2*i], xy[2*i+1] = v.DstX, v.DstY
	}
	r.drawnXY = xy
	r.drawnDraws = len(f.Draws)
}

// Hit reports whether output pixel (x, y) shows the character in the last
// drawn frame of g.
// The overlay asks every update, twice as often as frames are built, and
// mostly with the cursor where it was: the answer is kept until the frame
// or the cursor changes.
func (r *Renderer) Hit(g *Mesh, x, y int) bool {
	k := hitKey{g, g.Frame.builds, x, y, r.scale()}
	if k == r.hitAt {
		return r.hitWas
	}
	s := float32(k.scale)
	px, py := (float32(x)+0.5)*s, (float32(y)+0.5)*s
	r.hitAt = k
	r.hitWas = image.Pt(int(px), int(py)).In(g.Frame.Bounds) && g.hit(px, py)
	return r.hitWas
}

// hitKey is what a click test's answer depends on.
type hitKey struct {
	g      *Mesh
	builds int
	x, y   int
	scale  float64
}
