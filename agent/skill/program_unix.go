//go:build unix

package skill

import (
	"os/exec"
	"syscall"
)

// ownGroup starts the program in a process group of its own and stops the
// whole group when the call is cancelled, so a shell script's children
// do not outlive it.
func ownGroup(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error {
		return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
	}
}
