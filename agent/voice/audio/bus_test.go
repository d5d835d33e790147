package audio

import (
	"testing"

	"github.com/kin-companion/kin/agent/protocol"
)

// TestMicLevelsTo: microphone frames become user audio levels on the bus.
func TestMicLevelsTo(t *testing.T) {
	bus := protocol.New("t")
	sub := bus.Subscribe(protocol.AudioLevel)
	frame := make([]int16, 160)
	for i := range frame {
		frame[i] = 16384
	}
	MicLevelsTo(bus)(frame)
	var got []protocol.AudioLevelPayload
	sub.Drain(4, func(e protocol.Event) { got = append(got, e.Payload.(protocol.AudioLevelPayload)) })
	if len(got) != 1 || got[0].Source != "user" || got[0].RMS < 0.45 || got[0].RMS > 0.55 {
		t.Errorf("%+v", got)
	}
}
