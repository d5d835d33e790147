package main

import (
	"bytes"
	"context"
	"io"
	"strings"
	"testing"
	"time"
)

// TestChatReminders: a reminder that fell due while kin was not running is
// said once at the next start, marked as missed, and one that falls due
// while kin chat waits for input is printed as the character speaking.
func TestChatReminders(t *testing.T) {
	data := t.TempDir()
	for _, args := range [][]string{{"--message", "Time to stretch.", "--in", "1s"}, {"--message", "Drink some water.", "--in", "3s"}} {
		var out, errs bytes.Buffer
		if code := cmdSchedule(append([]string{"add", "--data", data}, args...), &out, &errs); code != 0 {
			t.Fatalf("kin schedule add: %d %s", code, errs.String())
		}
	}
	time.Sleep(1500 * time.Millisecond) // the first falls due while kin is off
	in, w := io.Pipe()
	go func() { time.Sleep(4 * time.Second); w.Close() }()
	var out lockedBuffer
	var errs bytes.Buffer
	if code := chat(context.Background(), []string{"--provider", "none", "--data", data}, in, &out, &errs, env(nil)); code != 0 {
		t.Fatalf("exit %d: %s", code, errs.String())
	}
	got := out.String()
	if strings.Count(got, "Time to stretch.") != 1 || !strings.Contains(got, "while I was not running") {
		t.Errorf("the missed reminder, once and marked:\n%s", got)
	}
	if strings.Count(got, "Drink some water.") != 1 || !strings.Contains(got, "Kin: Drink some water.") {
		t.Errorf("the reminder due during the chat:\n%s", got)
	}
	var list bytes.Buffer
	cmdSchedule([]string{"list", "--json", "--data", data}, &list, io.Discard)
	if strings.TrimSpace(list.String()) != "[]" {
		t.Errorf("one-off reminders left after firing: %s", list.String())
	}
}

// lockedBuffer is a bytes.Buffer safe for the chat's goroutines.
type lockedBuffer struct {
	lockedWriter
	b bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}
