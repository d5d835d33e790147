package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kin-companion/kin/agent/voice/audio"
)

// TestVoiceCommandsRefuseBadArgs: voice flags out of range, a wake word
// name that is a path, and a talk input or output that cannot work are
// refused with the reason, before any work (a --max-delay-ms of 99999999
// used to take 12 GB; ../x wrote outside the wake-word folder).
func TestVoiceCommandsRefuseBadArgs(t *testing.T) {
	dir := t.TempDir()
	wav := func(name string, samples int) string {
		var b bytes.Buffer
		if err := audio.WriteWAV(&b, audio.Clip{Rate: 16000, Samples: make([]int16, samples)}); err != nil {
			t.Fatal(err)
		}
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, b.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	one, empty := wav("one.wav", 16000), wav("empty.wav", 0)
	aec := []string{"aec", "--reference", one, "--mic", one, "--output", filepath.Join(dir, "o.wav")}
	cases := []struct {
		name string
		run  func(args []string, stdout, stderr *bytes.Buffer) int
		args []string
		code int
		says string
	}{
		{"aec delay", voice, append(aec, "--max-delay-ms", "99999999"), 2, "bad --max-delay-ms 99999999"},
		{"aec filter", voice, append(aec, "--filter-ms", "-5"), 2, "bad --filter-ms -5"},
		{"aec suppress NaN", voice, append(aec, "--suppress-db", "NaN"), 2, "bad --suppress-db NaN"},
		{"wake word path", wake, []string{"record", "../../evil", "--from", strings.Join([]string{one, one, one}, ","), "--dir", dir}, 2, "plain name"},
		{"talk speed", talk, []string{"--input", one, "--output", filepath.Join(dir, "t.wav"), "--speed", "0"}, 2, "bad --speed 0"},
		{"talk empty input", talk, []string{"--input", empty, "--output", filepath.Join(dir, "t.wav")}, 1, "holds no audio"},
		{"talk output", talk, []string{"--input", one, "--output", filepath.Join(dir, "no", "such", "t.wav")}, 1, "no such file"},
	}
	for _, c := range cases {
		var stdout, stderr bytes.Buffer
		if code := c.run(c.args, &stdout, &stderr); code != c.code || !strings.Contains(stderr.String(), c.says) {
			t.Errorf("%s: exit %d, stderr %q; want %d and %q", c.name, code, stderr.String(), c.code, c.says)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "..", "..", "evil.json")); err == nil {
		t.Error("the wake word was written outside its folder")
	}
}

func voice(args []string, stdout, stderr *bytes.Buffer) int { return cmdVoice(args, stdout, stderr) }
func wake(args []string, stdout, stderr *bytes.Buffer) int  { return cmdWakeword(args, stdout, stderr) }
func talk(args []string, stdout, stderr *bytes.Buffer) int  { return cmdTalk(args, stdout, stderr) }
