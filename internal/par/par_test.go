package par

import (
	"fmt"
	"runtime"
	"sync/atomic"
	"testing"
)

// counts is a job that counts how often each part ran.
type counts struct {
	ran []atomic.Int32
}

func (c *counts) Part(i int) { c.ran[i].Add(1) }

// TestRunDoesEveryPartOnce: for any number of parts and workers, every
// part runs exactly once and Run returns after all of them.
func TestRunDoesEveryPartOnce(t *testing.T) {
	var g Group
	for _, n := range []int{0, 1, 2, 3, 7, 64} {
		for _, w := range []int{0, 1, 2, 4, 16} {
			c := &counts{ran: make([]atomic.Int32, n)}
			g.Run(n, w, c)
			for i := range c.ran {
				if got := c.ran[i].Load(); got != 1 {
					t.Fatalf("%d parts, %d workers: part %d ran %d times", n, w, i, got)
				}
			}
		}
	}
}

// blocker is a job whose parts wait until released, and report that they
// started.
type blocker struct {
	started chan int
	release chan struct{}
}

func (b *blocker) Part(i int) {
	b.started <- i
	<-b.release
}

// TestParallel: two parts of a job run at the same time — each waits for
// the other to start — and a second group, run while the first holds the
// helpers, still finishes on its caller.
func TestParallel(t *testing.T) {
	startHelpers(1)
	for idle.Load() < 1 { // the helper is waiting
		runtime.Gosched()
	}
	var g Group
	b := &blocker{started: make(chan int, 2), release: make(chan struct{})}
	done := make(chan struct{})
	go func() {
		g.Run(2, 2, b)
		close(done)
	}()
	<-b.started
	<-b.started // both parts started: a helper took one
	var other Group
	c := &counts{ran: make([]atomic.Int32, 5)}
	other.Run(5, 2, c) // the helper is busy: the caller does all five
	for i := range c.ran {
		if c.ran[i].Load() != 1 {
			t.Fatalf("the second group's part %d ran %d times", i, c.ran[i].Load())
		}
	}
	close(b.release)
	<-done
}

// TestRunAllocatesNothing: a job run again allocates nothing.
func TestRunAllocatesNothing(t *testing.T) {
	var g Group
	c := &counts{ran: make([]atomic.Int32, 8)}
	g.Run(8, 2, c)
	if a := testing.AllocsPerRun(50, func() { g.Run(8, 2, c) }); a != 0 {
		t.Errorf("%v allocations a run", a)
	}
}

// spin is a job whose parts each do a fixed amount of arithmetic.
type spin struct {
	n   int
	out [8]float64
}

func (s *spin) Part(i int) {
	x := float64(i)
	for range s.n {
		x = x*1.0000001 + 1
	}
	s.out[i%8] = x
}

// BenchmarkRun measures what a Run costs beyond its parts' work: two
// parts of no work (the handing over and the waiting), and two parts of
// about 40 µs and of about 400 µs each. Two cores would do those in half
// the time of one, less the time a waiting helper takes to wake.
func BenchmarkRun(b *testing.B) {
	for _, n := range []int{0, 20000, 200000} {
		for _, w := range []int{1, 2} {
			b.Run(fmt.Sprintf("work=%d/workers=%d", n, w), func(b *testing.B) {
				var g Group
				job := &spin{n: n}
				b.ReportAllocs()
				for b.Loop() {
					g.Run(2, w, job)
				}
			})
		}
	}
}

// TestSplit: every item goes to exactly one part, the parts' sizes are
// about even, and each lists its items in order.
func TestSplit(t *testing.T) {
	for _, tc := range []struct {
		sizes []int
		n     int
		want  [][]int
	}{
		{nil, 2, [][]int{nil}},
		{[]int{5}, 4, [][]int{{0}}},
		{[]int{120, 120, 84, 1082, 2162, 1230, 641, 4343, 3310}, 2, [][]int{{0, 1, 2, 5, 6, 7}, {3, 4, 8}}}, // 6538 and 6554 vertices
		{[]int{3, 3, 3, 3}, 2, [][]int{{0, 2}, {1, 3}}},
		{[]int{1, 2, 3}, 1, [][]int{{0, 1, 2}}},
	} {
		got := Split(tc.sizes, tc.n)
		if fmt.Sprint(got) != fmt.Sprint(tc.want) {
			t.Errorf("Split(%v, %d) = %v, want %v", tc.sizes, tc.n, got, tc.want)
		}
	}
}
