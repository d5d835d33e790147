package vad

import (
	"testing"

	"github.com/kin-companion/kin/agent/voice/audio"
)

// TestStarts: the barge-in detector fires once, when a loud stretch
// begins after quiet, and not for silence.
func TestStarts(t *testing.T) {
	d := Starts(New(Config{}))
	quiet := make([]int16, audio.CaptureRate/50)
	loud := make([]int16, audio.CaptureRate/50)
	for i := range loud {
		loud[i] = int16(8000 * ((i/20)%2*2 - 1))
	}
	for i := 0; i < 50; i++ {
		if d.Write(quiet) {
			t.Fatal("silence started speech")
		}
	}
	fired := 0
	for i := 0; i < 20; i++ {
		if d.Write(loud) {
			fired++
		}
	}
	if fired != 1 {
		t.Errorf("fired %d times over a second of loud sound, want once", fired)
	}
}
