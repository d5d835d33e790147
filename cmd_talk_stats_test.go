package main

import (
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/kin-companion/kin/agent/provider/providertest"
	"github.com/kin-companion/kin/agent/voice/cascade/cascadetest"
	"github.com/kin-companion/kin/agent/voice/realtime/gemini/geminitest"
	"github.com/kin-companion/kin/agent/voice/realtime/openai/openaitest"
)

// TestTalkStats: --stats prints a line per answered turn with kin's stages and
// the provider's share, then percentiles, for both realtime providers.
func TestTalkStats(t *testing.T) {
	turnLine := regexp.MustCompile(`^stats: turn \d: total [\d.]+ ms = provider [\d.]+ ms \+ kin [\d.]+ ms \(capture [\d.]+ ms, aec [\d.]+ ms, resample [\d.]+ ms, send [\d.]+ ms, receive [\d.]+ ms, decode [\d.]+ ms, play [\d.]+ ms\)$`)
	for _, tc := range []struct {
		voice string
		setup func(t *testing.T)
	}{
		{"openai-realtime", func(t *testing.T) {
			srv := openaitest.New("sk-test", openaitest.Turn{Heard: "Hello.", Say: "Hi."}, openaitest.Turn{Heard: "How are you?", Say: "Fine."})
			t.Cleanup(srv.Close)
			t.Setenv("OPENAI_BASE_URL", srv.BaseURL())
			t.Setenv("OPENAI_API_KEY", "sk-test")
		}},
		{"gemini-live", func(t *testing.T) {
			srv := geminitest.New("g-key", geminitest.Turn{Heard: "Hello.", Say: "Hi."}, geminitest.Turn{Heard: "How are you?", Say: "Fine."})
			t.Cleanup(srv.Close)
			t.Setenv("GOOGLE_GEMINI_BASE_URL", srv.BaseURL())
			t.Setenv("GEMINI_API_KEY", "g-key")
		}},
	} {
		t.Run(tc.voice, func(t *testing.T) {
			tc.setup(t)
			out := filepath.Join(t.TempDir(), "out.wav")
			stdout, _ := runTalk(t, "--voice", tc.voice, "--stats", "--input", talkInput(t, "Hello.", "How are you?"), "--output", out)
			var turns, summary int
			for _, l := range strings.Split(strings.TrimSpace(stdout), "\n") {
				switch {
				case strings.HasPrefix(l, "stats: turn"):
					turns++
					if !turnLine.MatchString(l) {
						t.Errorf("turn line %q", l)
					}
				case regexp.MustCompile(`^stats: (total|provider|kin) +p50 +[\d.]+ ms +p95 +[\d.]+ ms +\(2 turns\)$`).MatchString(l):
					summary++
				}
			}
			if turns != 2 || summary != 3 {
				t.Errorf("%d turn lines and %d summary lines, want 2 and 3:\n%s", turns, summary, stdout)
			}
		})
	}
}

// TestTalkStatsCascade: the cascade's turns are timed too, with kin's own
// end-of-turn wait and the providers' share split into STT, the model's first
// token and sentence, and the TTS's first audio.
func TestTalkStatsCascade(t *testing.T) {
	speech := cascadetest.New("sk-test", "Hello.", "How are you?")
	defer speech.Close()
	chat := providertest.NewOpenAI(t, providertest.Script(providertest.Reply{Text: "Hi there."}, providertest.Reply{Text: "Fine, thanks."}), providertest.OpenAI)
	t.Setenv("OPENAI_BASE_URL", speech.BaseURL())
	t.Setenv("OPENAI_API_KEY", "sk-test")
	out := filepath.Join(t.TempDir(), "out.wav")
	stdout, _ := runTalk(t, "--voice", "cascade", "--tts", "openai", "--provider", "openai", "--base-url", chat.BaseURL, "--stats",
		"--input", talkInput(t, "Hello.", "How are you?"), "--output", out)
	turnLine := regexp.MustCompile(`^stats: turn \d: total [\d.]+ ms = provider [\d.]+ ms \(stt [\d.]+ ms, llm first token [\d.]+ ms, first sentence [\d.]+ ms, tts first audio [\d.]+ ms\) \+ kin [\d.]+ ms \(capture [\d.]+ ms, aec [\d.]+ ms, resample [\d.]+ ms, send [\d.]+ ms, receive [\d.]+ ms, decode [\d.]+ ms, play [\d.]+ ms\) \+ end-of-turn wait [\d.]+ ms$`)
	summaryLine := regexp.MustCompile(`^stats: (total|provider|kin|wait|stt|llm|tts) +p50 +[\d.]+ ms +p95 +[\d.]+ ms +\(2 turns\)$`)
	var turns, summary int
	for _, l := range strings.Split(strings.TrimSpace(stdout), "\n") {
		switch {
		case strings.HasPrefix(l, "stats: turn"):
			turns++
			if !turnLine.MatchString(l) {
				t.Errorf("turn line %q", l)
			}
		case summaryLine.MatchString(l):
			summary++
		}
	}
	if turns != 2 || summary != 7 {
		t.Errorf("%d turn lines and %d summary lines, want 2 and 7:\n%s", turns, summary, stdout)
	}
}
