package main

import (
	"bufio"
	"bytes"
	"context"
	"io"
	"strings"
	"testing"
	"time"

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
		br := bufio.NewReader(strings.NewReader(in))
		c := &lineConfirm{next: func() (string, error) { return br.ReadString('\n') }, out: &out}
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

// TestTerminalRoutes: a line typed while a question waits answers it;
// other lines go to the conversation, and the end of input ends both.
func TestTerminalRoutes(t *testing.T) {
	r, w := io.Pipe()
	term := newTerminal(r)
	w.Write([]byte("hello\n"))
	if got := <-term.lines; got != "hello" {
		t.Fatalf("conversation line %q", got)
	}
	answered := make(chan string, 1)
	go func() { s, _ := term.next(); answered <- s }()
	time.Sleep(50 * time.Millisecond) // the question is asked before the user types
	w.Write([]byte("y\n"))
	if got := <-answered; got != "y" {
		t.Errorf("answer %q", got)
	}
	w.Write([]byte("and one more thing\n"))
	if got := <-term.lines; got != "and one more thing" {
		t.Errorf("after the answer: %q", got)
	}
	w.Close()
	if _, ok := <-term.lines; ok {
		t.Error("lines not closed at the end of input")
	}
	if _, err := term.next(); err != io.EOF {
		t.Errorf("a question after the end of input: %v", err)
	}
}
