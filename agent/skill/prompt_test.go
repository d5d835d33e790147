package skill

import (
	"strings"
	"testing"
)

func TestPromptLines(t *testing.T) {
	s, _ := load(t, Config{Manifest: manifestOf(fixtures(t), "hello")})
	got := strings.Join(s.PromptLines(), "\n")
	want := "greet (version 1.0.0, built in): Greet the user warmly by name (when you know it) with a wave, and introduce yourself. Use it when the user arrives or says hello.\n" +
		"think (version 1.0.0, built in): Show a short thought while you work on something that takes a moment; it appears beside the character and is not said aloud.\n" +
		"help (version 1.0.0, built in): List what you can do — your skills and your tools — in plain words, to answer \"what can you do?\" or \"help\".\n" +
		"hello (version 1.0.0, from hello): Say hello in the user's own language."
	if got != want {
		t.Errorf("lines\n%s\nwant\n%s", got, want)
	}
}
