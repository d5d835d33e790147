package desktop

import (
	"image"
	"runtime"
	"sync"
)

// span is the run of source pixels averaged into one output pixel.
type span struct{ start, n int }

// fitSize scales w×h down so its long side is at most limit, keeping the
// aspect ratio; it never scales up.
func fitSize(w, h, limit int) (int, int) {
	long := max(w, h)
	if long <= limit {
		return w, h
	}
	return max(1, (w*limit+long/2)/long), max(1, (h*limit+long/2)/long)
}

// spans maps each of dst output pixels to the source pixels it covers.
func spans(src, dst int) []span {
	out := make([]span, dst)
	for i := range out {
		a, b := i*src/dst, (i+1)*src/dst
		out[i] = span{a, max(1, b-a)}
	}
	return out
}

// scaled converts p to RGBA at dw×dh, each output pixel the average of the
// source pixels under it (a box filter: sharp text at mild reductions, no
// aliasing at strong ones). Rows are shared among the CPUs.
func (p *pixels) scaled(dw, dh int) *image.RGBA {
	dst := image.NewRGBA(image.Rect(0, 0, dw, dh))
	xs, ys := spans(p.width, dw), spans(p.height, dh)
	workers := min(runtime.GOMAXPROCS(0), max(1, dh/64))
	var wg sync.WaitGroup
	for k := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			p.scaleRows(dst, xs, ys[k*dh/workers:(k+1)*dh/workers], k*dh/workers)
		}()
	}
	wg.Wait()
	return dst
}

// scaleRows fills dst rows from y0 on, one per entry of ys. Each source
// row is read once, front to back, adding every pixel into the sums of
// the output column it falls in.
func (p *pixels) scaleRows(dst *image.RGBA, xs, ys []span, y0 int) {
	bpp, f := p.f.bpp, p.f
	col := make([]int32, 0, p.width) // output column of each source column
	for dx, sx := range xs {
		for range sx.n {
			col = append(col, int32(dx))
		}
	}
	col = col[:min(len(col), p.width)]
	sum := make([]uint32, 3*len(xs))
	for i, sy := range ys {
		clear(sum)
		for yy := sy.start; yy < sy.start+sy.n; yy++ {
			row := p.row(yy)[:len(col)*bpp]
			for sx, dx := range col {
				px := row[sx*bpp : sx*bpp+bpp]
				s := sum[3*dx : 3*dx+3 : 3*dx+3]
				s[0] += uint32(px[f.r])
				s[1] += uint32(px[f.g])
				s[2] += uint32(px[f.b])
			}
		}
		out := dst.Pix[(y0+i)*dst.Stride : (y0+i)*dst.Stride+4*len(xs)]
		for dx, sx := range xs {
			n := uint32(sx.n * sy.n)
			s, o := sum[3*dx:3*dx+3:3*dx+3], out[4*dx:4*dx+4:4*dx+4]
			o[0], o[1], o[2], o[3] = byte((s[0]+n/2)/n), byte((s[1]+n/2)/n), byte((s[2]+n/2)/n), 0xff
		}
	}
}
