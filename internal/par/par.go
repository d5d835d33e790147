// Package par splits a frame's work between goroutines without
// allocating: [Group.Run] does the parts of a [Job] on the calling
// goroutine and on helpers that wait for work, and returns when every
// part is done.
//
// Helpers are shared by every Group. A part goes to a helper only if one
// is waiting; otherwise the caller does it, so a Group never waits for
// another's work, and Run may be called from any goroutine.
package par

import (
	"cmp"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"
)

// Job is work in parts.
type Job interface {
	// Part does part i of the job. Parts run at once, in any order.
	Part(i int)
}

// Group runs jobs, one at a time. Its zero value is ready to use.
type Group struct {
	job  Job
	n    int32
	next atomic.Int32
	wg   sync.WaitGroup
}

// Run does parts 0 to n−1 of job, on at most workers goroutines (the
// caller's included; 0 means GOMAXPROCS), and returns when all are done.
func (g *Group) Run(n, workers int, job Job) {
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	help := min(n, workers) - 1
	if help <= 0 {
		for i := range n {
			job.Part(i)
		}
		return
	}
	g.job, g.n = job, int32(n)
	g.next.Store(0)
	startHelpers(help)
	for range help {
		if idle.Add(-1) < 0 { // every helper is busy: the caller does more itself
			idle.Add(1)
			break
		}
		g.wg.Add(1)
		handed <- g // to the idle helper claimed, which is receiving or about to
	}
	g.work()
	g.wg.Wait()
	g.job = nil
}

// work does parts of the group's job until none is left.
func (g *Group) work() {
	for {
		i := g.next.Add(1) - 1
		if i >= g.n {
			return
		}
		g.job.Part(int(i))
	}
}

// handed passes a group to a helper claimed from idle, the number of
// helpers waiting for a group (or about to).
var (
	handed  = make(chan *Group)
	helpers atomic.Int32
	idle    atomic.Int32
)

// startHelpers makes sure at least n helpers exist.
func startHelpers(n int) {
	for {
		have := helpers.Load()
		if int(have) >= n {
			return
		}
		if helpers.CompareAndSwap(have, have+1) {
			go help()
		}
	}
}

// help is a helper: it works on each group handed to it.
func help() {
	idle.Add(1)
	for g := range handed {
		g.work()
		idle.Add(1) // before the group is done: a Run straight after finds this helper
		g.wg.Done()
	}
}

// Split shares items 0 to len(sizes)−1 between up to n parts (at least
// one) so that their sizes sum about evenly: the largest first, each to the
// part with the least so far. Each part lists its items in increasing
// order.
func Split(sizes []int, n int) [][]int {
	n = max(min(n, len(sizes)), 1)
	order := make([]int, len(sizes))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int { return cmp.Compare(sizes[b], sizes[a]) })
	parts, load := make([][]int, n), make([]int, n)
	for _, i := range order {
		k := slices.Index(load, slices.Min(load))
		parts[k] = append(parts[k], i)
		load[k] += sizes[i]
	}
	for _, p := range parts {
		slices.Sort(p)
	}
	return parts
}
