package raster

import (
	"bytes"
	"fmt"
	"image"
	"runtime"
	"slices"
	"testing"
)

// TestWorkersSamePicture checks that any number of goroutines draws the
// same bytes and depths as one, for a frame of many small triangles over
// many bands (opaque, masked and blended), drawn twice by each renderer.
func TestWorkersSamePicture(t *testing.T) {
	for _, r := range []image.Rectangle{image.Rect(0, 0, 240, 360), image.Rect(37, 101, 211, 290)} {
		draws, l := avatarScene(240, 360, 20000, true)
		var want *Target
		for _, n := range []int{1, 2, 4, 8} {
			t.Run(fmt.Sprintf("%v, %d workers", r, n), func(t *testing.T) {
				var tg Target
				rr := Renderer{Workers: n}
				for range 2 {
					tg.Reset(r)
					rr.Render(&tg, draws, l)
				}
				if want == nil {
					want = &Target{Rect: tg.Rect, Pix: slices.Clone(tg.Pix), z: slices.Clone(tg.z)}
					if bytes.Count(tg.Pix, []byte{0, 0, 0, 0}) > len(tg.Pix)/4*9/10 {
						t.Fatal("the scene drew almost nothing")
					}
					return
				}
				if i := firstDiff(tg.Pix, want.Pix); i >= 0 {
					t.Fatalf("byte %d (pixel %d) = %d, want %d as with one worker", i, i/4, tg.Pix[i], want.Pix[i])
				}
				if !slices.Equal(tg.z, want.z) {
					t.Fatal("depth differs from one worker's")
				}
			})
		}
	}
}

// firstDiff returns the first index where a and b differ, or -1.
func firstDiff(a, b []byte) int {
	for i := range min(len(a), len(b)) {
		if a[i] != b[i] {
			return i
		}
	}
	if len(a) != len(b) {
		return min(len(a), len(b))
	}
	return -1
}

// TestRenderAllocatesNothing checks that, after the first, drawing a
// frame like the last allocates nothing, target reset included, with one
// goroutine or several.
func TestRenderAllocatesNothing(t *testing.T) {
	draws, l := avatarScene(240, 360, 5000, true)
	for _, n := range []int{1, 2, runtime.GOMAXPROCS(0), 8} {
		var tg Target
		r := Renderer{Workers: n}
		frame := func() {
			tg.Reset(image.Rect(0, 0, 240, 360))
			r.Render(&tg, draws, l)
		}
		frame()
		if a := testing.AllocsPerRun(20, frame); a != 0 {
			t.Errorf("%d workers: %v allocations a frame", n, a)
		}
	}
}
