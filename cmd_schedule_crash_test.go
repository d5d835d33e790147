package main

import (
	"bytes"
	"io"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"
)

// runningKin is a `kin chat --provider none` process whose stdin stays open.
type runningKin struct {
	cmd   *exec.Cmd
	stdin io.WriteCloser
	out   *lockedBuffer
}

// startKin starts the kin binary bin chatting on the store in data.
func startKin(t *testing.T, bin, data string) *runningKin {
	t.Helper()
	k := &runningKin{cmd: exec.Command(bin, "chat", "--provider", "none", "--data", data), out: &lockedBuffer{}}
	home := t.TempDir()
	k.cmd.Env = append(os.Environ(), "XDG_CONFIG_HOME="+home, "XDG_DATA_HOME="+home,
		"OPENAI_API_KEY=", "ANTHROPIC_API_KEY=", "GEMINI_API_KEY=", "DISPLAY=")
	k.cmd.Stdout, k.cmd.Stderr = k.out, k.out
	var err error
	if k.stdin, err = k.cmd.StdinPipe(); err != nil {
		t.Fatal(err)
	}
	if err := k.cmd.Start(); err != nil {
		t.Fatalf("start kin chat: %v", err)
	}
	t.Cleanup(k.kill)
	return k
}

// kill ends kin with SIGKILL, as a crash or a power cut would.
func (k *runningKin) kill() {
	if k.cmd.ProcessState == nil {
		_ = k.cmd.Process.Kill()
		_ = k.cmd.Wait()
	}
}

// waitFor waits until kin has printed s, failing after d.
func (k *runningKin) waitFor(t *testing.T, s string, d time.Duration) {
	t.Helper()
	for end := time.Now().Add(d); time.Now().Before(end); time.Sleep(20 * time.Millisecond) {
		if strings.Contains(k.out.String(), s) {
			return
		}
	}
	t.Fatalf("kin did not say %q within %s; it printed:\n%s", s, d, k.out.String())
}

// TestScheduleSurvivesSIGKILL: with the real store and real kin
// processes, a reminder that fired just before kin was killed does not
// fire again at the restart, one that fell due while kin was dead fires
// exactly once at the restart, and neither comes back after a second kill.
func TestScheduleSurvivesSIGKILL(t *testing.T) {
	if testing.Short() {
		t.Skip("builds kin and runs it three times")
	}
	bin, data := buildKin(t), t.TempDir()
	for _, args := range [][]string{{"--message", "Stand up and stretch.", "--in", "2s"},
		{"--message", "Water the plants.", "--in", "5s"}} {
		var errs bytes.Buffer
		if code := cmdSchedule(append([]string{"add", "--data", data}, args...), io.Discard, &errs); code != 0 {
			t.Fatalf("kin schedule add: %d %s", code, errs.String())
		}
	}

	first := startKin(t, bin, data)
	first.waitFor(t, "Stand up and stretch.", 20*time.Second)
	first.kill() // before "Water the plants." is due

	time.Sleep(4 * time.Second) // "Water the plants." falls due while kin is dead
	second := startKin(t, bin, data)
	second.waitFor(t, "Water the plants.", 20*time.Second)
	time.Sleep(1500 * time.Millisecond) // room for a wrong second firing
	second.kill()

	third := startKin(t, bin, data)
	time.Sleep(2 * time.Second)
	third.kill()

	for _, c := range []struct {
		run, text string
		want      int
	}{
		{first.out.String(), "Stand up and stretch.", 1}, {first.out.String(), "Water the plants.", 0},
		{second.out.String(), "Stand up and stretch.", 0}, {second.out.String(), "Water the plants.", 1},
		{third.out.String(), "Stand up and stretch.", 0}, {third.out.String(), "Water the plants.", 0},
	} {
		if got := strings.Count(c.run, c.text); got != c.want {
			t.Errorf("%q said %d times in a run, want %d; the run printed:\n%s", c.text, got, c.want, c.run)
		}
	}
	if !strings.Contains(second.out.String(), "while I was not running") {
		t.Errorf("the reminder due while kin was dead is not marked missed:\n%s", second.out.String())
	}
	var list bytes.Buffer
	cmdSchedule([]string{"list", "--json", "--data", data}, &list, io.Discard)
	if strings.TrimSpace(list.String()) != "[]" {
		t.Errorf("tasks left after firing: %s", list.String())
	}
}
