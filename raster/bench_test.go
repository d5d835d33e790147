package raster

import (
	"fmt"
	"image"
	"runtime"
	"testing"
)

// BenchmarkRender draws a synthetic frame like the default avatar's in a
// 480×720 window (see avatarScene: a 512×512 texture, lit per vertex, two
// layers deep over about 60,000 pixels), with the triangles the level of
// detail keeps (10k) and the full meshes' (23k), on one goroutine and on
// GOMAXPROCS. It reports the triangles drawn and the pixels covered.
func BenchmarkRender(b *testing.B) {
	r := image.Rect(0, 0, 480, 720)
	for _, tris := range []int{10000, 23000} {
		draws, l := avatarScene(480, 720, tris, false)
		n := 0
		for _, d := range draws {
			n += len(d.Indices) / 3
		}
		for _, workers := range []int{1, runtime.GOMAXPROCS(0)} {
			b.Run(fmt.Sprintf("tris=%d/workers=%d", tris, workers), func(b *testing.B) {
				var tg Target
				rr := Renderer{Workers: workers}
				tg.Reset(r) // the first frame's buffers and goroutines
				rr.Render(&tg, draws, l)
				b.ReportAllocs()
				for b.Loop() {
					tg.Reset(r)
					rr.Render(&tg, draws, l)
				}
				px := 0
				for i := 3; i < len(tg.Pix); i += 4 {
					if tg.Pix[i] != 0 {
						px++
					}
				}
				b.ReportMetric(float64(n), "tris")
				b.ReportMetric(float64(px), "px")
			})
		}
	}
}

// BenchmarkReset clears a 480×720 target, which each frame of
// BenchmarkRender includes.
func BenchmarkReset(b *testing.B) {
	var tg Target
	r := image.Rect(0, 0, 480, 720)
	tg.Reset(r)
	b.ReportAllocs()
	for b.Loop() {
		tg.Reset(r)
	}
}

// BenchmarkRenderShading draws BenchmarkRender's frame (10k triangles) with
// the outfit opaque, so that every fragment takes the fast path, on one
// goroutine: shaded one by one, and four at once where the build can
// (GOEXPERIMENT=simd, AVX2).
func BenchmarkRenderShading(b *testing.B) {
	draws, l := avatarScene(480, 720, 10000, false)
	outfit := *draws[1].Mat
	outfit.Alpha = Opaque
	draws[1].Mat = &outfit
	r := image.Rect(0, 0, 480, 720)
	modes := []struct {
		name   string
		vector bool
	}{{"one_by_one", false}}
	if vectorShading {
		modes = append(modes, struct {
			name   string
			vector bool
		}{"four_at_once", true})
	}
	for _, m := range modes {
		b.Run(m.name, func(b *testing.B) {
			v0 := vectorShading
			vectorShading = m.vector
			defer func() { vectorShading = v0 }()
			var tg Target
			rr := Renderer{Workers: 1}
			tg.Reset(r)
			rr.Render(&tg, draws, l)
			b.ReportAllocs()
			for b.Loop() {
				tg.Reset(r)
				rr.Render(&tg, draws, l)
			}
		})
	}
}
