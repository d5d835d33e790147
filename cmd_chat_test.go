package main

import (
	"bufio"
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/kin-companion/kin/agent/llm"
	pt "github.com/kin-companion/kin/agent/provider/providertest"
	"github.com/kin-companion/kin/agent/tools"
)

func env(m map[string]string) func(string) string { return func(k string) string { return m[k] } }

// TestChatPipe: lines from a pipe go to an OpenAI-compatible fake; replies
// and headless scene lines come out on stdout.
func TestChatPipe(t *testing.T) {
	srv := pt.NewOpenAI(t, pt.Script(
		pt.Reply{Text: "Hello!", Calls: []pt.Call{{Name: "wave", Args: `{}`}}},
		pt.Reply{Text: "Nice to meet you, Ada."},
		pt.Reply{Text: "Bye!"}), pt.OpenAI)
	var out, errs bytes.Buffer
	code := chat(context.Background(), []string{"--provider", "openai", "--model", "m", "--base-url", srv.BaseURL, "--data", t.TempDir()},
		strings.NewReader("hi, I'm Ada\n\nbye"), &out, &errs, env(map[string]string{"OPENAI_API_KEY": "k"}))
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs.String())
	}
	got := out.String()
	for _, want := range []string{"[wave 1500ms]", "Nice to meet you, Ada.\n", "Bye!\n"} {
		if !strings.Contains(got, want) {
			t.Errorf("stdout lacks %q:\n%s", want, got)
		}
	}
	if n := len(srv.Seen()); n != 3 {
		t.Errorf("%d requests, want 3 (the blank line is skipped, the last line has no newline)", n)
	}
	if !strings.Contains(errs.String(), "openai/m") {
		t.Errorf("stderr does not say which model: %s", errs.String())
	}
}

// TestChatNone: with no model kin still answers once with how to connect.
func TestChatNone(t *testing.T) {
	var out, errs bytes.Buffer
	code := chat(context.Background(), []string{"--provider", "none", "--data", t.TempDir()}, strings.NewReader("hello\nhello again\n"), &out, &errs, env(nil))
	if code != 0 || strings.Count(out.String(), "ANTHROPIC_API_KEY") != 1 {
		t.Fatalf("exit %d, stdout:\n%s", code, out.String())
	}
}

func TestChatBadFlags(t *testing.T) {
	var out, errs bytes.Buffer
	if code := chat(context.Background(), []string{"--provider", "clippy"}, strings.NewReader(""), &out, &errs, env(nil)); code != 1 ||
		!strings.Contains(errs.String(), `unknown provider "clippy"`) {
		t.Errorf("exit %d: %s", code, errs.String())
	}
	if code := chat(context.Background(), []string{"--agent", t.TempDir()}, strings.NewReader(""), &out, &errs, env(nil)); code != 1 {
		t.Errorf("missing manifest: exit %d", code)
	}
}

func TestLineConfirm(t *testing.T) {
	for in, want := range map[string]tools.Answer{"y\n": tools.Once, "yes\n": tools.Once, "a\n": tools.Always,
		"n\n": tools.Deny, "\n": tools.Deny, "": tools.Deny} {
		var out bytes.Buffer
		c := &lineConfirm{in: bufio.NewReader(strings.NewReader(in)), out: &out}
		req := tools.Request{Call: llm.ToolCall{Name: "fs_delete", Args: []byte(`{"path":"/tmp/x/a.txt"}`)},
			Assessment: tools.Assessment{Summary: "delete /tmp/x/a.txt (to the trash)"}, AlwaysScope: "/tmp/x"}
		if got, _ := c.Confirm(context.Background(), req); got != want {
			t.Errorf("%q: %v", in, got)
		}
		if !strings.Contains(out.String(), "Allow kin to delete /tmp/x/a.txt (to the trash)? [y]es / [N]o / [a]lways fs_delete for /tmp/x") {
			t.Errorf("prompt: %q", out.String())
		}
	}
}
