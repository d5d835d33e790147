package espeak

import (
	"context"
	"testing"
	"time"

	"github.com/kin-companion/kin/agent/voice/audio"
)

func TestSynthesize(t *testing.T) {
	if !Available() {
		t.Skip("espeak-ng not installed (make deps-test installs it)")
	}
	c, err := Synthesize(context.Background(), "Hello there.", Options{Voice: "en-us", WPM: 160, Rate: audio.CaptureRate})
	if err != nil {
		t.Fatal(err)
	}
	if c.Rate != 16000 || c.Duration() < 500*time.Millisecond || c.Duration() > 3*time.Second || audio.RMS(c.Samples) < 0.02 {
		t.Errorf("got %v of audio at %d Hz, RMS %.3f", c.Duration(), c.Rate, audio.RMS(c.Samples))
	}
}

func TestMissing(t *testing.T) {
	old := Program
	Program = "espeak-ng-not-here"
	defer func() { Program = old }()
	if _, err := Synthesize(context.Background(), "x", Options{}); err != ErrMissing || Available() {
		t.Errorf("err = %v", err)
	}
}
