package audio

import "time"

// duckRamp is how long a volume change takes: short enough to be heard at
// once, long enough not to click.
const duckRamp = 5 * time.Millisecond

// Duck sets the volume queued audio plays at, from 1 (full, the default) down to
// 0, reached within 5 ms of what the device takes next. Kin ducks while the user
// makes a sound that may be a backchannel ("mhm") and restores the volume with
// Duck(1) when it was one; [Player.Clear] also restores it.
func (p *Player) Duck(gain float64) {
	p.mu.Lock()
	p.target = min(max(gain, 0), 1)
	p.mu.Unlock()
}

// Gain is the volume audio plays at now (1 when not ducked).
func (p *Player) Gain() float64 {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.gain
}

// applyGain scales pcm, the queued audio just handed over, by the current gain,
// ramping it towards the target. Called with p.mu held.
func (p *Player) applyGain(pcm []int16) {
	if p.gain == 1 && p.target == 1 {
		return
	}
	step := 1 / float64(max(Samples(duckRamp, p.rate), 1))
	for i, s := range pcm {
		switch {
		case p.gain < p.target:
			p.gain = min(p.gain+step, p.target)
		case p.gain > p.target:
			p.gain = max(p.gain-step, p.target)
		}
		pcm[i] = int16(float64(s) * p.gain)
	}
}

// SetOnStart makes the Player call f(item) when the device takes the first
// samples of a reply item — the moment its first audio is played (less the
// device's buffer). f runs on the device's goroutine, after the Player's lock
// is released, and must not block.
func (p *Player) SetOnStart(f func(item string)) {
	p.mu.Lock()
	p.onStart = f
	p.mu.Unlock()
}
