package engine

import (
	"bytes"
	"fmt"
	"os"
	"strconv"
	"time"
)

// procStat is what /proc/self/stat says of the whole process, every
// thread included (Mesa's llvmpipe shades on threads of its own).
type procStat struct {
	minFaults int64         // minor page faults: pages mapped in, mostly memory the allocator got from the kernel anew
	cpu       time.Duration // user plus system time
	rss       int64         // resident memory, bytes
}

// clockTick is the unit of the CPU times in /proc: USER_HZ, 100 on every
// Linux architecture Go supports.
const clockTick = 10 * time.Millisecond

// readProcStat reads the calling process's counters.
func readProcStat() (procStat, error) {
	b, err := os.ReadFile("/proc/self/stat")
	if err != nil {
		return procStat{}, fmt.Errorf("engine: read the process's counters: %w", err)
	}
	// The command name, in parentheses, may hold spaces: fields are
	// counted from the last ')' (field 3, the state, comes next).
	i := bytes.LastIndexByte(b, ')')
	if i < 0 {
		return procStat{}, fmt.Errorf("engine: /proc/self/stat has an unexpected form: %q", b)
	}
	f := bytes.Fields(b[i+1:])
	if len(f) < 22 {
		return procStat{}, fmt.Errorf("engine: /proc/self/stat has only %d fields", len(f)+2)
	}
	num := func(field int) int64 { // 1-based field number of proc(5)
		n, _ := strconv.ParseInt(string(f[field-3]), 10, 64)
		return n
	}
	return procStat{
		minFaults: num(10),
		cpu:       time.Duration(num(14)+num(15)) * clockTick,
		rss:       num(24) * int64(os.Getpagesize()),
	}, nil
}
