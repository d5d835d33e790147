//go:build !linux

package engine

import (
	"errors"
	"time"
)

type procStat struct {
	minFaults int64
	cpu       time.Duration
	rss       int64
}

// readProcStat needs Linux's /proc.
func readProcStat() (procStat, error) {
	return procStat{}, errors.New("engine: page faults and CPU time are only measured on Linux")
}
