//go:build linux

package system

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

func TestProcessList(t *testing.T) {
	ps := pick(t, Config{}, "process_list")
	s := sleeper(t, "987.654", nil)
	pid := strconv.Itoa(s.Process.Pid)
	for _, c := range []struct {
		name, args string
		want       []string
		wantErr    string
	}{
		{"finds the sleep", `{"filter":"987.654"}`, []string{"matching \"987.654\"; showing 1", pid, "sleep 987.654", "PID", "%CPU"}, ""},
		{"filter is case-insensitive", `{"filter":"SLEEP 987.654","sort":"memory"}`, []string{"sleep 987.654"}, ""},
		{"no match", `{"filter":"no-such-process-name-xyz"}`, []string{"0 matching", "showing 0"}, ""},
		{"limit", `{"sort":"pid","limit":1}`, []string{"showing 1 sorted by pid"}, ""},
		{"defaults", `{}`, []string{"sorted by cpu", "STARTED"}, ""},
		{"bad sort", `{"sort":"name"}`, nil, `sort must be cpu, memory or pid, not "name"`},
		{"limit zero", `{"limit":0}`, nil, "limit must be between 1 and 500"},
		{"limit mistyped", `{"limit":"ten"}`, nil, "limit"},
	} {
		t.Run(c.name, func(t *testing.T) {
			got, err := call(t, ps, c.args)
			if c.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), c.wantErr) {
					t.Fatalf("error %v, want %q", err, c.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			for _, w := range c.want {
				if !strings.Contains(got, w) {
					t.Errorf("listing lacks %q:\n%s", w, got)
				}
			}
		})
	}
}

func TestProcessListMeasuresCPU(t *testing.T) {
	busy := exec.Command("sh", "-c", "while :; do :; done", "busy-loop-4242")
	if err := busy.Start(); err != nil {
		t.Fatal(err)
	}
	defer busy.Wait()
	defer busy.Process.Kill()
	got, err := call(t, pick(t, Config{}, "process_list"), `{"filter":"busy-loop-4242"}`)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(got, "\n")
	if len(lines) != 3 {
		t.Fatalf("want one process:\n%s", got)
	}
	cpu, err := strconv.ParseFloat(strings.Fields(lines[2])[4], 64)
	if err != nil || cpu < 1 { // low bar: other tests may be sharing the CPUs
		t.Errorf("a busy loop shows %v%% CPU (%v):\n%s", cpu, err, got)
	}
}

func TestSortProcs(t *testing.T) {
	ps := []listedProc{
		{procInfo: procInfo{PID: 3, RSS: 10}, CPU: 5},
		{procInfo: procInfo{PID: 1, RSS: 30}, CPU: 5},
		{procInfo: procInfo{PID: 2, RSS: 20}, CPU: 50},
	}
	for _, c := range []struct {
		by   string
		want string
	}{{"cpu", "[2 1 3]"}, {"memory", "[1 2 3]"}, {"pid", "[1 2 3]"}} {
		sortProcs(ps, c.by)
		var pids []int
		for _, p := range ps {
			pids = append(pids, p.PID)
		}
		if got := fmt.Sprint(pids); got != c.want {
			t.Errorf("sort by %s: %s, want %s", c.by, got, c.want)
		}
	}
}

func TestParseStat(t *testing.T) {
	line := "42 (a (weird) name) S 7 42 42 0 -1 4194560 100 0 0 0 250 50 0 0 20 0 1 0 1000 8192 300 18446744073709551615"
	p, err := parseStat(42, []byte(line))
	if err != nil {
		t.Fatal(err)
	}
	tick := clockTick()
	if p.Comm != "a (weird) name" || p.PPID != 7 || p.State != 'S' || p.RSS != 300*int64(os.Getpagesize()) ||
		p.CPUSeconds != 300/tick || !p.Started.Equal(bootTime().Add(time.Duration(1000/tick*float64(time.Second)))) {
		t.Errorf("parsed %+v", p)
	}
	if _, err := parseStat(1, []byte("1 (x) S 0")); err == nil {
		t.Error("short stat accepted")
	}
}

func TestProcessKill(t *testing.T) {
	kill := pick(t, Config{}, "process_kill")
	s := sleeper(t, "876.5", nil)
	pid := s.Process.Pid
	t.Run("stop and continue", func(t *testing.T) {
		for _, c := range []struct{ sig, want, state string }{{"STOP", "paused", "T"}, {"sigcont", "carries on", "S"}} {
			got, err := call(t, kill, fmt.Sprintf(`{"pid":%d,"signal":%q}`, pid, c.sig))
			if err != nil || !strings.Contains(got, c.want) {
				t.Fatalf("%s: %q %v", c.sig, got, err)
			}
			if st := waitState(pid, c.state); st != c.state {
				t.Errorf("after %s the state is %s, want %s", c.sig, st, c.state)
			}
		}
	})
	t.Run("assess", func(t *testing.T) {
		a := kill.Grade(json.RawMessage(fmt.Sprintf(`{"pid":%d}`, pid)))
		if a.Scope != "sleep" || a.Summary != fmt.Sprintf("kill %d (sleep) with TERM", pid) || a.Risk != 2 {
			t.Errorf("%+v", a)
		}
	})
	t.Run("term", func(t *testing.T) {
		got, err := call(t, kill, fmt.Sprintf(`{"pid":%d}`, pid))
		if want := fmt.Sprintf("sent TERM to process %d (sleep); it has ended.", pid); err != nil || got != want {
			t.Fatalf("%q %v, want %q", got, err, want)
		}
		if err := s.Wait(); err == nil || !strings.Contains(err.Error(), "terminated") {
			t.Errorf("sleep ended with %v", err)
		}
	})
	t.Run("already ended", func(t *testing.T) {
		if _, err := call(t, kill, fmt.Sprintf(`{"pid":%d}`, pid)); err == nil {
			t.Error("signalled a reaped process")
		}
	})
}

// waitState polls pid's state letter until it is want or a second passes.
func waitState(pid int, want string) string {
	var st string
	for range 40 {
		if p, err := readStat(pid); err == nil {
			if st = string(p.State); st == want {
				break
			}
		}
		time.Sleep(25 * time.Millisecond)
	}
	return st
}

func TestProcessKillRefuses(t *testing.T) {
	kill := pick(t, Config{}, "process_kill")
	max, _ := os.ReadFile("/proc/sys/kernel/pid_max")
	unused, _ := strconv.Atoi(strings.TrimSpace(string(max)))
	cases := []struct{ name, args, wantErr string }{
		{"init", `{"pid":1}`, "refusing to signal process 1"},
		{"zero", `{"pid":0}`, "pid must be a positive process number, not 0"},
		{"negative", `{"pid":-5}`, "pid must be a positive process number, not -5"},
		{"kin itself", fmt.Sprintf(`{"pid":%d}`, os.Getpid()), "it is kin itself"},
		{"kin's parent", fmt.Sprintf(`{"pid":%d}`, os.Getppid()), "the program that started kin"},
		{"no such pid", fmt.Sprintf(`{"pid":%d}`, unused), "no process with pid"},
		{"missing pid", `{}`, "pid argument is missing"},
		{"mistyped pid", `{"pid":"12"}`, "pid"},
		{"bad signal", `{"pid":12345,"signal":"USR1"}`, `signal must be one of TERM, KILL, INT, HUP, STOP, CONT, not "USR1"`},
	}
	if os.Getuid() == 0 {
		other := sleeper(t, "765.4", &syscall.Credential{Uid: 65534, Gid: 65534})
		cases = append(cases, struct{ name, args, wantErr string }{"another user's",
			fmt.Sprintf(`{"pid":%d,"signal":"KILL"}`, other.Process.Pid), "belongs to another user (uid 65534)"})
		defer func() {
			if !alive(other.Process.Pid) {
				t.Error("another user's process was killed")
			}
		}()
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got, err := call(t, kill, c.args); err == nil || !strings.Contains(err.Error(), c.wantErr) {
				t.Errorf("%q %v, want an error containing %q", got, err, c.wantErr)
			}
		})
	}
}

func BenchmarkListProcs(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		if _, err := listProcs(true); err != nil {
			b.Fatal(err)
		}
	}
}
