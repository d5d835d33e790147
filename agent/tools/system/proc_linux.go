//go:build linux

package system

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"os"
	"strconv"
	"strings"
	"sync"
	"time"
)

// listProcs reads every process in /proc; full adds the owner and the
// command line. Processes that end while being read are skipped.
func listProcs(full bool) ([]procInfo, error) {
	entries, err := os.ReadDir("/proc")
	if err != nil {
		return nil, fmt.Errorf("could not read the process table in /proc: %w", err)
	}
	out := make([]procInfo, 0, len(entries))
	for _, e := range entries {
		pid, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		p, err := readStat(pid)
		if err == nil && full {
			p, err = addDetails(p)
		}
		if err == nil {
			out = append(out, p)
		}
	}
	return out, nil
}

// readProc reads one process with its owner and command line.
func readProc(pid int) (procInfo, error) {
	p, err := readStat(pid)
	if err != nil {
		return p, err
	}
	return addDetails(p)
}

// readStat parses /proc/PID/stat (see proc(5)).
func readStat(pid int) (procInfo, error) {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return procInfo{}, errNoProcess
	}
	return parseStat(pid, b)
}

func parseStat(pid int, b []byte) (procInfo, error) {
	open, shut := bytes.IndexByte(b, '('), bytes.LastIndexByte(b, ')')
	if open < 0 || shut < open {
		return procInfo{}, fmt.Errorf("unreadable /proc/%d/stat", pid)
	}
	f := strings.Fields(string(b[shut+1:])) // f[0] is field 3 of proc(5)
	if len(f) < 22 || len(f[0]) != 1 {
		return procInfo{}, fmt.Errorf("unreadable /proc/%d/stat", pid)
	}
	num := func(i int) uint64 { n, _ := strconv.ParseUint(f[i], 10, 64); return n }
	ppid, _ := strconv.Atoi(f[1])
	tick := clockTick()
	return procInfo{PID: pid, PPID: ppid, UID: -1, State: f[0][0], Comm: string(b[open+1 : shut]),
		CPUSeconds: float64(num(11)+num(12)) / tick,
		Started:    bootTime().Add(time.Duration(float64(num(19)) / tick * float64(time.Second))),
		RSS:        int64(num(21)) * int64(os.Getpagesize()),
	}, nil
}

// addDetails fills in the real uid and the command line.
func addDetails(p procInfo) (procInfo, error) {
	status, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", p.PID))
	if err != nil {
		return p, errNoProcess
	}
	for line := range strings.SplitSeq(string(status), "\n") {
		if rest, ok := strings.CutPrefix(line, "Uid:"); ok {
			if f := strings.Fields(rest); len(f) > 0 {
				p.UID, _ = strconv.Atoi(f[0])
			}
			break
		}
	}
	cmd, _ := os.ReadFile(fmt.Sprintf("/proc/%d/cmdline", p.PID))
	p.Cmdline = strings.TrimSpace(string(bytes.ReplaceAll(cmd, []byte{0}, []byte{' '})))
	if p.Cmdline == "" {
		p.Cmdline = "[" + p.Comm + "]"
	}
	return p, nil
}

var (
	tickOnce sync.Once
	ticks    = 100.0 // USER_HZ: 100 on every mainstream Linux
	bootOnce sync.Once
	booted   time.Time
)

// clockTick returns USER_HZ, the unit of the times in /proc/PID/stat, read
// from the auxiliary vector (AT_CLKTCK); 100 if it cannot be read.
func clockTick() float64 {
	tickOnce.Do(func() {
		b, err := os.ReadFile("/proc/self/auxv")
		if err != nil || strconv.IntSize != 64 {
			return
		}
		for i := 0; i+16 <= len(b); i += 16 {
			key, val := binary.NativeEndian.Uint64(b[i:]), binary.NativeEndian.Uint64(b[i+8:])
			if key == 17 && val > 0 { // AT_CLKTCK
				ticks = float64(val)
			}
		}
	})
	return ticks
}

// bootTime returns when the system started (btime in /proc/stat).
func bootTime() time.Time {
	bootOnce.Do(func() {
		b, _ := os.ReadFile("/proc/stat")
		for line := range strings.SplitSeq(string(b), "\n") {
			if rest, ok := strings.CutPrefix(line, "btime "); ok {
				if s, err := strconv.ParseInt(strings.TrimSpace(rest), 10, 64); err == nil {
					booted = time.Unix(s, 0)
				}
			}
		}
	})
	return booted
}
