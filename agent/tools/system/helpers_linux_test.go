//go:build linux

package system

import (
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/kin-companion/kin/agent/tools"
)

// pick returns the named tool of the family built on cfg.
func pick(t testing.TB, cfg Config, name string) *tools.Tool {
	t.Helper()
	for _, tl := range Tools(cfg) {
		if tl.Name == name {
			return tl
		}
	}
	t.Fatalf("no tool %q", name)
	return nil
}

// call runs tool with args under a generous deadline.
func call(t testing.TB, tl *tools.Tool, args string) (string, error) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	return tl.Run(ctx, json.RawMessage(args))
}

// alive reports whether pid is a live process (not gone, not a zombie).
func alive(pid int) bool {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return false
	}
	s := string(b)
	rest := s[strings.LastIndexByte(s, ')')+1:]
	f := strings.Fields(rest)
	return len(f) > 0 && f[0] != "Z" && f[0] != "X"
}

// lingers reports whether pid is still alive a second from now: a
// process that has closed its files may take a moment to become a zombie.
func lingers(pid int) bool {
	for range 40 {
		if !alive(pid) {
			return false
		}
		time.Sleep(25 * time.Millisecond)
	}
	return true
}

// firstPID reads the first number printed on the stdout of a report.
func firstPID(t *testing.T, report string) int {
	t.Helper()
	_, after, ok := strings.Cut(report, "--- stdout")
	if !ok {
		t.Fatalf("no stdout in %q", report)
	}
	line := strings.SplitN(after, "\n", 3)[1]
	pid, err := strconv.Atoi(strings.TrimSpace(line))
	if err != nil {
		t.Fatalf("no pid on stdout: %q", report)
	}
	return pid
}

// sleeper starts a sleep of the given (distinctive) length, stopped and
// reaped when the test ends.
func sleeper(t *testing.T, secs string, cred *syscall.Credential) *exec.Cmd {
	t.Helper()
	cmd := exec.Command("sleep", secs)
	cmd.SysProcAttr = &syscall.SysProcAttr{Credential: cred}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		cmd.Process.Kill()
		cmd.Wait()
	})
	return cmd
}

// home makes a fresh home directory with a sub directory and a file.
func home(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	t.Setenv("HOME", dir)
	if err := os.Mkdir(filepath.Join(dir, "sub"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "file.txt"), []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	return dir
}
