//go:build linux

package system

import (
	"errors"
	"fmt"
	"os"
	"syscall"
)

var signalsByName = map[string]syscall.Signal{"TERM": syscall.SIGTERM, "KILL": syscall.SIGKILL,
	"INT": syscall.SIGINT, "HUP": syscall.SIGHUP, "STOP": syscall.SIGSTOP, "CONT": syscall.SIGCONT}

var signalNames = map[syscall.Signal]string{syscall.SIGTERM: "SIGTERM", syscall.SIGKILL: "SIGKILL",
	syscall.SIGINT: "SIGINT", syscall.SIGHUP: "SIGHUP", syscall.SIGQUIT: "SIGQUIT", syscall.SIGPIPE: "SIGPIPE",
	syscall.SIGSEGV: "SIGSEGV", syscall.SIGABRT: "SIGABRT", syscall.SIGBUS: "SIGBUS", syscall.SIGFPE: "SIGFPE",
	syscall.SIGILL: "SIGILL", syscall.SIGALRM: "SIGALRM", syscall.SIGUSR1: "SIGUSR1", syscall.SIGUSR2: "SIGUSR2",
	syscall.SIGXCPU: "SIGXCPU", syscall.SIGXFSZ: "SIGXFSZ", syscall.SIGSYS: "SIGSYS", syscall.SIGTRAP: "SIGTRAP"}

// signalName names a signal the way shells do, e.g. "SIGTERM (15)".
func signalName(s syscall.Signal) string {
	if n, ok := signalNames[s]; ok {
		return fmt.Sprintf("%s (%d)", n, int(s))
	}
	return fmt.Sprintf("%d (%s)", int(s), s)
}

// signalProcess sends the named signal to pid if check accepts the
// process. The process is pinned first (a pidfd on current kernels), so
// the signal cannot reach a different process that reuses the pid after
// the check.
func signalProcess(pid int, name string, check func(procInfo) error) (procInfo, error) {
	sig, ok := signalsByName[name]
	if !ok {
		return procInfo{}, fmt.Errorf("unknown signal %q", name)
	}
	p, err := os.FindProcess(pid)
	if err != nil {
		return procInfo{}, errNoProcess
	}
	defer p.Release()
	info, err := readProc(pid)
	if err != nil {
		return info, err
	}
	if err := check(info); err != nil {
		return info, err
	}
	switch err := p.Signal(sig); {
	case errors.Is(err, os.ErrProcessDone):
		return info, errNoProcess
	case errors.Is(err, syscall.EPERM):
		return info, fmt.Errorf("the system did not allow signalling process %d (%s): permission denied", pid, info.Comm)
	case err != nil:
		return info, fmt.Errorf("could not signal process %d (%s): %w", pid, info.Comm, err)
	}
	return info, nil
}
