package main

import (
	"bytes"
	"context"
	"io"
	"testing"
	"time"

	pt "github.com/kin-companion/kin/agent/provider/providertest"
)

// TestChatSteersFromTerminal: on a terminal, a line typed while the answer
// is coming goes to that turn — "stop" stops it — instead of queueing a
// new turn.
func TestChatSteersFromTerminal(t *testing.T) {
	old := isTerminal
	isTerminal = func(io.Reader) bool { return true }
	t.Cleanup(func() { isTerminal = old })
	srv := pt.NewOpenAI(t, pt.Script(pt.Reply{Text: "Let me think about your whole week", Hang: true}), pt.OpenAI)
	r, w := io.Pipe()
	done := make(chan int, 1)
	var errs bytes.Buffer
	go func() {
		done <- chat(context.Background(), []string{"--provider", "openai", "--model", "m", "--base-url", srv.BaseURL, "--data", t.TempDir()},
			r, &lockedBuffer{}, &errs, env(map[string]string{"OPENAI_API_KEY": "k"}))
	}()
	w.Write([]byte("plan my week\n"))
	for deadline := time.Now().Add(10 * time.Second); len(srv.Seen()) == 0 && time.Now().Before(deadline); {
		time.Sleep(10 * time.Millisecond)
	}
	w.Write([]byte("stop\n"))
	select {
	case <-srv.Disconnected: // the turn was cancelled: the client went away
	case <-time.After(10 * time.Second):
		t.Fatal("stop typed during the answer did not stop it")
	}
	w.Close()
	if code := <-done; code != 0 {
		t.Errorf("exit %d: %s", code, errs.String())
	}
	if n := len(srv.Seen()); n != 1 {
		t.Errorf("%d requests: the typed line started a turn of its own", n)
	}
}
