//go:build !linux

package system

import (
	"context"
	"errors"
)

// errUnsupported is what every call returns on systems other than Linux.
var errUnsupported = errors.New("not supported on this system (only Linux is supported)")

func runShell(context.Context, shellRun) (*shellOutcome, error) { return nil, errUnsupported }

func listProcs(bool) ([]procInfo, error) { return nil, errUnsupported }

func readStat(int) (procInfo, error) { return procInfo{}, errUnsupported }

func signalProcess(int, string, func(procInfo) error) (procInfo, error) {
	return procInfo{}, errUnsupported
}
