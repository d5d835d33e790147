package raster

import (
	"image"
	"testing"
)

// translucent is pattern with every fifth texel's alpha at 40% (its colour
// premultiplied), which the vector path leaves to the scalar one.
func translucent(w, h int) *Image {
	img := pattern(w, h)
	for i := 0; i < len(img.Pix); i += 5 {
		p := img.Pix[i]
		scale := func(c uint32) uint32 { return c * 102 / 255 }
		img.Pix[i] = scale(p&255) | scale(p>>8&255)<<8 | scale(p>>16&255)<<16 | 102<<24
	}
	return img
}

// withQueue renders draws with the queued path on or off, and vector
// shading on or off, restoring both after.
func withQueue(tb testing.TB, queued, vector bool, r image.Rectangle, l *Lights, draws []Draw) *Target {
	v0, q0 := vectorShading, queueAlways
	vectorShading, queueAlways = vector, queued
	defer func() { vectorShading, queueAlways = v0, q0 }()
	return render(tb, r, 2, l, draws...)
}

// TestQueuedSamePicture checks that the queued path draws the very pixels
// of shading each fragment as it passes: its fragments shaded one by one,
// and four at once where this build can (GOEXPERIMENT=simd on amd64 with
// AVX2). The scene queues fragments of several draws over each other, with
// texture coordinates that wrap every way and translucent texels, which
// the vector path works out lane by lane, and draws whose fragments
// overwrite each other's within a queue, opaque and masked (a masked
// fragment cut out shows the one queued before it).
func TestQueuedSamePicture(t *testing.T) {
	draws, l := avatarScene(240, 360, 20000, true)
	outfit := *draws[1].Mat
	outfit.Alpha = Opaque
	draws[1].Mat, draws[1].Base = &outfit, translucent(128, 64)
	cam := camera{w: 240, h: 360, f: 395, near: 2, far: 4}
	for i, wrap := range []Wrap{Clamp, Mirror} {
		m := &Material{BaseColor: [4]float32{0.8, 1, 0.9, 1}, Emissive: [3]float32{0.02, 0, 0.05}, Textured: true, VertexLit: true,
			Sampler: Sampler{WrapS: wrap, WrapT: Repeat}}
		draws = append(draws, cam.sphere(m, pattern(32, 16), vec{0.25 - 0.5*float64(i), -0.2, -2.5}, 0.15, 12, 24))
	}
	masked := *draws[0].Mat
	masked.Alpha, masked.Cutoff = Mask, 0.5
	draws = append(draws, cam.sphere(&masked, translucent(64, 32), vec{0, 0.1, -2.4}, 0.2, 16, 32),
		stacked(l, pattern(16, 16), nil), stacked(l, translucent(16, 16), &masked))
	r := image.Rect(0, 0, 240, 360)
	want := withQueue(t, false, false, r, l, draws)
	queued, masks := 0, 0
	for _, d := range draws {
		if fastFor(d.Mat, d.Base) {
			queued++
			if d.Mat.Alpha == Mask {
				masks++
			}
		}
	}
	if queued != 7 || masks != 2 {
		t.Fatalf("%d draws take the queued path, %d of them masked; want 7 and 2", queued, masks)
	}
	shown := 0
	for i := 3; i < len(want.Pix); i += 4 {
		if want.Pix[i] == 255 {
			shown++
		}
	}
	if shown < 12000 {
		t.Fatalf("%d opaque pixels drawn, want 12000 or more", shown)
	}
	vectors := []bool{false}
	if vectorShading {
		vectors = append(vectors, true)
	} else {
		t.Log("this build shades no vectors: the queue's scalar path alone is compared")
	}
	for _, vector := range vectors {
		got := withQueue(t, true, vector, r, l, draws)
		if i := firstDiff(got.Pix, want.Pix); i >= 0 {
			p := i / 4
			t.Errorf("vector shading %v: pixel (%d, %d) channel %d = %d, want %d", vector, p%r.Dx(), p/r.Dx(), i%4, got.Pix[i], want.Pix[i])
		}
	}
}

// stacked is a draw lit per vertex over the lights l: in a grid of 3×3
// pixel cells near the top left, three triangles each, listed nearest
// first, so that each is drawn over the one before in the same queue (and
// in every other cell farthest first, so that each is drawn under it).
// Each layer samples texture tex elsewhere. Its material is m, or an
// opaque white one when m is nil; a masked one is shifted down, clear of
// the opaque one.
func stacked(l *Lights, tex *Image, m *Material) Draw {
	var vs []Vertex
	v := func(x, y, z, du float32) Vertex {
		iw := l.DepthW[0] - z*l.DepthW[1]
		return Vertex{DstX: x, DstY: y, SrcX: iw, SrcY: 0.9 * iw, ColorB: iw, ColorA: iw,
			Custom0: (x/40 + du) * iw, Custom1: y / 40 * iw, Custom2: z}
	}
	top := float32(4)
	if m != nil {
		top = 44
	}
	for y := top; y < top+36; y += 3 {
		for x := float32(4); x < 60; x += 3 {
			for k := range 3 {
				if int(x/3)%2 == 1 {
					k = 2 - k // every other cell farthest first, drawn nearest first
				}
				z, du := 0.01*float32(k+1), 0.3*float32(k)
				vs = append(vs, v(x, y, z, du), v(x+3.5, y, z, du), v(x, y+3.5, z, du))
			}
		}
	}
	if m == nil {
		m = &Material{BaseColor: [4]float32{1, 1, 1, 1}, Textured: true, VertexLit: true}
	}
	d := triangles(m, vs...)
	d.Base = tex
	return d
}
