package audio

import "github.com/kin-companion/kin/agent/protocol"

// LevelsTo returns a level callback for [NewPlayer] that posts each level to bus as
// a lossy [protocol.AudioLevelPayload] — the signal that drives lip-sync.
func LevelsTo(bus *protocol.Bus) func(rms float64) {
	return func(rms float64) { bus.Emit(protocol.AudioLevelPayload{RMS: rms}) }
}

// MicLevelsTo returns a callback for microphone frames that posts their
// loudness to bus as a lossy [protocol.AudioLevelPayload] with Source
// "user" (the edge glow follows it; lip-sync does not).
func MicLevelsTo(bus *protocol.Bus) func(frame []int16) {
	return func(frame []int16) {
		bus.Emit(protocol.AudioLevelPayload{RMS: RMS(frame), Source: "user"})
	}
}
