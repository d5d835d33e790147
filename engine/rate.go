package engine

import "github.com/hajimehoshi/ebiten/v2"

// The tick rate. The game ticks TickRate times a second, or as often as
// the frame-rate cap when that is higher (--fps 120 or 144 for a display
// that shows that many): a frame is drawn only after a tick that moved
// something, so a cap above the tick rate would otherwise be a cap of
// TickRate. Durations the game counts in ticks are written in ticks at
// TickRate (calmTicks, windowPollTicks, …) and scaled to the rate in use
// by scaled.

// maxTickRate is the highest tick rate: the settings' highest frame rate.
const maxTickRate = 240

// tickClock is the game's clock: the tick rate in use, and the tick and
// time at which it was set, from which now counts.
type tickClock struct {
	rate   float64 // ticks a second; 0 before the first Update: TickRate
	atTick int64
	atTime float64
}

// rate is the tick rate in use.
func (g *Game) rate() float64 {
	if g.clock.rate == 0 {
		return TickRate
	}
	return g.clock.rate
}

// wantedRate is the tick rate for the frame-rate cap asked for.
func (g *Game) wantedRate() float64 {
	return min(max(TickRate, float64(g.opts.FPS)), maxTickRate)
}

// syncRate makes the tick rate follow the frame-rate cap (which the
// settings panel can change while kin runs), keeping the clock where it
// was.
func (g *Game) syncRate() {
	want := g.wantedRate()
	if want == g.rate() {
		return
	}
	g.clock = tickClock{rate: want, atTick: g.tick, atTime: g.now()}
	ebiten.SetTPS(int(want))
	if g.pace != nil {
		g.pace.setRate(want)
	}
}

// scaled is n ticks at TickRate in ticks at the rate in use: the same
// time.
func (g *Game) scaled(n int64) int64 {
	return max(1, n*int64(g.rate()+0.5)/TickRate)
}

// step is the time one tick advances the scene by, in seconds.
func (g *Game) step() float64 { return 1 / g.rate() }
