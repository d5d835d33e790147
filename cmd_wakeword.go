package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/kin-companion/kin/agent/voice/audio"
	"github.com/kin-companion/kin/agent/voice/device"
	"github.com/kin-companion/kin/agent/voice/wakeword"
	"github.com/kin-companion/kin/internal/settings"
)

const wakewordUsage = `usage:
  kin wakeword record NAME [--takes 3] [--from a.wav,b.wav,c.wav] [--mic NAME] [--dir DIR]
      record 3–8 takes of the wake phrase from the microphone (or WAV files) and save
      the template
  kin wakeword test NAME --input FILE.wav [--dir DIR]   print where NAME is heard in FILE
  kin wakeword list [--dir DIR]                        list the saved wake words
`

// cmdWakeword runs `kin wakeword`.
func cmdWakeword(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprint(stderr, wakewordUsage)
		return 2
	}
	fs := flag.NewFlagSet("wakeword", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() { fmt.Fprint(stderr, wakewordUsage) }
	dir := fs.String("dir", wakeword.DefaultDir(), "template directory")
	takes := fs.Int("takes", 3, "takes to record (3–8)")
	from := fs.String("from", "", "comma-separated WAV files to use instead of the microphone")
	mic := fs.String("mic", "", "microphone name (part of it)")
	input := fs.String("input", "", "WAV file to scan")
	sub, rest := args[0], args[1:]
	var name string
	if sub != "list" {
		if len(rest) == 0 || strings.HasPrefix(rest[0], "-") {
			fs.Usage()
			return 2
		}
		name, rest = rest[0], rest[1:]
	}
	if err := fs.Parse(rest); err != nil || fs.NArg() > 0 {
		return 2
	}
	if sub != "list" {
		if err := settings.CheckWakeWordName(name); err != nil {
			fmt.Fprintf(stderr, "kin wakeword: %v\n", err)
			return 2
		}
	}
	path := filepath.Join(*dir, name+".json")
	var err error
	switch sub {
	case "record":
		err = recordWakeword(name, path, *takes, *from, *mic, stdout)
	case "test":
		err = testWakeword(path, *input, stdout)
	case "list":
		err = listWakewords(*dir, stdout)
	default:
		fs.Usage()
		return 2
	}
	if err != nil {
		fmt.Fprintf(stderr, "kin wakeword: %v\n", err)
		return 1
	}
	return 0
}

func recordWakeword(name, path string, n int, from, mic string, stdout io.Writer) error {
	var takes [][]int16
	if from != "" {
		for _, f := range strings.Split(from, ",") {
			pcm, err := readMic(strings.TrimSpace(f))
			if err != nil {
				return err
			}
			takes = append(takes, pcm)
		}
	} else {
		var err error
		if takes, err = recordTakes(name, n, mic, stdout); err != nil {
			return err
		}
	}
	t, err := wakeword.NewTemplate(name, takes)
	if err != nil {
		return err
	}
	if err := t.Save(path); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "saved %q (%d takes, %d frames) to %s\n", name, len(t.Takes), len(t.Avg), path)
	return nil
}

// recordTakes records n utterances from the microphone, each cut by the VAD.
func recordTakes(name string, n int, mic string, stdout io.Writer) ([][]int16, error) {
	if n < 3 || n > 8 {
		return nil, wakeword.ErrTakes
	}
	frames := make(chan []int16, 64)
	c, err := device.OpenCapture(device.CaptureOptions{Device: mic}, func(f []int16) {
		select {
		case frames <- f:
		default:
		}
	})
	if err != nil {
		return nil, fmt.Errorf("%w\n(no microphone? record takes elsewhere and pass them with --from a.wav,b.wav,c.wav)", err)
	}
	defer c.Close()
	return wakeword.Record(frames, n, func(i int) { fmt.Fprintf(stdout, "take %d/%d: say %q…\n", i, n, name) })
}

func testWakeword(path, input string, stdout io.Writer) error {
	if input == "" {
		return errors.New("--input is required")
	}
	t, err := wakeword.Load(path)
	if err != nil {
		return err
	}
	pcm, err := readMic(input)
	if err != nil {
		return err
	}
	d := wakeword.NewDetector(t, wakeword.Options{})
	found := 0
	for _, f := range audio.Frames(pcm, 320) {
		if det, ok := d.Write(f); ok {
			found++
			fmt.Fprintf(stdout, "%s at %v (score %.2f)\n", det.Name, det.At.Round(10*time.Millisecond), det.Score)
		}
	}
	fmt.Fprintf(stdout, "%d detection(s) in %v\n", found, audio.Duration(len(pcm), audio.CaptureRate).Round(10*time.Millisecond))
	return nil
}

func listWakewords(dir string, stdout io.Writer) error {
	files, err := filepath.Glob(filepath.Join(dir, "*.json"))
	if err != nil {
		return err
	}
	sort.Strings(files)
	for _, f := range files {
		fmt.Fprintln(stdout, strings.TrimSuffix(filepath.Base(f), ".json"))
	}
	return nil
}
