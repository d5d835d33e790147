package main

import (
	"path/filepath"
	"regexp"
	"strings"
	"testing"

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
