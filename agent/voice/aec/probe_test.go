package aec

import "testing"

// split runs a canceller on a microphone made of parts (echo, near-end speech,
// noise…) and also carries each part through the same filter and gains, block by
// block: since the canceller is linear once its state is fixed, the output is
// exactly the sum of the parts' outputs, so what is left of each can be measured
// on its own.
type split struct {
	c     *Canceller
	parts [][]float64
	outs  [][]float64 // each part's output, aligned with out
	out   []float64   // the canceller's own output, block by block
	blk   int
	olas  []ola
	block []float32
}

// run processes mic = Σ parts against ref in frames of frame samples. The first
// part is the echo: the filter's echo estimate is subtracted from it.
func runSplit(t testing.TB, c *Canceller, ref []int16, frame int, parts ...[]float64) *split {
	t.Helper()
	s := &split{c: c, parts: parts, outs: make([][]float64, len(parts)), block: make([]float32, c.b)}
	for range parts {
		s.olas = append(s.olas, newOLA(c.b))
	}
	mic := make([]int16, len(ref))
	for i := range mic {
		var v float64
		for _, p := range parts {
			v += p[i]
		}
		mic[i] = clamp16(float32(v))
	}
	c.onBlock = s.onBlock
	for i := 0; i+frame <= len(mic); i += frame {
		c.Process(mic[i:i+frame], ref[i:i+frame])
	}
	c.onBlock = nil
	return s
}

func (s *split) onBlock(echo, gain []float32) {
	b := s.c.b
	at := s.blk * b
	s.blk++
	for _, v := range s.c.block {
		s.out = append(s.out, float64(v))
	}
	for p, part := range s.parts {
		for i := range s.block {
			s.block[i] = float32(part[at+i])
			if p == 0 {
				s.block[i] -= echo[i]
			}
		}
		if s.c.cfg.SuppressDB < 0 {
			for _, v := range s.block {
				s.outs[p] = append(s.outs[p], float64(v))
			}
			continue
		}
		sup := s.c.sup
		sup.analyse(&s.olas[p], s.block)
		out := make([]float32, b)
		sup.synthesise(&s.olas[p], out, gain)
		for _, v := range out {
			s.outs[p] = append(s.outs[p], float64(v))
		}
	}
}

// energy is the sum of squares of x[from:to] (clamped to x).
func energy(x []float64, from, to int) float64 {
	var e float64
	for _, v := range x[min(from, len(x)):min(to, len(x))] {
		e += v * v
	}
	return e
}
