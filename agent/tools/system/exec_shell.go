package system

import (
	"context"
	_ "embed"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/kin-companion/kin/agent/redact"
	"github.com/kin-companion/kin/agent/tools"
)

//go:embed exec_shell.md
var execShellDescription string

var execShellSchema = json.RawMessage(`{"type":"object","properties":{
 "command":{"type":"string","description":"The command line, run with /bin/sh -c"},
 "cwd":{"type":"string","description":"Directory to run in (absolute, ~/…, or relative to the default directory); default: the default directory"},
 "timeout_s":{"type":"integer","minimum":1,"maximum":600,"default":30,"description":"Seconds before the command and everything it started are stopped (1–600)"}},
 "required":["command"]}`)

// Limits of exec_shell.
const (
	DefaultTimeout = 30 * time.Second  // a call's timeout when it names none
	MaxTimeout     = 600 * time.Second // the longest timeout a call may ask for
	// OutputLimit is how many bytes (stdout and stderr together) a command
	// may print before it is stopped: only HeadBytes+TailBytes of each
	// stream reach the model anyway, and a command printing this much
	// (yes, cat /dev/urandom) is almost always a runaway.
	OutputLimit = 64 << 20
)

type shellArgs struct {
	Command  string `json:"command"`
	Cwd      string `json:"cwd"`
	TimeoutS *int   `json:"timeout_s"`
}

// shellRun is one command to run.
type shellRun struct {
	Command string
	Dir     string
	Env     []string
	Timeout time.Duration
}

// stopReason says why a command did not simply run to its end.
type stopReason int

const (
	ranToEnd  stopReason = iota
	timedOut             // its own timeout_s (or the call's deadline) passed
	cancelled            // the call was cancelled
	tooLoud              // it printed more than OutputLimit
	lingered             // the shell ended but processes it left kept the output open
)

// shellOutcome is what became of a command.
type shellOutcome struct {
	Stdout, Stderr capture
	Status         string // "exit code 0", "killed by signal SIGTERM"
	Stop           stopReason
	Budget         time.Duration // the timeout that applied
}

func execShell(cfg Config) *tools.Tool {
	return &tools.Tool{Name: "exec_shell", Description: execShellDescription, Schema: execShellSchema,
		Meta:   tools.Meta{Risk: tools.High, TimeoutFloor: MaxTimeout},
		Run:    cfg.runShellTool,
		Assess: cfg.assessShell,
	}
}

func parseShellArgs(args json.RawMessage) (shellArgs, time.Duration, error) {
	a, err := tools.Decode[shellArgs]("exec_shell", args, execShellSchema)
	if err != nil {
		return a, 0, err
	}
	if strings.TrimSpace(a.Command) == "" {
		return a, 0, errors.New("exec_shell: the command argument is missing or empty; give the shell command to run")
	}
	timeout := DefaultTimeout
	if a.TimeoutS != nil {
		s := *a.TimeoutS
		if s < 1 || time.Duration(s)*time.Second > MaxTimeout {
			return a, 0, fmt.Errorf("exec_shell: timeout_s must be between 1 and %d seconds, not %d", int(MaxTimeout.Seconds()), s)
		}
		timeout = time.Duration(s) * time.Second
	}
	return a, timeout, nil
}

func (cfg Config) runShellTool(ctx context.Context, args json.RawMessage) (string, error) {
	a, timeout, err := parseShellArgs(args)
	if err != nil {
		return "", err
	}
	dir, err := cfg.workDir(a.Cwd)
	if err != nil {
		return "", fmt.Errorf("exec_shell: %w", err)
	}
	env, _ := redact.Env(cfg.Environ())
	out, err := runShell(ctx, shellRun{Command: a.Command, Dir: dir, Env: env, Timeout: timeout})
	if err != nil {
		return "", fmt.Errorf("exec_shell: %w", err)
	}
	text := out.report()
	if out.Stop == timedOut || out.Stop == cancelled || out.Stop == tooLoud {
		return "", errors.New(text) // a failed call, but the model still sees the output
	}
	return text, nil
}

// assessShell describes a call without running it.
func (cfg Config) assessShell(args json.RawMessage) tools.Assessment {
	a, err := tools.Decode[shellArgs]("exec_shell", args, execShellSchema)
	cmd := strings.TrimSpace(a.Command)
	if err != nil || cmd == "" {
		return tools.Assessment{Risk: tools.High, Summary: "run a shell command (its arguments could not be read)"}
	}
	dir := cfg.DefaultDir
	if strings.TrimSpace(a.Cwd) != "" {
		dir = absPath(a.Cwd, cfg.DefaultDir)
	}
	return tools.Assessment{Risk: tools.High, Scope: cmd,
		Summary: fmt.Sprintf("run %q in %s", clip(cmd, 200), tilde(dir))}
}

// report renders the outcome for the model: what happened, then both
// streams.
func (o *shellOutcome) report() string {
	var b strings.Builder
	switch o.Stop {
	case timedOut:
		fmt.Fprintf(&b, "stopped: the command was still running after %s, so it and every process it started were ended.\n", o.Budget.Round(100*time.Millisecond))
	case cancelled:
		b.WriteString("stopped: the call was cancelled, so the command and every process it started were ended.\n")
	case tooLoud:
		fmt.Fprintf(&b, "stopped: the command printed more than %d MiB, so it and every process it started were ended.\n", OutputLimit>>20)
	case lingered:
		b.WriteString("note: the command left background processes that kept its output open; they were ended. " +
			"To leave something running, redirect its output (nohup CMD >FILE 2>&1 &).\n")
	}
	fmt.Fprintf(&b, "%s\n", o.Status)
	writeStream(&b, "stdout", &o.Stdout)
	writeStream(&b, "stderr", &o.Stderr)
	return strings.TrimRight(b.String(), "\n")
}

func writeStream(b *strings.Builder, name string, c *capture) {
	if c.Total() == 0 {
		fmt.Fprintf(b, "%s: (empty)\n", name)
		return
	}
	fmt.Fprintf(b, "--- %s (%d bytes) ---\n%s\n", name, c.Total(), strings.TrimRight(c.String(), "\n"))
}
