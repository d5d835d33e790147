package raster

import (
	"fmt"
	"image"
	"math"
	"testing"
)

// refAttrs interpolates the vertex attributes of triangle v at pixel
// centre (px, py) in float64, linearly in screen space as a GPU does.
func refAttrs(v [3]Vertex, px, py float64) [nAttr]float64 {
	x := func(i int) float64 { return float64(v[i].DstX) }
	y := func(i int) float64 { return float64(v[i].DstY) }
	area := (x(1)-x(0))*(y(2)-y(0)) - (x(2)-x(0))*(y(1)-y(0))
	l1 := ((px-x(0))*(y(2)-y(0)) - (x(2)-x(0))*(py-y(0))) / area
	l2 := ((x(1)-x(0))*(py-y(0)) - (px-x(0))*(y(1)-y(0))) / area
	var a [nAttr]float64
	a0, a1, a2 := v[0].attrs(), v[1].attrs(), v[2].attrs()
	for k := range a {
		a[k] = float64(a0[k]) + l1*float64(a1[k]-a0[k]) + l2*float64(a2[k]-a0[k])
	}
	return a
}

// refFragment is color.kage's Fragment in float64 for an opaque fragment
// of attributes a at pixel centre (px, py), lit by l (per vertex with the
// folded uniforms, per pixel with testRig), as bytes.
func refFragment(l *Lights, m *Material, base *Image, a [nAttr]float64, px, py float64) [4]byte {
	w := 1 / (float64(l.DepthW[0]) - a[aDepth]*float64(l.DepthW[1]))
	u, v := a[aU]*w, a[aV]*w
	col := v64([3]float32(m.BaseColor[:3]))
	if m.Textured {
		t := refSample(base, m.Sampler, u, v)
		k := 1 / max(t[3], 1.0/512)
		col = col.mul(vec{math.Pow(clamp01(t[0]*k), 2.2), math.Pow(clamp01(t[1]*k), 2.2), math.Pow(clamp01(t[2]*k), 2.2)})
	}
	if m.VertexLit {
		n := vec{a[aR], a[aG], a[aB]}.scale(w)
		s := 1 / math.Sqrt(n.dot(n))
		n = n.scale(s)
		cv, ch := a[aS0]*w*s, a[aS1]*w*s
		if cv < 0 {
			n, cv, ch = n.scale(-1), -cv, -ch
		}
		lm := &l.LightMat
		d := func(c int) float64 {
			return max(n.dot(v64([3]float32(lm[3*c:3*c+3])))+float64(l.LightBias[c]), 0)
		}
		light := v64(l.HemiMid).add(v64(l.HemiSlope).scale(n[1])).add(v64(l.KeyColor).scale(d(0))).add(v64(l.FillColor).scale(d(1)))
		t := 1 - cv
		col = col.mul(light).add(v64(l.KeySpec).scale(math.Pow(max(ch, 0), 40))).
			add(v64(l.RimColor).mul(col.scale(0.6).add(splat(0.4))).scale(t * t * t * d(2)))
	} else {
		col = col.mul(vec{a[aS0], a[aS1], a[aC3]}.scale(w))
		view := v64(l.ViewX).scale(px).add(v64(l.ViewY).scale(py)).add(v64(l.ViewO)).norm().scale(-1)
		n := vec{a[aR], a[aG], a[aB]}.norm()
		if n.dot(view) < 0 {
			n = n.scale(-1)
		}
		if !m.Unlit {
			col = testRig.shadeRef(col, n, view, m.Toon)
		}
	}
	col = col.add(v64(m.Emissive))
	e := float64(l.Exposure)
	return [4]byte{refByte(col[0], e), refByte(col[1], e), refByte(col[2], e), 255}
}

// TestShadeInterpolated draws a curved, textured patch in perspective and
// compares every pixel with color.kage's Fragment computed in float64 from
// the attributes interpolated at its centre: perspective-correct texture
// coordinates, bilinear filtering of a varied texture with each wrap,
// normals and cosines renormalised per pixel. A pixel may be off by
// 4/255: filter weights in steps of 1/256 of a texel, as a GPU's, move a
// texel filtered between random neighbours by about 1/255 of sRGB, and
// the bright key light (1.9) doubles that. On average the pixels must be
// within 0.5/255, without bias (a filter that truncates is 0.5/255 dark).
// The float path measures 2/255 at most, 0.02/255 on average.
func TestShadeInterpolated(t *testing.T) {
	cam := camera{w: 64, h: 64, f: 60, near: 1.5, far: 5}
	l := testRig.lights()
	l.DepthW = cam.depthW()
	tex := randomOpaque(17, 13)
	for _, tc := range []struct {
		vertexLit bool
		sampler   Sampler
	}{
		{true, Sampler{WrapS: Repeat, WrapT: Repeat}},
		{true, Sampler{WrapS: Mirror, WrapT: Clamp}},
		{false, Sampler{WrapS: Repeat, WrapT: Mirror}},
	} {
		t.Run(fmt.Sprintf("vertex lit %v, %+v", tc.vertexLit, tc.sampler), func(t *testing.T) {
			m := &Material{BaseColor: [4]float32{0.9, 0.8, 0.85, 1}, Textured: true, VertexLit: tc.vertexLit, Sampler: tc.sampler}
			// A patch tilted away to the upper right, its normals fanning out.
			corner := func(x, y, z, u, v float64) Vertex {
				vt := cam.vertex(vec{x, y, z}, vec{x * 0.4, y * 0.4, 1}.norm(), u, v, testRig.key)
				if !tc.vertexLit { // a vertex colour instead of the cosines
					iw := 1 / -z
					vt.SrcX, vt.SrcY, vt.Custom3, vt.ColorA = float32(0.9*iw), float32(0.7*iw), float32(0.8*iw), float32(iw)
				}
				return vt
			}
			a, b, c, d := corner(-1.2, -1.1, -2, -0.7, 2.3), corner(1.3, -1, -3.5, 2.6, 2.1), corner(1.1, 1.2, -4.2, 2.4, -0.4), corner(-1, 1.3, -2.4, -0.3, -0.6)
			vs := []Vertex{a, b, c, a, c, d}
			tg := render(t, image.Rect(0, 0, 64, 64), 2, l, Draw{Verts: vs, Indices: []uint32{0, 1, 2, 3, 4, 5}, Mat: m, Base: tex})
			drawn, worst, sum, abs := 0, 0, 0, 0
			for y := range 64 {
				for x := range 64 {
					px, py := float64(x)+0.5, float64(y)+0.5
					tri := -1
					for k := 0; k < 6; k += 3 {
						if inside([3]Vertex(vs[k:k+3]), px, py, 1e-3) == 1 {
							tri = k
						}
					}
					if tri < 0 {
						continue
					}
					want := refFragment(l, m, tex, refAttrs([3]Vertex(vs[tri:tri+3]), px, py), px, py)
					got := at(tg, x, y)
					for k := range got {
						d := int(got[k]) - int(want[k])
						worst, sum, abs = max(worst, d, -d), sum+d, abs+max(d, -d)
					}
					if worst > 4 {
						t.Fatalf("pixel (%d, %d) = %v, want %v", x, y, got, want)
					}
					drawn++
				}
			}
			if drawn < 1000 {
				t.Fatalf("only %d pixels compared", drawn)
			}
			mean, bias := float64(abs)/float64(3*drawn), float64(sum)/float64(3*drawn)
			t.Logf("%d pixels within %d/255, off by %.3f/255 on average, bias %+.3f/255", drawn, worst, mean, bias)
			if mean > 0.5 || math.Abs(bias) > 0.25 {
				t.Errorf("pixels off by %.3f/255 on average, bias %+.3f/255", mean, bias)
			}
		})
	}
}

// randomOpaque is a w×h opaque texture of random texels.
func randomOpaque(w, h int) *Image {
	img := pattern(w, h)
	for i := range img.Pix {
		img.Pix[i] = img.Pix[i]*2654435761 | 0xff000000
	}
	return img
}

// attrs returns v's attributes in slot order (the order triangle.setup
// gives their planes).
func (v *Vertex) attrs() [nAttr]float32 {
	return [nAttr]float32{v.Custom2, v.Custom0, v.Custom1, v.SrcX, v.SrcY, v.ColorR, v.ColorG, v.ColorB, v.ColorA, v.Custom3}
}
