//go:build !linux

package avatar

import (
	"testing"
	"time"
)

// cpuTime is zero where the process's CPU time is not read.
func cpuTime() time.Duration { return 0 }

// reportCPU reports nothing where the process's CPU time is not read.
func reportCPU(*testing.B, time.Duration) {}
