package system

import (
	"errors"
	"time"
)

// errNoProcess means no process has the pid.
var errNoProcess = errors.New("no such process")

// procInfo is one process as /proc shows it.
type procInfo struct {
	PID, PPID  int
	UID        int    // real user id; -1 when unknown
	State      byte   // R running, S sleeping, D disk wait, Z zombie, T stopped, I idle
	Comm       string // the command name, at most 15 bytes
	Cmdline    string // arguments joined by spaces; "[comm]" for kernel threads
	CPUSeconds float64
	Started    time.Time
	RSS        int64 // resident memory in bytes
}

// ended reports whether the process has finished: gone, or a zombie
// waiting for its parent.
func (p procInfo) ended() bool { return p.State == 'Z' || p.State == 'X' }
