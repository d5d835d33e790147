package audio

import "github.com/kin-companion/kin/agent/protocol"

// LevelsTo returns a level callback for [NewPlayer] that posts each level to bus as
// a lossy [protocol.AudioLevelPayload] — the signal that drives lip-sync.
func LevelsTo(bus *protocol.Bus) func(rms float64) {
	return func(rms float64) { bus.Emit(protocol.AudioLevelPayload{RMS: rms}) }
}
