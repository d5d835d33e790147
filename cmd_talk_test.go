package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/kin-companion/kin/agent/provider/providertest"
	"github.com/kin-companion/kin/agent/voice/audio"
	"github.com/kin-companion/kin/agent/voice/cascade/cascadetest"
	"github.com/kin-companion/kin/agent/voice/espeak"
	"github.com/kin-companion/kin/agent/voice/realtime/gemini/geminitest"
	"github.com/kin-companion/kin/agent/voice/realtime/openai/openaitest"
)

// talkInput writes a WAV of espeak-ng saying the sentences, a second apart, at
// espeak's own 22 050 Hz (kin talk resamples it).
func talkInput(t *testing.T, sentences ...string) string {
	t.Helper()
	if !espeak.Available() {
		t.Skip("espeak-ng not installed (make deps-test installs it)")
	}
	var pcm []int16
	rate := 0
	for _, s := range sentences {
		c, err := espeak.Synthesize(context.Background(), s, espeak.Options{Voice: "en-us"})
		if err != nil {
			t.Fatal(err)
		}
		rate = c.Rate
		pcm = append(pcm, make([]int16, rate/2)...)
		pcm = append(pcm, c.Samples...)
		pcm = append(pcm, make([]int16, rate)...)
	}
	path := filepath.Join(t.TempDir(), "in.wav")
	f, _ := os.Create(path)
	defer f.Close()
	if err := audio.WriteWAV(f, audio.Clip{Rate: rate, Samples: pcm}); err != nil {
		t.Fatal(err)
	}
	return path
}

// audible is how much of out has sound: 10 ms windows above −50 dBFS.
func audible(t *testing.T, path string) time.Duration {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	c, err := audio.ReadWAV(f)
	if err != nil || c.Rate != audio.PlaybackRate {
		t.Fatalf("output: rate %d, %v", c.Rate, err)
	}
	n := 0
	for _, w := range audio.Frames(c.Samples, 240) {
		if audio.DBFS(audio.RMS(w)) > -50 {
			n++
		}
	}
	return time.Duration(n) * 10 * time.Millisecond
}

func runTalk(t *testing.T, args ...string) (string, string) {
	t.Helper()
	var stdout, stderr bytes.Buffer
	if code := cmdTalk(append(args, "--speed", "8", "--idle", "300ms", "--timeout", "60s", "--data", t.TempDir()), &stdout, &stderr); code != 0 {
		t.Fatalf("kin talk exited %d: %s", code, stderr.String())
	}
	return stdout.String(), stderr.String()
}

func near(got, want time.Duration) bool {
	return got > want-60*time.Millisecond && got < want+60*time.Millisecond
}

// TestTalkOpenAI: kin talk against the fake OpenAI Realtime server found through
// OPENAI_BASE_URL (http → ws + /realtime): the reply is written to the output and
// both sides' transcripts to stdout.
func TestTalkOpenAI(t *testing.T) {
	srv := openaitest.New("sk-test", openaitest.Turn{Heard: "Hello, who are you?", Say: "I am Kin."})
	defer srv.Close()
	t.Setenv("OPENAI_BASE_URL", srv.BaseURL())
	t.Setenv("OPENAI_API_KEY", "sk-test")
	out := filepath.Join(t.TempDir(), "out.wav")
	stdout, _ := runTalk(t, "--input", talkInput(t, "Hello, who are you?"), "--output", out)
	if stdout != "you: Hello, who are you?\nkin: I am Kin.\n" {
		t.Errorf("stdout %q", stdout)
	}
	if got, want := audible(t, out), audio.Duration(len(openaitest.ToneFor("I am Kin.")), audio.PlaybackRate); !near(got, want) {
		t.Errorf("output has %v of sound, want %v", got, want)
	}
	if n := len(srv.Logs()); n != 1 {
		t.Errorf("%d connections", n)
	}
}

// TestTalkGemini: the same through GOOGLE_GEMINI_BASE_URL and the Gemini fake.
func TestTalkGemini(t *testing.T) {
	srv := geminitest.New("g-key", geminitest.Turn{Heard: "Good morning.", Say: "Good morning to you!"})
	defer srv.Close()
	t.Setenv("GOOGLE_GEMINI_BASE_URL", srv.BaseURL())
	t.Setenv("GEMINI_API_KEY", "g-key")
	out := filepath.Join(t.TempDir(), "out.wav")
	stdout, _ := runTalk(t, "--voice", "gemini-live", "--input", talkInput(t, "Good morning."), "--output", out)
	if stdout != "you: Good morning.\nkin: Good morning to you!\n" {
		t.Errorf("stdout %q", stdout)
	}
	if got, want := audible(t, out), audio.Duration(len(geminitest.ToneFor("Good morning to you!")), audio.PlaybackRate); !near(got, want) {
		t.Errorf("output has %v of sound, want %v", got, want)
	}
}

// TestTalkCascade: VAD → the fake transcription endpoint → a Chat Completions fake
// (streamed) → OpenAI TTS, sentence by sentence.
func TestTalkCascade(t *testing.T) {
	speech := cascadetest.New("sk-test", "What is the weather like?")
	defer speech.Close()
	chat := providertest.NewOpenAI(t, providertest.Script(providertest.Reply{Text: "It is sunny. Take a hat."}), providertest.OpenAI)
	t.Setenv("OPENAI_BASE_URL", speech.BaseURL())
	t.Setenv("OPENAI_API_KEY", "sk-test")
	out := filepath.Join(t.TempDir(), "out.wav")
	stdout, _ := runTalk(t, "--voice", "cascade", "--tts", "openai", "--provider", "openai", "--base-url", chat.BaseURL,
		"--input", talkInput(t, "What is the weather like?"), "--output", out)
	if stdout != "you: What is the weather like?\nkin: It is sunny. Take a hat.\n" {
		t.Errorf("stdout %q", stdout)
	}
	_, spoken := speech.Snapshot()
	if strings.Join(spoken, "|") != "It is sunny.|Take a hat." {
		t.Errorf("spoken %q", spoken)
	}
	want := audio.Duration(len(cascadetest.Tone("It is sunny."))+len(cascadetest.Tone("Take a hat.")), audio.PlaybackRate)
	if got := audible(t, out); !near(got, want) {
		t.Errorf("output has %v of sound, want %v", got, want)
	}
}

func TestTalkErrors(t *testing.T) {
	var stdout, stderr bytes.Buffer
	if code := cmdTalk(nil, &stdout, &stderr); code != 2 || !strings.Contains(stderr.String(), "usage: kin talk") {
		t.Errorf("no args: %d %q", code, stderr.String())
	}
	in := talkInput(t, "Hi.")
	out := filepath.Join(t.TempDir(), "out.wav")
	t.Setenv("OPENAI_API_KEY", "")
	stderr.Reset()
	if code := cmdTalk([]string{"--input", in, "--output", out}, &stdout, &stderr); code != 1 || !strings.Contains(stderr.String(), "OPENAI_API_KEY") {
		t.Errorf("no key: %d %q", code, stderr.String())
	}
	stderr.Reset()
	if code := cmdTalk([]string{"--input", in, "--output", out, "--voice", "telepathy"}, &stdout, &stderr); code != 1 || !strings.Contains(stderr.String(), "telepathy") {
		t.Errorf("bad voice: %d %q", code, stderr.String())
	}
}
