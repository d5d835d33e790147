package raster

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"
)

// refWrap is shaders/common.kage's wrapAxis in float64, with GLSL's mod.
func refWrap(i, size float64, m Wrap) float64 {
	mod := func(x, y float64) float64 { return x - y*math.Floor(x/y) }
	switch m {
	case Clamp:
		return min(max(i, 0), size-1)
	case Mirror:
		k := mod(i, 2*size)
		return min(k, 2*size-1-k)
	}
	return mod(i, size)
}

// refSample is shaders/common.kage's sampleTex in float64: the filtered
// premultiplied texel of img at (u, v), channels in [0, 1].
func refSample(img *Image, s Sampler, u, v float64) [4]float64 {
	w, h := float64(img.W), float64(img.H)
	fetch := func(x, y float64) [4]float64 {
		p := img.Pix[int(y)*img.W+int(x)]
		return [4]float64{float64(p&255) / 255, float64(p>>8&255) / 255, float64(p>>16&255) / 255, float64(p>>24) / 255}
	}
	px, py := u*w-0.5, v*h-0.5
	if s.Nearest {
		return fetch(refWrap(math.Floor(px+0.5), w, s.WrapS), refWrap(math.Floor(py+0.5), h, s.WrapT))
	}
	ix, iy := math.Floor(px), math.Floor(py)
	fx, fy := px-ix, py-iy
	x0, x1 := refWrap(ix, w, s.WrapS), refWrap(ix+1, w, s.WrapS)
	y0, y1 := refWrap(iy, h, s.WrapT), refWrap(iy+1, h, s.WrapT)
	a, b, c, d := fetch(x0, y0), fetch(x1, y0), fetch(x0, y1), fetch(x1, y1)
	var t [4]float64
	for k := range t {
		top := a[k] + (b[k]-a[k])*fx
		bottom := c[k] + (d[k]-c[k])*fx
		t[k] = top + (bottom-top)*fy
	}
	return t
}

// randomImage is a w×h image of random premultiplied texels.
func randomImage(rng *rand.Rand, w, h int) *Image {
	pix := make([]byte, 4*w*h)
	for i := 0; i < len(pix); i += 4 {
		a := byte(rng.IntN(256))
		pix[i], pix[i+1], pix[i+2], pix[i+3] = byte(rng.IntN(int(a)+1)), byte(rng.IntN(int(a)+1)), byte(rng.IntN(int(a)+1)), a
	}
	return NewImage(w, h, pix)
}

// nearEdge says whether x lies within eps of an integer, where nearest
// sampling jumps from one texel to the next.
func nearEdge(x, eps float64) bool {
	return math.Abs(x-math.Round(x)) < eps
}

// TestSampler compares bilinear and nearest sampling with every wrap mode
// against sampleTex in float64, at coordinates inside, below 0 and above 1,
// on textures of odd and even sizes.
func TestSampler(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	wraps := []Wrap{Repeat, Clamp, Mirror}
	for _, size := range [][2]int{{1, 1}, {2, 2}, {3, 5}, {8, 4}, {7, 1}, {64, 64}} {
		img := randomImage(rng, size[0], size[1])
		for _, nearest := range []bool{false, true} {
			for _, ws := range wraps {
				for _, wt := range wraps {
					s := Sampler{Nearest: nearest, WrapS: ws, WrapT: wt}
					t.Run(fmt.Sprintf("%dx%d %+v", size[0], size[1], s), func(t *testing.T) {
						worst := 0.0
						for range 2000 {
							u, v := float32(rng.Float64()*8-4), float32(rng.Float64()*8-4)
							if rng.IntN(4) == 0 { // exactly on texel centres and edges
								u = float32(rng.IntN(8*size[0])-4*size[0]) / float32(2*size[0])
								v = float32(rng.IntN(8*size[1])-4*size[1]) / float32(2*size[1])
							}
							if nearest && (nearEdge(float64(u)*float64(size[0]), 1e-4) || nearEdge(float64(v)*float64(size[1]), 1e-4)) {
								continue // on a nearest texel's edge float32 and float64 may pick either
							}
							got, want := s.sample(img, u, v), refSample(img, s, float64(u), float64(v))
							for k := range got {
								d := math.Abs(float64(got[k]) - want[k])
								worst = max(worst, d)
								if d > 1e-4 {
									t.Fatalf("sample at (%v, %v) = %v, want %v", u, v, got, want)
								}
							}
						}
						if worst > 2e-5 {
							t.Logf("largest difference %.2g", worst)
						}
					})
				}
			}
		}
	}
}

// TestToLinear compares the gamma decode with math.Pow(x, 2.2), and checks
// that it clamps to [0, 1].
func TestToLinear(t *testing.T) {
	worst := 0.0
	for i := range 1 << 16 {
		x := float32(i) / (1 << 16)
		d := math.Abs(float64(toLinear(x)) - math.Pow(float64(x), 2.2))
		worst = max(worst, d)
	}
	// The table is linear between 4097 points: the error is below
	// h²/8 · max f'' ≈ 2e-8, and float32 rounding adds about 6e-8.
	if worst > 2e-7 {
		t.Errorf("toLinear differs from pow(x, 2.2) by up to %.3g", worst)
	}
	t.Logf("toLinear within %.2g of pow(x, 2.2)", worst)
	for _, tc := range []struct{ x, want float32 }{
		{-1, 0}, {0, 0}, {1, 1}, {1.5, 1}, {float32(math.Inf(1)), 1}, {float32(math.Inf(-1)), 0}, {float32(math.NaN()), 0},
	} {
		if got := toLinear(tc.x); got != tc.want {
			t.Errorf("toLinear(%v) = %v, want %v", tc.x, got, tc.want)
		}
	}
}

// refByte is the byte the colour shader writes for a linear channel c at
// exposure e, with the exact curves: Narkowicz's ACES fit, then gamma
// 1/2.2, rounded.
func refByte(c, e float64) byte {
	x := c * e
	m := (x * (2.51*x + 0.03)) / (x*(2.43*x+0.59) + 0.14)
	return byte(math.Round(math.Pow(min(max(m, 0), 1), 1/2.2) * 255))
}

// TestOutputByte compares the output table with the exact tone curve and
// gamma, at several exposures, over dark and bright values: within 1/255
// everywhere but below half the table's first step (exposed light under
// 1/8192), which rounds to black where the steep gamma curve gives up to
// 2/255.
func TestOutputByte(t *testing.T) {
	const dark = 1.25e-4 // exposed values below this may differ by 2/255
	for _, e := range []float32{0.5, 1, 1.7, 3} {
		var o output
		o.set(e)
		worstDark, worstLit := 0, 0
		check := func(c float32) {
			d := int(o.byteOf(c)) - int(refByte(float64(c), float64(e)))
			d = max(d, -d)
			if float64(c)*float64(e) < dark {
				worstDark = max(worstDark, d)
			} else {
				worstLit = max(worstLit, d)
			}
		}
		for i := range 200000 {
			check(float32(i) / 200000 * 20) // 0..20
		}
		for x := float32(1e-7); x < 1; x *= 1.001 {
			check(x)
		}
		if worstLit > 1 || worstDark > 2 {
			t.Errorf("exposure %v: bytes differ from the exact curve by %d/255 (by %d/255 below %v exposed)", e, worstLit, worstDark, dark)
		}
		t.Logf("exposure %v: within %d/255, and %d/255 below %v exposed", e, worstLit, worstDark, dark)
	}
	var o output
	o.set(1)
	for _, tc := range []struct {
		c    float32
		want byte
	}{{0, 0}, {-1, 0}, {float32(math.NaN()), 0}, {1e9, 255}, {float32(math.Inf(1)), 255}, {16, refByte(16, 1)}, {100, 255}} {
		if got := o.byteOf(tc.c); got != tc.want {
			t.Errorf("byteOf(%v) = %d, want %d", tc.c, got, tc.want)
		}
	}
}
