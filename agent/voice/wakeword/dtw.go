package wakeword

// The DSP inner loops (here and in mfcc.go) are marked //go:norace: they touch only
// their own arguments, and race instrumentation made them ten times slower under
// `make test`.

import "math"

// normalize returns frames with their mean removed (cepstral mean normalisation).
//
//go:norace
func normalize(frames [][]float32) [][]float32 {
	if len(frames) == 0 {
		return nil
	}
	mean := make([]float32, len(frames[0]))
	for _, f := range frames {
		for i, v := range f {
			mean[i] += v
		}
	}
	for i := range mean {
		mean[i] /= float32(len(frames))
	}
	out := make([][]float32, len(frames))
	for j, f := range frames {
		g := make([]float32, len(f))
		for i, v := range f {
			g[i] = v - mean[i]
		}
		out[j] = g
	}
	return out
}

//go:norace
func cosDist(a, b []float32) float32 {
	var ab, aa, bb float32
	for i := range a {
		ab += a[i] * b[i]
		aa += a[i] * a[i]
		bb += b[i] * b[i]
	}
	if aa == 0 || bb == 0 {
		return 1
	}
	return 1 - ab/float32(math.Sqrt(float64(aa*bb)))
}

// dtw aligns a and b with cosine distance inside a Sakoe-Chiba band of 5 frames (or
// the length difference, if larger) and returns the path cost divided by
// len(a)+len(b). path, if non-nil, receives the aligned pairs.
func dtw(a, b [][]float32, path *[][2]int) float64 {
	n, m := len(a), len(b)
	if n == 0 || m == 0 {
		return math.Inf(1)
	}
	if path == nil {
		return dtwCost(a, b)
	}
	band := max(5, abs(n-m))
	inf := float32(math.Inf(1))
	cost := make([]float32, (n+1)*(m+1))
	for i := range cost {
		cost[i] = inf
	}
	at := func(i, j int) int { return i*(m+1) + j }
	cost[0] = 0
	for i := 1; i <= n; i++ {
		for j := max(1, i-band); j <= min(m, i+band); j++ {
			d := cosDist(a[i-1], b[j-1])
			cost[at(i, j)] = d + min(cost[at(i-1, j)], cost[at(i, j-1)], cost[at(i-1, j-1)])
		}
	}
	if path != nil {
		*path = (*path)[:0]
		for i, j := n, m; i > 0 && j > 0; {
			*path = append(*path, [2]int{i - 1, j - 1})
			switch c := min(cost[at(i-1, j)], cost[at(i, j-1)], cost[at(i-1, j-1)]); c {
			case cost[at(i-1, j-1)]:
				i, j = i-1, j-1
			case cost[at(i-1, j)]:
				i--
			default:
				j--
			}
		}
	}
	return float64(cost[at(n, m)]) / float64(n+m)
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// score maps a DTW cost to 0..1: 1/(1+exp((cost−ref)/ref)) with ref 0.22.
func score(cost float64) float64 {
	const ref = 0.22
	return 1 / (1 + math.Exp((cost-ref)/ref))
}

// dtwCost is dtw without the path, in two rows of memory.
//
//go:norace
func dtwCost(a, b [][]float32) float64 {
	n, m := len(a), len(b)
	band := max(5, abs(n-m))
	inf := float32(math.Inf(1))
	prev, cur := make([]float32, m+1), make([]float32, m+1)
	for j := range prev {
		prev[j] = inf
	}
	prev[0] = 0
	for i := 1; i <= n; i++ {
		lo, hi := max(1, i-band), min(m, i+band)
		for j := range cur {
			cur[j] = inf
		}
		for j := lo; j <= hi; j++ {
			cur[j] = cosDist(a[i-1], b[j-1]) + min(prev[j], cur[j-1], prev[j-1])
		}
		prev, cur = cur, prev
	}
	return float64(prev[m]) / float64(n+m)
}
