// Package espeak is kin's offline voice: it runs the espeak-ng program (a Debian
// package) and returns its speech as PCM. Tests across kin use it to make real
// speech at test time.
package espeak

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os/exec"
	"strconv"

	"github.com/kin-companion/kin/agent/voice/audio"
)

// ErrMissing is returned when espeak-ng is not installed.
var ErrMissing = errors.New("espeak: espeak-ng is not installed (Debian/Ubuntu: sudo apt-get install espeak-ng; Fedora: sudo dnf install espeak-ng; macOS: brew install espeak-ng)")

// Options choose the voice. Zero values are espeak-ng's defaults.
type Options struct {
	Voice string // e.g. "en-us", "en+f3", "en-gb+m2"
	WPM   int    // words per minute (default 175)
	Pitch int    // 0..99 (default 50)
	Rate  int    // output sample rate; 0 keeps espeak-ng's 22050 Hz
}

// Program is the espeak-ng executable looked up on PATH.
var Program = "espeak-ng"

// Available reports whether espeak-ng can be run.
func Available() bool {
	_, err := exec.LookPath(Program)
	return err == nil
}

// Synthesize speaks text and returns the audio, resampled to opt.Rate if set.
func Synthesize(ctx context.Context, text string, opt Options) (audio.Clip, error) {
	path, err := exec.LookPath(Program)
	if err != nil {
		return audio.Clip{}, ErrMissing
	}
	args := []string{"--stdout"}
	if opt.Voice != "" {
		args = append(args, "-v", opt.Voice)
	}
	if opt.WPM > 0 {
		args = append(args, "-s", strconv.Itoa(opt.WPM))
	}
	if opt.Pitch > 0 {
		args = append(args, "-p", strconv.Itoa(opt.Pitch))
	}
	args = append(args, "--", text)
	cmd := exec.CommandContext(ctx, path, args...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		return audio.Clip{}, fmt.Errorf("espeak: %w: %s", err, bytes.TrimSpace(stderr.Bytes()))
	}
	clip, err := audio.ReadWAV(&stdout)
	if err != nil {
		return audio.Clip{}, fmt.Errorf("espeak: %w", err)
	}
	if opt.Rate > 0 && opt.Rate != clip.Rate {
		return audio.Resample(clip, opt.Rate)
	}
	return clip, nil
}
