package system

import (
	"context"
	_ "embed"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"slices"
	"strings"
	"time"

	"github.com/kin-companion/kin/agent/tools"
)

//go:embed process_kill.md
var processKillDescription string

var processKillSchema = json.RawMessage(`{"type":"object","properties":{
 "pid":{"type":"integer","minimum":2,"description":"Process number, as process_list shows it"},
 "signal":{"type":"string","enum":["TERM","KILL","INT","HUP","STOP","CONT"],"default":"TERM","description":"TERM asks it to quit, KILL forces it, INT is Ctrl-C, HUP hang-up/reload, STOP pauses, CONT resumes"}},
 "required":["pid"]}`)

// killSignals are the signals process_kill may send.
var killSignals = []string{"TERM", "KILL", "INT", "HUP", "STOP", "CONT"}

// killWait is how long process_kill watches a process it asked to end.
const killWait = 2 * time.Second

type killArgs struct {
	PID    *int   `json:"pid"`
	Signal string `json:"signal"`
}

func processKill() *tools.Tool {
	return &tools.Tool{Name: "process_kill", Description: processKillDescription, Schema: processKillSchema,
		Meta: tools.Meta{Risk: tools.High}, Run: runProcessKill, Assess: assessKill}
}

func parseKillArgs(args json.RawMessage) (int, string, error) {
	a, err := tools.Decode[killArgs]("process_kill", args, processKillSchema)
	if err != nil {
		return 0, "", err
	}
	if a.PID == nil {
		return 0, "", errors.New("process_kill: the pid argument is missing; give the process number process_list shows")
	}
	sig := strings.TrimPrefix(strings.ToUpper(strings.TrimSpace(a.Signal)), "SIG")
	if sig == "" {
		sig = "TERM"
	}
	if !slices.Contains(killSignals, sig) {
		return 0, "", fmt.Errorf("process_kill: signal must be one of %s, not %q", strings.Join(killSignals, ", "), a.Signal)
	}
	return *a.PID, sig, refusePID(*a.PID)
}

// refusePID rejects the processes kin must never signal, whoever owns them.
func refusePID(pid int) error {
	switch {
	case pid <= 0:
		return fmt.Errorf("process_kill: pid must be a positive process number, not %d", pid)
	case pid == 1:
		return errors.New("process_kill: refusing to signal process 1: it is the system's init process, and ending it would bring the whole system down")
	case pid == os.Getpid():
		return fmt.Errorf("process_kill: refusing to signal process %d: it is kin itself", pid)
	case pid == os.Getppid():
		return fmt.Errorf("process_kill: refusing to signal process %d: it is the program that started kin, and kin would end with it", pid)
	}
	return nil
}

// refuseProc rejects processes of other users and those already ended.
func refuseProc(p procInfo) error {
	if uid := os.Getuid(); p.UID != uid {
		return fmt.Errorf("refusing to signal process %d (%s): it belongs to another user (uid %d), not to you (uid %d)",
			p.PID, p.Comm, p.UID, uid)
	}
	if p.ended() {
		return fmt.Errorf("process %d (%s) has already ended", p.PID, p.Comm)
	}
	return nil
}

func runProcessKill(ctx context.Context, args json.RawMessage) (string, error) {
	pid, sig, err := parseKillArgs(args)
	if err != nil {
		return "", err
	}
	info, err := signalProcess(pid, sig, refuseProc)
	if errors.Is(err, errNoProcess) {
		return "", fmt.Errorf("process_kill: no process with pid %d is running; process_list shows the current ones", pid)
	}
	if err != nil {
		return "", fmt.Errorf("process_kill: %w", err)
	}
	sent := fmt.Sprintf("sent %s to process %d (%s)", sig, pid, info.Comm)
	switch sig {
	case "STOP":
		return sent + "; it is paused until it gets CONT.", nil
	case "CONT":
		return sent + "; it carries on if it was paused.", nil
	}
	if waitEnded(ctx, pid, info.Started) {
		return sent + "; it has ended.", nil
	}
	return fmt.Sprintf("%s; it is still running after %s (it may be finishing up or ignoring %s; KILL forces it).",
		sent, killWait, sig), nil
}

// waitEnded watches pid for up to killWait and reports whether the process
// that started at started has ended.
func waitEnded(ctx context.Context, pid int, started time.Time) bool {
	tick := time.NewTicker(25 * time.Millisecond)
	defer tick.Stop()
	deadline := time.After(killWait)
	for {
		p, err := readStat(pid)
		if err != nil || p.ended() || !p.Started.Equal(started) {
			return true
		}
		select {
		case <-tick.C:
		case <-deadline:
			return false
		case <-ctx.Done():
			return false
		}
	}
}

// assessKill describes a call: the scope is the process's command name.
func assessKill(args json.RawMessage) tools.Assessment {
	a, err := tools.Decode[killArgs]("process_kill", args, processKillSchema)
	if err != nil || a.PID == nil {
		return tools.Assessment{Risk: tools.High, Summary: "send a signal to a process (its arguments could not be read)"}
	}
	sig := strings.TrimPrefix(strings.ToUpper(strings.TrimSpace(a.Signal)), "SIG")
	if sig == "" {
		sig = "TERM"
	}
	name := "no such process"
	scope := fmt.Sprintf("pid %d", *a.PID)
	if p, err := readStat(*a.PID); err == nil {
		name, scope = p.Comm, p.Comm
	}
	return tools.Assessment{Risk: tools.High, Scope: scope, Summary: fmt.Sprintf("kill %d (%s) with %s", *a.PID, name, sig)}
}
