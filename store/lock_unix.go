//go:build linux || darwin || freebsd || netbsd || openbsd || dragonfly

package store

import (
	"fmt"
	"os"
	"syscall"
)

// checkUnlocked fails with ErrAlreadyRunning when another process holds Badger's lock
// on dir (an exclusive flock on the directory). It runs before the table check, which
// could otherwise mistake a table the running kin is writing for damage.
func checkUnlocked(dir string) error {
	f, err := os.Open(dir)
	if err != nil {
		return fmt.Errorf("store: %w", err)
	}
	defer f.Close()
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_SH|syscall.LOCK_NB); err != nil {
		return fmt.Errorf("%w (%s is locked; quit the other kin first)", ErrAlreadyRunning, dir)
	}
	return syscall.Flock(int(f.Fd()), syscall.LOCK_UN)
}
