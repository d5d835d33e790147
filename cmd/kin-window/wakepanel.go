package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"time"

	"github.com/kin-companion/kin/agent/voice/device"
	"github.com/kin-companion/kin/agent/voice/wakeword"
	"github.com/kin-companion/kin/internal/settings"
)

// The settings panel's wake word actions.
const (
	actRecord = "Record"
	actTest   = "Test"
	// wakeTakes is how many takes Record records, as kin wakeword record
	// does by default.
	wakeTakes = 3
	// wakeListen is how long Test listens for the wake word.
	wakeListen = 5 * time.Second
)

// captureFunc opens a microphone that calls onFrame with 20 ms of 16 kHz
// mono PCM at a time, until closed.
type captureFunc func(mic string, onFrame func([]int16)) (io.Closer, error)

// deviceCapture opens the microphone as the window's voice does.
func deviceCapture(mic string, onFrame func([]int16)) (io.Closer, error) {
	return device.OpenCapture(device.CaptureOptions{Device: mic}, onFrame)
}

// Act implements engine.SettingActions: Record records the wake word's
// takes from the microphone and saves its template where kin wakeword
// record does; Test listens a few seconds and says whether it heard it.
func (p settingsPanel) Act(key, action string, progress func(string)) (string, error) {
	if key != "wakeWord" {
		return "", fmt.Errorf("%s has no action %q", key, action)
	}
	f, err := settings.Open(p.path)
	if err != nil {
		return "", err
	}
	name := f.Settings.WakeWord
	if name == "" {
		//lint:ignore ST1005 the settings panel shows it as a sentence
		return "", errors.New("Type a wake word first (Enter on the row), then record it.")
	}
	path := filepath.Join(p.wakeDir(), name+".json")
	var t *wakeword.Template
	if action == actTest {
		if t, err = wakeword.Load(path); errors.Is(err, os.ErrNotExist) {
			//lint:ignore ST1005 the settings panel shows it as a sentence
			return "", fmt.Errorf("%q is not recorded yet: press R to record it.", name)
		} else if err != nil {
			return "", err
		}
	}
	frames := make(chan []int16, 64)
	capture := p.capture
	if capture == nil {
		capture = deviceCapture
	}
	c, err := capture(p.mic, func(fr []int16) {
		select {
		case frames <- append([]int16(nil), fr...):
		default:
		}
	})
	if err != nil {
		//lint:ignore ST1005 the settings panel shows it as a sentence
		return "", fmt.Errorf("No microphone to hear the wake word (%v); record takes elsewhere and run kin wakeword record %s --from a.wav,b.wav,c.wav.", err, name)
	}
	defer c.Close()
	if action == actTest {
		progress(fmt.Sprintf("Listening %v: say %q…", wakeListen, name))
		if det, ok := wakeword.Listen(frames, t, wakeListen); ok {
			return fmt.Sprintf("Heard %q (score %.2f).", name, det.Score), nil
		}
		return fmt.Sprintf("Did not hear %q in %v; record it again if it should have been.", name, wakeListen), nil
	}
	return recordWake(name, path, frames, progress)
}

// recordWake records the takes and saves the template at path.
func recordWake(name, path string, frames <-chan []int16, progress func(string)) (string, error) {
	takes, err := wakeword.Record(frames, wakeTakes, func(i int) {
		progress(fmt.Sprintf("Take %d of %d: say %q…", i, wakeTakes, name))
	})
	if err != nil {
		return "", fmt.Errorf("recording %q: %w", name, err)
	}
	t, err := wakeword.NewTemplate(name, takes)
	if err != nil {
		return "", err
	}
	if err := t.Save(path); err != nil {
		return "", err
	}
	return fmt.Sprintf("Saved %q (%d takes); press T to test it.", name, len(takes)), nil
}

// wakeDir is where wake word templates are kept.
func (p settingsPanel) wakeDir() string {
	if p.dir != "" {
		return p.dir
	}
	return wakeword.DefaultDir()
}
