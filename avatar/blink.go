package avatar

import "math/rand/v2"

// blinker produces natural blinks as TalkingHead times them: every 1–8 s,
// 85% of the time a single blink (50 ms closing, a 100–300 ms hold, 100 ms
// opening), otherwise a double blink.
type blinker struct {
	rng    *rand.Rand
	wait   float32 // seconds until the next blink starts
	t      float32 // time into the current blink, <0 when none
	hold   float32
	double bool
}

const (
	blinkClose = 0.05
	blinkOpen  = 0.1
)

func newBlinker(rng *rand.Rand) *blinker {
	b := &blinker{rng: rng, t: -1}
	b.wait = b.interval()
	return b
}

func (b *blinker) interval() float32 { return 1 + b.rng.Float32()*7 }

// update advances the blink clock and returns how closed the eyes are
// (0..1). While suppressed (surprised), no new blink starts.
func (b *blinker) update(dt float32, suppressed bool) float32 {
	if b.t < 0 {
		b.wait -= dt
		if b.wait > 0 || suppressed {
			if b.wait <= 0 {
				b.wait = 0.2 // try again shortly
			}
			return 0
		}
		b.t, b.hold, b.double = 0, 0.1+b.rng.Float32()*0.2, b.rng.Float32() >= 0.85
	}
	b.t += dt
	one := blinkClose + b.hold + blinkOpen
	t := b.t
	if b.double && t > one {
		t -= one + 0.08 // second blink after a short gap
		if t < 0 {
			return 0
		}
	}
	total := one
	if b.double {
		total = 2*one + 0.08
	}
	if b.t >= total {
		b.t, b.wait = -1, b.interval()
		return 0
	}
	switch {
	case t < blinkClose:
		return t / blinkClose
	case t < blinkClose+b.hold:
		return 1
	case t < one:
		return 1 - (t-blinkClose-b.hold)/blinkOpen
	}
	return 0
}
