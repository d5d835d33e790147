package main

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/kin-companion/kin/agent/provider"
	pt "github.com/kin-companion/kin/agent/provider/providertest"
	"github.com/kin-companion/kin/internal/companion"
)

// TestChatAttaches: while a kin runs with some memory, a second kin chat
// on the same memory talks to it — the same character answers, and the
// memory stays in the running process.
func TestChatAttaches(t *testing.T) {
	data := t.TempDir()
	srv := pt.NewOpenAI(t, pt.Script(pt.Reply{Text: "Hello from the kin that was already running."}), pt.OpenAI)
	running, err := companion.Start(context.Background(), companion.Options{DataDir: data, MCPConfig: "-",
		Provider: provider.Options{Provider: "openai", BaseURL: srv.BaseURL, APIKey: "k", Model: "m", Getenv: func(string) string { return "" }}})
	if err != nil {
		t.Fatal(err)
	}
	defer running.Close()
	var out, errs bytes.Buffer
	code := chat(context.Background(), []string{"--provider", "none", "--data", data}, strings.NewReader("hi\n"), &out, &errs, env(nil))
	if code != 0 || !strings.Contains(out.String(), "Hello from the kin that was already running.") {
		t.Fatalf("exit %d\nstdout: %s\nstderr: %s", code, out.String(), errs.String())
	}
	if !strings.Contains(errs.String(), "already running") {
		t.Errorf("stderr does not say it attached: %s", errs.String())
	}
	if n := len(srv.Seen()); n != 1 {
		t.Errorf("the running kin's model saw %d requests, want 1", n)
	}
}
