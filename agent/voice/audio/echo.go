package audio

// EchoGate keeps kin from hearing itself without headphones. While kin speaks, the
// microphone picks up the speaker; the gate compares each microphone frame with the
// level of what was just played (the reference) and passes it only when it is
// clearly louder than that echo could be, for Hold frames in a row — a real barge-in.
// Gated frames become silence, so downstream VAD and servers keep their timing.
// When nothing has been played recently the gate is open. Not safe for concurrent
// use; one gate per microphone stream.
type EchoGate struct {
	// Reference returns the recent playback level, 0..1 (e.g. [Player.RecentLevel]).
	Reference func() float64
	// Coupling is the largest expected echo level relative to the reference
	// (speaker→microphone gain); default 0.5.
	Coupling float64
	// Margin is how much louder than the expected echo (as a factor) speech must be;
	// default 2 (6 dB).
	Margin float64
	// Floor is the reference level below which kin counts as silent; default 0.003.
	Floor float64
	// Hold is the number of consecutive loud frames that open the gate; default 3.
	Hold int

	loud int
	open bool
	held []int16
}

func (g *EchoGate) defaults() {
	if g.Coupling == 0 {
		g.Coupling = 0.5
	}
	if g.Margin == 0 {
		g.Margin = 2
	}
	if g.Floor == 0 {
		g.Floor = 0.003
	}
	if g.Hold == 0 {
		g.Hold = 3
	}
}

// Process takes the next microphone frame and returns what should be heard: the
// frame itself when the gate is open, silence of the same length when it is
// (probably) kin's own voice. A loud frame during playback is held back (nil is
// returned) until Hold loud frames in a row open the gate — then all of them come out
// at once, so the start of a barge-in is not lost — or a quiet frame shows it was
// echo, and they come out as silence. Output length always equals input length.
// passed reports whether the returned samples are the microphone's.
func (g *EchoGate) Process(frame []int16) (out []int16, passed bool) {
	g.defaults()
	ref := 0.0
	if g.Reference != nil {
		ref = g.Reference()
	}
	if ref < g.Floor || g.open && RMS(frame) > ref*g.Coupling {
		return g.release(frame, true), true
	}
	g.open = false
	if RMS(frame) <= ref*g.Coupling*g.Margin {
		return g.release(frame, false), false
	}
	g.held = append(g.held, frame...)
	g.loud++
	if g.loud < g.Hold {
		return nil, false
	}
	g.open = true
	return g.release(nil, true), true
}

// release returns the held frames and frame, as they are or as silence.
func (g *EchoGate) release(frame []int16, pass bool) []int16 {
	g.loud = 0
	if len(g.held) == 0 {
		if pass {
			return frame
		}
		return make([]int16, len(frame))
	}
	out := append(g.held, frame...)
	g.held = nil
	if !pass {
		clear(out)
	}
	return out
}
