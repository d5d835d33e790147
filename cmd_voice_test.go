package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/kin-companion/kin/agent/voice/audio"
	"github.com/kin-companion/kin/agent/voice/espeak"
)

// aecFiles writes a reference (espeak-ng speech at rate) and a microphone
// recording of it in a small room — 40 ms away, a few reflections — of the
// same length, and returns their paths.
func aecFiles(t *testing.T, rate int) (far, mic string) {
	t.Helper()
	if !espeak.Available() {
		t.Skip("espeak-ng not installed (make deps-test installs it)")
	}
	var ref []int16
	for _, s := range []string{"Here is the weather for today.", "It will be sunny in the morning and rainy after four.", "Take an umbrella if you go out late."} {
		c, err := espeak.Synthesize(context.Background(), s, espeak.Options{Voice: "en-us+f3", Rate: rate})
		if err != nil {
			t.Fatal(err)
		}
		ref = append(ref, c.Samples...)
	}
	ref = append(ref, ref...)
	echo := make([]int16, len(ref))
	d := rate * 40 / 1000
	for i := range echo {
		var v float64
		for k, g := range []float64{0.5, 0, 0, 0.2, 0, -0.1, 0.05} {
			if j := i - d - k*rate/1000; j >= 0 {
				v += g * float64(ref[j])
			}
		}
		echo[i] = audio.Clamp16(v)
	}
	dir := t.TempDir()
	far, mic = filepath.Join(dir, "far.wav"), filepath.Join(dir, "mic.wav")
	writeTestWAV(t, far, audio.Clip{Rate: rate, Samples: ref})
	writeTestWAV(t, mic, audio.Clip{Rate: rate, Samples: echo})
	return far, mic
}

func writeTestWAV(t *testing.T, path string, c audio.Clip) {
	t.Helper()
	if err := writeWAVFile(path, c); err != nil {
		t.Fatal(err)
	}
}

func readTestWAV(t *testing.T, path string) audio.Clip {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	c, err := audio.ReadWAV(f)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func runVoice(args ...string) (code int, stdout, stderr string) {
	var o, e bytes.Buffer
	code = cmdVoice(args, &o, &e)
	return code, o.String(), e.String()
}

// TestVoiceAEC: the echo is removed, the output has the microphone's rate and
// length, and --report prints an ERLE that agrees with the files.
func TestVoiceAEC(t *testing.T) {
	for _, rate := range []int{16000, 24000} {
		far, mic := aecFiles(t, rate)
		out := filepath.Join(t.TempDir(), "out.wav")
		code, stdout, stderr := runVoice("aec", "--reference", far, "--mic", mic, "--output", out, "--report")
		if code != 0 {
			t.Fatalf("%d Hz: exit %d: %s", rate, code, stderr)
		}
		in, got := readTestWAV(t, mic), readTestWAV(t, out)
		if got.Rate != rate || len(got.Samples) != len(in.Samples) {
			t.Fatalf("%d Hz: output %d Hz, %d samples; want %d Hz, %d", rate, got.Rate, len(got.Samples), rate, len(in.Samples))
		}
		m := regexp.MustCompile(`after the first 2 s: ?(-?[0-9.]+) dB|, (-?[0-9.]+) dB after the first 2 s`).FindStringSubmatch(stdout)
		if m == nil {
			t.Fatalf("%d Hz: no ERLE in the report:\n%s", rate, stdout)
		}
		erle, _ := strconv.ParseFloat(m[1]+m[2], 64)
		if erle < 25 {
			t.Errorf("%d Hz: ERLE %.1f dB after 2 s, want ≥ 25:\n%s", rate, erle, stdout)
		}
		tail := 2 * rate
		ratio := audio.RMS(got.Samples[tail:]) / audio.RMS(in.Samples[tail:])
		if audio.DBFS(ratio) > -20 {
			t.Errorf("%d Hz: output only %.1f dB below the microphone after 2 s", rate, -audio.DBFS(ratio))
		}
		if !strings.Contains(stdout, "(found: true)") {
			t.Errorf("%d Hz: report %q, want the delay found", rate, stdout)
		}
	}
}

// TestVoiceAECResamples: a 44.1 kHz stereo microphone and reference come out at 16 kHz.
func TestVoiceAECResamples(t *testing.T) {
	far, mic := aecFiles(t, 16000)
	dir := t.TempDir()
	for _, p := range []*string{&far, &mic} {
		c, err := audio.Resample(readTestWAV(t, *p), 44100)
		if err != nil {
			t.Fatal(err)
		}
		path := filepath.Join(dir, filepath.Base(*p))
		writeTestWAV(t, path, c)
		*p = path
	}
	out := filepath.Join(dir, "out.wav")
	if code, _, stderr := runVoice("aec", "--reference", far, "--mic", mic, "--output", out); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if got := readTestWAV(t, out); got.Rate != 16000 {
		t.Errorf("output at %d Hz, want 16000", got.Rate)
	}
}

// TestVoiceAECErrors: each mistake gets an exit status and a sentence naming the file.
func TestVoiceAECErrors(t *testing.T) {
	dir := t.TempDir()
	short, long, junk := filepath.Join(dir, "short.wav"), filepath.Join(dir, "long.wav"), filepath.Join(dir, "junk.wav")
	writeTestWAV(t, short, audio.Clip{Rate: 16000, Samples: make([]int16, 16000)})
	writeTestWAV(t, long, audio.Clip{Rate: 16000, Samples: make([]int16, 32000)})
	if err := os.WriteFile(junk, []byte("this is not audio"), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "out.wav")
	for _, tc := range []struct {
		name string
		args []string
		code int
		want []string
	}{
		{"no subcommand", nil, 2, []string{"usage"}},
		{"unknown subcommand", []string{"echo"}, 2, []string{"usage"}},
		{"missing flag", []string{"aec", "--mic", short, "--output", out}, 2, []string{"--reference"}},
		{"length mismatch", []string{"aec", "--reference", long, "--mic", short, "--output", out}, 1, []string{"long.wav lasts 2s", "short.wav lasts 1s", "same span"}},
		{"not a WAV", []string{"aec", "--reference", short, "--mic", junk, "--output", out}, 1, []string{"junk.wav is not a WAV file"}},
		{"missing file", []string{"aec", "--reference", filepath.Join(dir, "nope.wav"), "--mic", short, "--output", out}, 1, []string{"cannot open", "nope.wav"}},
		{"empty file", []string{"aec", "--reference", short, "--mic", emptyWAV(t, dir), "--output", out}, 1, []string{"empty.wav holds no audio"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			code, _, stderr := runVoice(tc.args...)
			if code != tc.code {
				t.Errorf("exit %d, want %d (%s)", code, tc.code, stderr)
			}
			for _, w := range tc.want {
				if !strings.Contains(stderr, w) {
					t.Errorf("stderr %q does not say %q", stderr, w)
				}
			}
		})
	}
}

func emptyWAV(t *testing.T, dir string) string {
	path := filepath.Join(dir, "empty.wav")
	writeTestWAV(t, path, audio.Clip{Rate: 16000})
	return path
}
