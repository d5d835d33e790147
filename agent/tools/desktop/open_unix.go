//go:build unix

package desktop

import (
	"os/exec"
	"syscall"
)

// detach starts cmd in a session of its own, so the application outlives
// kin and no terminal signal reaches it.
func detach(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setsid: true}
}
