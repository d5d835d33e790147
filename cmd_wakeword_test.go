package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kin-companion/kin/agent/voice/audio"
	"github.com/kin-companion/kin/agent/voice/espeak"
)

// TestWakewordRecordAndTest: record a template from three espeak-ng takes, list it,
// and find it in a file where it is said once among other speech.
func TestWakewordRecordAndTest(t *testing.T) {
	if !espeak.Available() {
		t.Skip("espeak-ng not installed")
	}
	dir := t.TempDir()
	wav := func(name, text string, opt espeak.Options) string {
		c, err := espeak.Synthesize(context.Background(), text, opt)
		if err != nil {
			t.Fatal(err)
		}
		path := filepath.Join(dir, name)
		f, _ := os.Create(path)
		defer f.Close()
		audio.WriteWAV(f, c)
		return path
	}
	var takes []string
	for i, v := range []espeak.Options{{Voice: "en-us", WPM: 160}, {Voice: "en+m3", WPM: 150}, {Voice: "en+f3", WPM: 175}} {
		takes = append(takes, wav("take"+string(rune('1'+i))+".wav", "Hey Mika", v))
	}
	test := wav("test.wav", "The weather is nice today. Hey Mika. What time is it?", espeak.Options{Voice: "en-gb", WPM: 165})
	run := func(args ...string) string {
		var stdout, stderr bytes.Buffer
		if code := cmdWakeword(append(args, "--dir", filepath.Join(dir, "tpl")), &stdout, &stderr); code != 0 {
			t.Fatalf("kin wakeword %v: %d %s", args, code, stderr.String())
		}
		return stdout.String()
	}
	if out := run("record", "mika", "--from", strings.Join(takes, ",")); !strings.Contains(out, `saved "mika" (3 takes`) {
		t.Errorf("record: %q", out)
	}
	if out := run("list"); out != "mika\n" {
		t.Errorf("list: %q", out)
	}
	if out := run("test", "mika", "--input", test); !strings.Contains(out, "1 detection(s)") {
		t.Errorf("test: %q", out)
	}
	var stderr bytes.Buffer
	if code := cmdWakeword([]string{"record"}, &bytes.Buffer{}, &stderr); code != 2 {
		t.Errorf("record without a name: %d", code)
	}
}
