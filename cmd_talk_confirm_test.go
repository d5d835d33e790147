package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kin-companion/kin/agent/voice/realtime/openai/openaitest"
)

// TestTalkConfirmAloud: in a voice conversation a high-risk call is asked
// aloud. The model's first fs_delete is refused with the question to ask;
// the user says yes; kin hears it itself and lets the same call through.
func TestTalkConfirmAloud(t *testing.T) {
	root := t.TempDir()
	victim := filepath.Join(root, "old-notes.txt")
	os.WriteFile(victim, []byte("old"), 0o600)
	del := &openaitest.Call{Name: "fs_delete", Args: `{"path":"` + victim + `"}`}
	srv := openaitest.New("sk-test",
		openaitest.Turn{Heard: "Please delete my old notes.", Call: del, Say: "May I move old notes to the trash?"},
		openaitest.Turn{Heard: "Yes, go ahead.", Call: del, Say: "Done, they are in the trash."})
	defer srv.Close()
	t.Setenv("OPENAI_BASE_URL", srv.BaseURL())
	t.Setenv("OPENAI_API_KEY", "sk-test")
	out := filepath.Join(t.TempDir(), "out.wav")
	stdout, _ := runTalk(t, "--input", talkInput(t, "Please delete my old notes.", "Yes, go ahead."), "--output", out, "--root", root)
	if _, err := os.Stat(victim); err == nil {
		t.Fatalf("the file is still there after a spoken yes; transcript:\n%s", stdout)
	}
	outputs := srv.Logs()[0].Of("conversation.item.create")
	var results []string
	for _, e := range outputs {
		if strings.Contains(string(e.Raw), "function_call_output") {
			results = append(results, string(e.Raw))
		}
	}
	if len(results) != 2 || !strings.Contains(results[0], "Ask them aloud") || strings.Contains(results[1], "Ask them aloud") {
		t.Errorf("function outputs:\n%s", strings.Join(results, "\n"))
	}
}
