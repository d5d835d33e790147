package avatar

import "math"

// Lip-sync envelope constants: levels below the gate are silence; the mouth
// opens with a 10 ms time constant and closes with 20 ms, so silence shuts
// it within 100 ms (e^−5 ≈ 1% left); a level older than 30 ms (two missed
// windows) counts as silence, so a stalled stream cannot leave the mouth
// hanging open.
const (
	lipGate    = 0.02
	lipFull    = 0.25 // RMS that opens the mouth fully
	lipAttack  = 0.01
	lipRelease = 0.02
	lipStale   = 0.03
)

// lipSync turns the RMS of audio actually played into mouth opening, and
// viseme events into mouth shapes.
type lipSync struct {
	level   float32 // latest RMS
	age     float32 // seconds since it arrived
	open    float32 // envelope 0..1
	viseme  int     // expression index of the current viseme, −1
	visemeW float32
	visAge  float32
}

func newLipSync() *lipSync { return &lipSync{viseme: -1, age: 1, visAge: 1} }

// setLevel records an audio-level event.
func (l *lipSync) setLevel(rms float32) { l.level, l.age = rms, 0 }

// setViseme records a viseme event (expression index, weight).
func (l *lipSync) setViseme(expr int, w float32) { l.viseme, l.visemeW, l.visAge = expr, w, 0 }

// update advances the envelope and returns the mouth opening 0..1.
func (l *lipSync) update(dt float32) float32 {
	l.age += dt
	l.visAge += dt
	target := float32(0)
	if l.age <= lipStale && l.level > lipGate {
		target = min(1, (l.level-lipGate)/(lipFull-lipGate))
	}
	tau := float32(lipRelease)
	if target > l.open {
		tau = lipAttack
	}
	l.open += (target - l.open) * (1 - float32(math.Exp(float64(-dt/tau))))
	if l.open < 1e-3 {
		l.open = 0
	}
	return l.open
}

// visemeWeight returns the current viseme and its weight, fading like the
// envelope once events stop.
func (l *lipSync) visemeWeight() (int, float32) {
	if l.viseme < 0 || l.visAge > lipStale+0.1 {
		return -1, 0
	}
	return l.viseme, l.visemeW * max(0, 1-max(0, l.visAge-lipStale)/0.1)
}
