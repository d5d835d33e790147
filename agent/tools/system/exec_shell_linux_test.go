//go:build linux

package system

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"
	"testing"
	"time"
)

func TestExecShell(t *testing.T) {
	dir := home(t)
	confine := func(p string) (string, error) {
		if p != dir && !strings.HasPrefix(p, dir+"/") {
			return "", errors.New("it is outside your home folder")
		}
		return p, nil
	}
	sh := pick(t, Config{DefaultDir: dir, Confine: confine}, "exec_shell")
	for _, c := range []struct {
		name, args string
		want       []string // substrings of the result
		wantErr    string   // substring of the error
	}{
		{"exit code and streams", `{"command":"echo out; echo err >&2; exit 3"}`,
			[]string{"exit code 3\n--- stdout (4 bytes) ---\nout\n--- stderr (4 bytes) ---\nerr"}, ""},
		{"success", `{"command":"printf hi"}`, []string{"exit code 0", "hi", "stderr: (empty)"}, ""},
		{"default dir", `{"command":"pwd"}`, []string{dir}, ""},
		{"relative cwd", `{"command":"pwd","cwd":"sub"}`, []string{filepath.Join(dir, "sub")}, ""},
		{"tilde cwd", `{"command":"pwd","cwd":"~/sub"}`, []string{filepath.Join(dir, "sub")}, ""},
		{"stdin is empty", `{"command":"cat; echo done"}`, []string{"exit code 0", "done"}, ""},
		{"killed by signal", `{"command":"kill -TERM $$"}`, []string{"killed by signal SIGTERM (15)"}, ""},
		{"cwd outside", `{"command":"pwd","cwd":"/etc"}`, nil, `"/etc" is not allowed: it is outside your home folder`},
		{"cwd missing", `{"command":"pwd","cwd":"nope"}`, nil, "does not exist"},
		{"cwd is a file", `{"command":"pwd","cwd":"file.txt"}`, nil, "is a file, not a directory"},
		{"no command", `{}`, nil, "command argument is missing"},
		{"blank command", `{"command":"  "}`, nil, "command argument is missing"},
		{"command not a string", `{"command":5}`, nil, "command"},
		{"timeout not a number", `{"command":"true","timeout_s":"x"}`, nil, "timeout_s"},
		{"timeout zero", `{"command":"true","timeout_s":0}`, nil, "timeout_s must be between 1 and 600"},
		{"timeout too long", `{"command":"true","timeout_s":601}`, nil, "timeout_s must be between 1 and 600"},
		{"not json", `not json`, nil, "exec_shell: bad arguments"},
	} {
		t.Run(c.name, func(t *testing.T) {
			got, err := call(t, sh, c.args)
			if c.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), c.wantErr) {
					t.Fatalf("error %v, want it to contain %q (result %q)", err, c.wantErr, got)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			for _, w := range c.want {
				if !strings.Contains(got, w) {
					t.Errorf("result %q lacks %q", got, w)
				}
			}
		})
	}
}

func TestExecShellStopsWholeGroup(t *testing.T) {
	sh := pick(t, Config{DefaultDir: t.TempDir()}, "exec_shell")
	for _, c := range []struct {
		name, command string
		within        time.Duration
	}{
		{"grandchild holds stdout", "sleep 1000 & echo $!; sleep 1000", 2500 * time.Millisecond},
		{"group ignores TERM", `trap "" TERM; sleep 1000 & echo $!; sleep 1000`, 3500 * time.Millisecond},
	} {
		t.Run(c.name, func(t *testing.T) {
			start := time.Now()
			_, err := call(t, sh, fmt.Sprintf(`{"command":%q,"timeout_s":1}`, c.command))
			took := time.Since(start)
			if err == nil || !strings.Contains(err.Error(), "still running after 1s") {
				t.Fatalf("error %v, want a timeout", err)
			}
			if took < time.Second || took > c.within {
				t.Errorf("returned after %v, want between 1s and %v", took, c.within)
			}
			if pid := firstPID(t, err.Error()); lingers(pid) {
				syscall.Kill(pid, syscall.SIGKILL)
				t.Errorf("grandchild %d still running after the timeout", pid)
			}
		})
	}
}

func TestExecShellBackground(t *testing.T) {
	sh := pick(t, Config{DefaultDir: t.TempDir()}, "exec_shell")
	t.Run("holding the output: ended", func(t *testing.T) {
		start := time.Now()
		got, err := call(t, sh, `{"command":"sleep 1000 & echo $!"}`)
		if err != nil || !strings.Contains(got, "background processes that kept its output open") || !strings.Contains(got, "exit code 0") {
			t.Fatalf("%q %v", got, err)
		}
		if took := time.Since(start); took > 3*time.Second {
			t.Errorf("took %v", took)
		}
		if pid := firstPID(t, got); lingers(pid) {
			syscall.Kill(pid, syscall.SIGKILL)
			t.Errorf("background sleep %d still running", pid)
		}
	})
	t.Run("output redirected: left running", func(t *testing.T) {
		start := time.Now()
		got, err := call(t, sh, `{"command":"sleep 1000 >/dev/null 2>&1 & echo $!"}`)
		if err != nil || strings.Contains(got, "note:") {
			t.Fatalf("%q %v", got, err)
		}
		if took := time.Since(start); took > 900*time.Millisecond {
			t.Errorf("took %v, want no lingering wait", took)
		}
		pid := firstPID(t, got)
		if !alive(pid) {
			t.Errorf("redirected background sleep %d was ended", pid)
		}
		syscall.Kill(pid, syscall.SIGKILL)
	})
}

func TestExecShellEndlessOutput(t *testing.T) {
	sh := pick(t, Config{DefaultDir: t.TempDir()}, "exec_shell")
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	start := time.Now()
	_, err := call(t, sh, `{"command":"yes; echo never >&2","timeout_s":60}`)
	runtime.ReadMemStats(&after)
	if err == nil || !strings.Contains(err.Error(), "printed more than 64 MiB") || !strings.Contains(err.Error(), "bytes cut") {
		t.Fatalf("error %.300v, want the output limit", err)
	}
	if n := len(err.Error()); n > HeadBytes+TailBytes+1000 {
		t.Errorf("result is %d bytes", n)
	}
	if took := time.Since(start); took > 20*time.Second {
		t.Errorf("took %v", took)
	}
	if grew := after.TotalAlloc - before.TotalAlloc; grew > 8<<20 {
		t.Errorf("allocated %d MiB while draining", grew>>20)
	}
}

func TestExecShellContext(t *testing.T) {
	sh := pick(t, Config{DefaultDir: t.TempDir()}, "exec_shell")
	args := json.RawMessage(`{"command":"sleep 1000","timeout_s":600}`)
	t.Run("cancelled", func(t *testing.T) {
		ctx, cancel := context.WithCancel(context.Background())
		time.AfterFunc(200*time.Millisecond, cancel)
		start := time.Now()
		_, err := sh.Run(ctx, args)
		if err == nil || !strings.Contains(err.Error(), "call was cancelled") {
			t.Fatalf("error %v", err)
		}
		if took := time.Since(start); took > 2*time.Second {
			t.Errorf("took %v", took)
		}
	})
	t.Run("deadline before timeout", func(t *testing.T) {
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		defer cancel()
		_, err := sh.Run(ctx, args)
		if err == nil || !strings.Contains(err.Error(), "still running") {
			t.Fatalf("error %v", err)
		}
		if ctx.Err() != nil {
			t.Error("returned after the call's deadline")
		}
	})
	t.Run("no time left", func(t *testing.T) {
		ctx, cancel := context.WithTimeout(context.Background(), time.Second)
		defer cancel()
		if _, err := sh.Run(ctx, args); err == nil || !strings.Contains(err.Error(), "no time left") {
			t.Fatalf("error %v", err)
		}
	})
}

func TestExecShellHidesSecrets(t *testing.T) {
	t.Setenv("FOO_API_KEY", "sekrit-value")
	t.Setenv("KIN_TEST_PLAIN", "visible")
	sh := pick(t, Config{DefaultDir: t.TempDir()}, "exec_shell")
	got, err := call(t, sh, `{"command":"env"}`)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(got, "FOO_API_KEY") || strings.Contains(got, "sekrit-value") {
		t.Error("the secret reached the command")
	}
	if !strings.Contains(got, "KIN_TEST_PLAIN=visible") {
		t.Error("an ordinary variable was dropped")
	}
	custom := pick(t, Config{DefaultDir: t.TempDir(), Environ: func() []string { return []string{"ONLY=this", "X_TOKEN=t"} }}, "exec_shell")
	if got, err = call(t, custom, `{"command":"env"}`); err != nil || !strings.Contains(got, "ONLY=this") || strings.Contains(got, "X_TOKEN") || strings.Contains(got, "KIN_TEST_PLAIN") {
		t.Errorf("custom environment: %q %v", got, err)
	}
}

func TestExecShellAssess(t *testing.T) {
	dir := home(t)
	sh := pick(t, Config{DefaultDir: filepath.Join(dir, "sub")}, "exec_shell")
	for _, c := range []struct{ args, scope, summary string }{
		{`{"command":"  ls -la  "}`, "ls -la", `run "ls -la" in ~/sub`},
		{`{"command":"make test","cwd":"~/proj"}`, "make test", `run "make test" in ~/proj`},
		{`{"command":"du -sh","cwd":"/var/log"}`, "du -sh", `run "du -sh" in /var/log`},
		{`{"command":"pwd","cwd":".."}`, "pwd", `run "pwd" in ~`},
		{`{"command":7}`, "", "run a shell command (its arguments could not be read)"},
	} {
		a := sh.Grade(json.RawMessage(c.args))
		if a.Scope != c.scope || a.Summary != c.summary || a.Risk != 2 {
			t.Errorf("%s: got %+v, want scope %q summary %q", c.args, a, c.scope, c.summary)
		}
	}
	if m := sh.Meta; m.Risk != 2 || m.ConcurrencySafe || m.TimeoutFloor < MaxTimeout {
		t.Errorf("meta %+v", m)
	}
}

func BenchmarkExecShellTrue(b *testing.B) {
	sh := pick(b, Config{DefaultDir: b.TempDir()}, "exec_shell")
	args := json.RawMessage(`{"command":"true"}`)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := sh.Run(context.Background(), args); err != nil {
			b.Fatal(err)
		}
	}
}
