package wakeword

import (
	"errors"
	"fmt"
	"time"

	"github.com/kin-companion/kin/agent/voice/vad"
)

// TakeTimeout is how long Record waits for each take.
const TakeTimeout = 10 * time.Second

// ErrHeardNothing is Record's error when a take does not come in time.
var ErrHeardNothing = fmt.Errorf("heard nothing for %v", TakeTimeout)

// Record cuts n takes (3–8) of the wake phrase from a 16 kHz microphone
// stream with the voice-activity detector, calling prompt before each
// (take counts from 1). `kin wakeword record` and the window's settings
// panel both record with it.
func Record(frames <-chan []int16, n int, prompt func(take int)) ([][]int16, error) {
	if n < 3 || n > 8 {
		return nil, ErrTakes
	}
	var takes [][]int16
	for i := range n {
		prompt(i + 1)
		seg := vad.NewSegmenter(vad.Config{Hang: 400 * time.Millisecond})
		deadline := time.After(TakeTimeout)
	take:
		for {
			select {
			case f, ok := <-frames:
				if !ok {
					return nil, errors.New("the microphone stopped")
				}
				if done, _ := seg.Write(f); len(done) > 0 {
					takes = append(takes, done[0].Samples)
					break take
				}
			case <-deadline:
				return nil, ErrHeardNothing
			}
		}
	}
	return takes, nil
}

// Listen runs t's detector over the stream for up to d and returns the
// first detection; false when the phrase was not heard in that time.
func Listen(frames <-chan []int16, t *Template, d time.Duration) (Detection, bool) {
	det := NewDetector(t, Options{})
	stop := time.After(d)
	for {
		select {
		case f, ok := <-frames:
			if !ok {
				return Detection{}, false
			}
			if x, ok := det.Write(f); ok {
				return x, true
			}
		case <-stop:
			return Detection{}, false
		}
	}
}
