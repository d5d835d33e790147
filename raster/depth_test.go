package raster

import (
	"image"
	"math"
	"math/rand/v2"
	"slices"
	"testing"
)

// Unlit colours whose channels come out as 0 or 255 exactly (a linear 100
// tone-maps past 1), so expected pixels need no tone curve.
var (
	red   = [4]byte{255, 0, 0, 255}
	green = [4]byte{0, 255, 0, 255}
	blue  = [4]byte{0, 0, 255, 255}
	white = [4]byte{255, 255, 255, 255}
)

// solid is an unlit material with alpha mode m and alpha a drawing colour
// c (one of red, green, blue, white).
func solid(m Alpha, c [4]byte, a float32) *Material {
	ch := func(b byte) float32 { return float32(b) / 255 * 100 }
	return unlit(m, ch(c[0]), ch(c[1]), ch(c[2]), a)
}

// quad is a draw of material m over the rectangle (x0, y0)–(x1, y1), two
// triangles, with depth z0 on its left edge and z1 on its right.
func quad(m *Material, x0, y0, x1, y1, z0, z1 float32) Draw {
	return triangles(m, vert(x0, y0, z0), vert(x1, y0, z1), vert(x1, y1, z1),
		vert(x0, y0, z0), vert(x1, y1, z1), vert(x0, y1, z0))
}

// TestOpaqueNearestWins checks that of opaque and masked surfaces the
// nearest shows at every pixel and its depth is kept, whatever order they
// are listed in, slanted surfaces crossing each other included.
func TestOpaqueNearestWins(t *testing.T) {
	// Three overlapping rectangles, and a slanted one crossing them all.
	draws := []Draw{
		quad(solid(Opaque, red, 1), 2, 2, 14, 14, 0.5, 0.5),
		quad(solid(Opaque, green, 1), 6, 4, 18, 12, 0.3, 0.3),
		quad(solid(Mask, blue, 1), 4, 8, 12, 19, 0.7, 0.7),
		quad(solid(Opaque, white, 1), 0, 6, 20, 10, 0.05, 0.95),
	}
	// want returns the colour and depth expected at pixel (x, y).
	want := func(x, y int) ([4]byte, float32) {
		xc, yc := float64(x)+0.5, float64(y)+0.5
		best, z := [4]byte{}, math.Inf(1)
		for _, d := range draws {
			v := d.Verts
			if xc < float64(v[0].DstX) || xc > float64(v[1].DstX) || yc < float64(v[0].DstY) || yc > float64(v[2].DstY) {
				continue
			}
			f := (xc - float64(v[0].DstX)) / float64(v[1].DstX-v[0].DstX)
			dz := float64(v[0].Custom2) + f*float64(v[1].Custom2-v[0].Custom2)
			if dz < z {
				best, z = solidColour(d.Mat), dz
			}
		}
		return best, float32(z)
	}
	for _, order := range [][]int{{0, 1, 2, 3}, {3, 2, 1, 0}, {1, 3, 0, 2}, {2, 0, 3, 1}} {
		var ds []Draw
		for _, i := range order {
			ds = append(ds, draws[i])
		}
		r := image.Rect(0, 0, 20, 20)
		tg := render(t, r, 2, flatLights(), ds...)
		for y := range r.Dy() {
			for x := range r.Dx() {
				c, z := want(x, y)
				if at(tg, x, y) != c || math.Abs(float64(depthAt(tg, x, y)-z)) > 1e-6 {
					t.Fatalf("order %v: pixel (%d, %d) = %v at depth %v, want %v at %v",
						order, x, y, at(tg, x, y), depthAt(tg, x, y), c, z)
				}
			}
		}
	}
}

// solidColour returns the bytes a material made by solid draws.
func solidColour(m *Material) [4]byte {
	for _, c := range [][4]byte{red, green, blue, white} {
		if *solid(Opaque, c, 1) == (Material{BaseColor: m.BaseColor, Unlit: true, Cutoff: 0.5}) {
			return c
		}
	}
	return [4]byte{}
}

// TestDepthTies checks that of opaque or masked fragments at the same
// depth the one listed later shows, between draws and within one, as the
// GPU's passes draw them.
func TestDepthTies(t *testing.T) {
	a, b := solid(Opaque, red, 1), solid(Mask, green, 1)
	for _, tc := range []struct {
		name  string
		draws []Draw
		want  [4]byte
	}{
		{"two draws", []Draw{quad(a, 0, 0, 8, 8, 0.4, 0.4), quad(b, 0, 0, 8, 8, 0.4, 0.4)}, green},
		{"two draws, other order", []Draw{quad(b, 0, 0, 8, 8, 0.4, 0.4), quad(a, 0, 0, 8, 8, 0.4, 0.4)}, red},
		{"one draw", []Draw{triangles(solid(Opaque, white, 1), append(setColour(quad(a, 0, 0, 8, 8, 0.4, 0.4).Verts, 1, 0, 0),
			setColour(quad(a, 0, 0, 8, 8, 0.4, 0.4).Verts, 0, 0, 1)...)...)}, blue},
		{"three draws", []Draw{quad(b, 0, 0, 8, 8, 0.4, 0.4), quad(a, 0, 0, 8, 8, 0.4, 0.4),
			quad(solid(Opaque, white, 1), 0, 0, 8, 8, 0.4, 0.4)}, white},
		// Drawn nearest first by their mean depths, the later listed still
		// wins where they tie.
		{"two draws, the first drawn first", []Draw{withDepth(quad(a, 0, 0, 8, 8, 0.4, 0.4), 0.1), withDepth(quad(b, 0, 0, 8, 8, 0.4, 0.4), 0.9)}, green},
		{"three draws, the first drawn last", []Draw{withDepth(quad(b, 0, 0, 8, 8, 0.4, 0.4), 0.9), withDepth(quad(a, 0, 0, 8, 8, 0.4, 0.4), 0.1),
			withDepth(quad(solid(Opaque, white, 1), 0, 0, 8, 8, 0.4, 0.4), 0.5)}, white},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tg := render(t, image.Rect(0, 0, 8, 8), 2, flatLights(), tc.draws...)
			for y := range 8 {
				for x := range 8 {
					if got := at(tg, x, y); got != tc.want {
						t.Fatalf("pixel (%d, %d) = %v, want %v", x, y, got, tc.want)
					}
				}
			}
		})
	}
}

// withDepth is d with its mean depth set to z.
func withDepth(d Draw, z float32) Draw {
	d.Depth = z
	return d
}

// TestDrawOrderSamePicture: the opaque draws go nearest first by their
// mean depths, and however those order them the picture and the depths
// are the ones the order listed gives — where a copy of the body in
// another colour ties with it at every pixel too.
func TestDrawOrderSamePicture(t *testing.T) {
	draws, l := avatarScene(240, 360, 20000, true)
	twin := draws[0]
	twin.Mat = solid(Opaque, red, 1)
	draws = append(draws, twin)
	r := image.Rect(0, 0, 240, 360)
	want := render(t, r, 2, l, draws...)
	rng := rand.New(rand.NewPCG(7, 9))
	for round := range 4 {
		shuffled := slices.Clone(draws)
		for i := range shuffled {
			shuffled[i].Depth = rng.Float32()
		}
		got := render(t, r, 2, l, shuffled...)
		if i := firstDiff(got.Pix, want.Pix); i >= 0 {
			t.Fatalf("round %d: byte %d = %d, want %d as drawn in the order listed", round, i, got.Pix[i], want.Pix[i])
		}
		if !slices.Equal(got.z, want.z) {
			t.Fatalf("round %d: the depths differ from the order listed", round)
		}
	}
}

// setColour returns a copy of vs with the vertex colour (r, g, b).
func setColour(vs []Vertex, r, g, b float32) []Vertex {
	out := make([]Vertex, len(vs))
	for i, v := range vs {
		v.SrcX, v.SrcY, v.Custom3 = r, g, b
		out[i] = v
	}
	return out
}

// over is premultiplied source-over of a straight colour s (bytes) at
// alpha a onto dst, each channel stored as a byte: the reference for
// blended draws.
func over(dst, s [4]byte, a float64) [4]byte {
	var o [4]byte
	for c := range 3 {
		o[c] = byte(math.Floor((float64(s[c])/255*a+float64(dst[c])/255*(1-a))*255 + 0.5))
	}
	o[3] = byte(math.Floor((a+float64(dst[3])/255*(1-a))*255 + 0.5))
	return o
}

// TestBlend checks that blended draws are depth-tested against opaque ones
// but write no depth, and compose in the order listed over what is there,
// after the opaque draws whatever their place in the list.
func TestBlend(t *testing.T) {
	base := quad(solid(Opaque, blue, 1), 0, 0, 8, 8, 0.6, 0.6)
	far := quad(solid(Blend, red, 0.5), 0, 0, 8, 8, 0.4, 0.4)
	near := quad(solid(Blend, green, 0.25), 0, 0, 8, 8, 0.2, 0.2)
	hidden := quad(solid(Blend, white, 0.5), 0, 0, 8, 8, 0.8, 0.8)
	none := [4]byte{}
	for _, tc := range []struct {
		name  string
		draws []Draw
		want  [4]byte
		depth float32
	}{
		{"one over opaque", []Draw{base, far}, over(blue, red, 0.5), 0.6},
		{"far to near", []Draw{base, far, near}, over(over(blue, red, 0.5), green, 0.25), 0.6},
		{"near to far, as listed", []Draw{base, near, far}, over(over(blue, green, 0.25), red, 0.5), 0.6},
		{"opaque listed last", []Draw{far, near, base}, over(over(blue, red, 0.5), green, 0.25), 0.6},
		{"behind opaque", []Draw{base, hidden}, blue, 0.6},
		{"at the opaque's depth", []Draw{base, quad(solid(Blend, red, 0.5), 0, 0, 8, 8, 0.6, 0.6)}, over(blue, red, 0.5), 0.6},
		{"over nothing", []Draw{far, near}, over(over(none, red, 0.5), green, 0.25), farDepth},
		{"twice over nothing", []Draw{far, far}, over(over(none, red, 0.5), red, 0.5), farDepth},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tg := render(t, image.Rect(0, 0, 8, 8), 2, flatLights(), tc.draws...)
			for y := range 8 {
				for x := range 8 {
					if got, z := at(tg, x, y), depthAt(tg, x, y); got != tc.want || z != tc.depth {
						t.Fatalf("pixel (%d, %d) = %v at depth %v, want %v at %v", x, y, got, z, tc.want, tc.depth)
					}
				}
			}
		})
	}
}

// TestMaskCutsOut checks that a masked material's fragments whose alpha
// (factor × texture × vertex alpha) falls below its cut-off are neither
// drawn nor write depth, so that what lies behind shows through, and the
// others are drawn opaque.
func TestMaskCutsOut(t *testing.T) {
	const w = 16
	// Alpha rising from 0 on the left to 1 on the right, by vertex alpha
	// or by texture (two texels, nearest, clamped).
	ramp := quad(solid(Mask, green, 1), 0, 0, w, 4, 0.3, 0.3)
	for i := range ramp.Verts {
		ramp.Verts[i].ColorA = ramp.Verts[i].DstX / w
	}
	tex := quad(solid(Mask, green, 0.8), 0, 0, w, 4, 0.3, 0.3)
	tex.Mat.Textured, tex.Mat.Sampler = true, Sampler{Nearest: true, WrapS: Clamp, WrapT: Clamp}
	tex.Base = NewImage(2, 1, []byte{0, 0, 0, 0, 255, 255, 255, 255})
	for i := range tex.Verts {
		tex.Verts[i].Custom0 = tex.Verts[i].DstX / w
	}
	for _, tc := range []struct {
		name   string
		mask   Draw
		cutoff float32
		cut    func(x int) bool
	}{
		{"vertex alpha, cut-off 0.5", ramp, 0.5, func(x int) bool { return (float32(x)+0.5)/w < 0.5 }},
		{"vertex alpha, cut-off 0.8", ramp, 0.8, func(x int) bool { return (float32(x)+0.5)/w < 0.8 }},
		{"texture alpha", tex, 0.5, func(x int) bool { return x < w/2 }},
		{"texture alpha times factor 0.8 below cut-off", tex, 0.9, func(int) bool { return true }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m := *tc.mask.Mat
			m.Cutoff = tc.cutoff
			mask := tc.mask
			mask.Mat = &m
			// The masked draw listed last, so drawn first.
			tg := render(t, image.Rect(0, 0, w, 4), 2, flatLights(),
				quad(solid(Opaque, red, 1), 0, 0, w, 4, 0.6, 0.6), mask)
			for y := range 4 {
				for x := range w {
					want, z := green, float32(0.3)
					if tc.cut(x) {
						want, z = red, 0.6
					}
					if got := at(tg, x, y); got != want || depthAt(tg, x, y) != z {
						t.Fatalf("pixel (%d, %d) = %v at depth %v, want %v at %v", x, y, got, depthAt(tg, x, y), want, z)
					}
				}
			}
		})
	}
}
