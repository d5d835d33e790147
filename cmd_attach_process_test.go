package main

import (
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"

	pt "github.com/kin-companion/kin/agent/provider/providertest"
)

// startKinArgs starts the kin binary bin with args, its stdin kept open.
func startKinArgs(t *testing.T, bin string, args ...string) *runningKin {
	t.Helper()
	k := &runningKin{cmd: exec.Command(bin, args...), out: &lockedBuffer{}}
	home := t.TempDir()
	k.cmd.Env = append(os.Environ(), "XDG_CONFIG_HOME="+home, "XDG_DATA_HOME="+home, "OPENAI_API_KEY=k",
		"ANTHROPIC_API_KEY=", "GEMINI_API_KEY=", "DISPLAY=")
	k.cmd.Stdout, k.cmd.Stderr = k.out, k.out
	var err error
	if k.stdin, err = k.cmd.StdinPipe(); err != nil {
		t.Fatal(err)
	}
	if err := k.cmd.Start(); err != nil {
		t.Fatalf("start kin %s: %v", args[0], err)
	}
	t.Cleanup(k.kill)
	return k
}

// kinRun runs `kin ARGS` to the end and returns its exit code and output.
func kinRun(t *testing.T, bin string, args ...string) (int, string) {
	t.Helper()
	cmd := exec.Command(bin, args...)
	cmd.Env = append(os.Environ(), "XDG_CONFIG_HOME="+t.TempDir())
	out, err := cmd.CombinedOutput()
	if _, ok := err.(*exec.ExitError); err != nil && !ok {
		t.Fatalf("kin %s: %v", strings.Join(args, " "), err)
	}
	return cmd.ProcessState.ExitCode(), string(out)
}

// TestSecondProcessAttaches: while one kin holds the store, kin mcp, kin
// schedule and a second kin chat, each its own process, work through it:
// what the MCP client remembers is in the running kin's next prompt and
// its schedule. Killed with SIGKILL, the first kin leaves the store to the
// second chat, which opens it itself and keeps both.
func TestSecondProcessAttaches(t *testing.T) {
	if testing.Short() {
		t.Skip("builds kin and runs it as several processes")
	}
	bin, data := buildKin(t), t.TempDir()
	srv := pt.NewOpenAI(t, pt.Script(pt.Reply{Text: "Your cat is called Miso."}), pt.OpenAI)
	first := startKinArgs(t, bin, "chat", "--provider", "openai", "--base-url", srv.BaseURL, "--model", "m", "--data", data)
	first.waitFor(t, "is listening", time.Minute)

	cs := mcpSession(t, bin, "--data", data)
	if out, isErr := callText(t, cs, "memory_write", `{"key":"cat_name","type":"user","body":"The user's cat is called Miso."}`); isErr {
		t.Fatalf("memory_write through the running kin: %s", out)
	}
	if out, _ := callText(t, cs, "memory_search", `{"query":"cat"}`); !strings.Contains(out, "Miso") {
		t.Errorf("memory_search through the running kin: %q", out)
	}
	first.stdin.Write([]byte("what is my cat called?\n"))
	first.waitFor(t, "Your cat is called Miso.", time.Minute)
	if seen := srv.Seen(); len(seen) != 1 || !strings.Contains(seen[0].System+messagesText(seen[0]), "Miso") {
		t.Errorf("the running kin's prompt does not carry what kin mcp remembered: %+v", seen)
	}

	if code, out := kinRun(t, bin, "schedule", "add", "--data", data, "--message", "Feed Miso.", "--in", "1h"); code != 0 || !strings.Contains(out, "scheduled task") {
		t.Fatalf("kin schedule add while kin runs: exit %d\n%s", code, out)
	}
	if code, out := kinRun(t, bin, "schedule", "cancel", "--data", data, "nope"); code != 1 || !strings.Contains(out, `no task has id "nope"`) {
		t.Errorf("kin schedule cancel of an unknown id: exit %d\n%s", code, out)
	}

	second := startKinArgs(t, bin, "chat", "--provider", "none", "--data", data)
	second.waitFor(t, "already running", time.Minute)
	first.kill() // SIGKILL: the store is left as a crash leaves it
	second.stdin.Write([]byte("are you there?\n"))
	second.waitFor(t, "goes on by itself", time.Minute)
	second.waitFor(t, "is listening", time.Minute)
	if strings.Contains(second.out.String(), "memory is off") {
		t.Fatalf("the second kin could not open the store:\n%s", second.out.String())
	}
	code, out := kinRun(t, bin, "schedule", "list", "--data", data)
	if code != 0 || !strings.Contains(out, "Feed Miso.") {
		t.Errorf("kin schedule list through the second kin: exit %d\n%s", code, out)
	}
	cs2 := mcpSession(t, bin, "--data", data)
	if out, _ := callText(t, cs2, "memory_search", `{"query":"cat"}`); !strings.Contains(out, "Miso") {
		t.Errorf("the second kin's memory: %q", out)
	}
}

func messagesText(s pt.Seen) string {
	var b strings.Builder
	for _, m := range s.Messages {
		b.WriteString(m.Text)
	}
	return b.String()
}
