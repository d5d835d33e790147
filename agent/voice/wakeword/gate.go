package wakeword

import (
	"context"
	"os"
	"path/filepath"

	"github.com/kin-companion/kin/agent/voice/audio"
)

// DefaultDir is where templates live: $XDG_CONFIG_HOME/kin/wakeword.
func DefaultDir() string {
	dir, err := os.UserConfigDir()
	if err != nil {
		dir = "."
	}
	return filepath.Join(dir, "kin", "wakeword")
}

// speechDBFS is the level above which a frame counts as speech that keeps
// kin awake.
const speechDBFS = -40

// Gate passes microphone frames on only while kin is awake: asleep, every
// frame goes to the detector, and a detection wakes kin (onWake is called)
// and starts passing frames, beginning with the one that woke it; speech
// keeps it awake until the Awake timeout passes in quiet (onSleep is
// called). The output closes when in closes or ctx ends.
func Gate(ctx context.Context, in <-chan []int16, d *Detector, a *Awake, onWake, onSleep func()) <-chan []int16 {
	out := make(chan []int16, 16)
	go func() {
		defer close(out)
		awake := false
		for {
			var frame []int16
			var ok bool
			select {
			case <-ctx.Done():
				return
			case frame, ok = <-in:
				if !ok {
					return
				}
			}
			if !awake {
				if _, hit := d.Write(frame); !hit {
					continue
				}
				awake = true
				a.Wake()
				if onWake != nil {
					onWake()
				}
			} else if audio.DBFS(audio.RMS(frame)) > speechDBFS {
				a.Activity()
			}
			if awake && !a.Awake() {
				awake = false
				if onSleep != nil {
					onSleep()
				}
				continue
			}
			select {
			case out <- frame:
			case <-ctx.Done():
				return
			}
		}
	}()
	return out
}
