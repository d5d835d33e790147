//go:build linux

package avatar

import (
	"syscall"
	"testing"
	"time"
)

// cpuTime is the CPU time the test process has used so far.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// reportCPU adds a cpu-ns/op metric measured from the process's CPU time
// since start: on a machine shared with other work, wall-clock ns/op
// counts the time the benchmark waited for a core, CPU time does not.
// The benchmarks it is used in do not allocate, so no GC runs beside them.
func reportCPU(b *testing.B, start time.Duration) {
	if b.N > 0 {
		b.ReportMetric(float64(cpuTime()-start)/float64(b.N), "cpu-ns/op")
	}
}
