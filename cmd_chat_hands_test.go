package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kin-companion/kin/agent/llm"
	pt "github.com/kin-companion/kin/agent/provider/providertest"
	"github.com/kin-companion/kin/store"
)

// TestChatHands: a whole conversation in which the model lists a folder,
// reads a file, is refused outside the roots and is refused exec_shell
// because kin chat reads a pipe and no one can confirm; with --yes the
// same command runs. Every call is in the diary, its secrets redacted.
func TestChatHands(t *testing.T) {
	root := t.TempDir()
	os.WriteFile(filepath.Join(root, "todo.md"), []byte("- water the plants\n"), 0o600)
	script := func(shell string) pt.Respond {
		return pt.Script(
			pt.Reply{Calls: []pt.Call{{Name: "fs_list", Args: `{"path":"` + root + `"}`}}},
			pt.Reply{Calls: []pt.Call{{Name: "fs_read", Args: `{"path":"` + filepath.Join(root, "todo.md") + `"}`}}},
			pt.Reply{Calls: []pt.Call{{Name: "fs_read", Args: `{"path":"/etc/hostname"}`}}},
			pt.Reply{Calls: []pt.Call{{Name: "exec_shell", Args: shell}}},
			pt.Reply{Text: "Done."})
	}
	shell := `{"command":"echo planted > marker.txt","cwd":"` + root + `","timeout_s":5,"token":"sk-abcdefghijklmnopqrstuvwx"}`
	run := func(extra ...string) (*pt.Server, string) {
		srv := pt.NewOpenAI(t, script(shell), pt.OpenAI)
		data := t.TempDir()
		var out, errs bytes.Buffer
		args := append([]string{"--provider", "openai", "--model", "m", "--base-url", srv.BaseURL, "--data", data, "--root", root}, extra...)
		if code := chat(context.Background(), args, strings.NewReader("tidy my notes\n"), &out, &errs, env(map[string]string{"OPENAI_API_KEY": "k"})); code != 0 {
			t.Fatalf("exit %d: %s", code, errs.String())
		}
		return srv, data
	}
	results := func(srv *pt.Server) []llm.ToolResult {
		var rs []llm.ToolResult
		for _, s := range srv.Seen()[1:] {
			m := s.Messages[len(s.Messages)-1]
			rs = append(rs, m.Results...)
		}
		return rs
	}
	srv, data := run()
	rs := results(srv)
	if len(rs) != 4 {
		t.Fatalf("%d tool results", len(rs))
	}
	checks := []struct{ want string }{{"todo.md"}, {"water the plants"}, {"outside"}, {"no one can confirm"}}
	for i, c := range checks {
		if !strings.Contains(rs[i].Content, c.want) {
			t.Errorf("result %d (%s): %q lacks %q", i, rs[i].Name, rs[i].Content, c.want)
		}
	}
	if _, err := os.Stat(filepath.Join(root, "marker.txt")); err == nil {
		t.Fatal("exec_shell ran though no one could confirm it")
	}
	diary := diaryText(t, data)
	if !strings.Contains(diary, `"tool":"exec_shell"`) || !strings.Contains(diary, "no one to ask") {
		t.Errorf("the refusal is not in the diary:\n%s", diary)
	}
	if strings.Contains(diary, "sk-abcdefghijklmnop") {
		t.Error("a secret reached the diary")
	}

	srv, _ = run("--yes")
	if rs := results(srv); len(rs) != 4 || !strings.Contains(rs[3].Content, "exit") {
		t.Fatalf("with --yes: %+v", rs)
	}
	if b, err := os.ReadFile(filepath.Join(root, "marker.txt")); err != nil || string(b) != "planted\n" {
		t.Errorf("exec_shell with --yes did not run: %q %v", b, err)
	}
}

// diaryText returns every diary entry's type and payload, one a line.
func diaryText(t *testing.T, data string) string {
	t.Helper()
	db, err := store.Open(store.Options{Dir: data, GCInterval: -1})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	entries, err := db.Diary().Recent(1000)
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	for _, e := range entries {
		b.WriteString(e.Type + " " + string(e.Payload) + "\n")
	}
	return b.String()
}
