package raster

import (
	"fmt"
	"image"
	"math"
	"testing"
)

// mtoonRef is color.kage's Fragment for an MToon material, with
// mtoon.kage's shadeColor and shadeMToon, in float64: the bytes written at
// pixel (x, y) for fragment fc; texel and aux are the base colour and
// MToon textures' one texel.
func mtoonRef(r rig, fc *fragCase, x, y int, texel, aux [4]byte) [4]byte {
	m, mt := &fc.mat, fc.mat.MToon
	lin := vec{1, 1, 1}
	if m.Textured {
		lin, _ = decode(texel)
	}
	vc := vec{fc.colour[0], fc.colour[1], fc.colour[2]}
	lit := lin.mul(vc)
	base := v64([3]float32(m.BaseColor[:3])).mul(lit)
	n, v := fc.normal.norm(), view(float64(x)+0.5, float64(y)+0.5)
	if n.dot(v) < 0 {
		n = n.scale(-1)
	}
	shade := v64(mt.ShadeColor)
	switch mt.ShadeTex {
	case 1:
		shade = shade.mul(lit)
	case 2:
		s, _ := decode(aux)
		shade = shade.mul(s).mul(lit)
	}
	ramp := func(l vec) float64 { return clamp01(n.dot(l)*float64(mt.ToonRamp[0]) + float64(mt.ToonRamp[1])) }
	hemi := mix(r.ground, r.sky, n[1]*0.5+0.5)
	gi := mix(hemi, r.ground.add(r.sky).scale(0.5), float64(mt.GIEqualization))
	c := mix(shade, base, ramp(r.key)).mul(r.keyColor).add(mix(shade, base, ramp(r.fill)).mul(r.fillColor)).add(gi.mul(base))
	var rim vec
	if mt.Rim {
		rim = v64(mt.RimColor).scale(math.Pow(min(max(1-n.dot(v)+float64(mt.RimLift), 1e-4), 1), float64(mt.RimPower)))
	}
	if mt.Matcap {
		// The MatCap is indexed by the view-space normal (the test's camera
		// axes are x and y) and read premultiplied.
		t := m.Sampler.sample(fc.aux, float32(n[0]*0.5+0.5), float32(-n[1]*0.5+0.5))
		p := func(x float32) float64 { return math.Pow(float64(x), 2.2) }
		rim = rim.add(v64(mt.MatcapFactor).mul(vec{p(t[0]), p(t[1]), p(t[2])}))
	}
	c = c.add(rim.mul(mix(splat(1), r.keyColor.add(r.fillColor).add(gi), float64(mt.RimMix))))
	c = c.add(v64(m.Emissive))
	var out [4]byte
	for k := range 3 {
		out[k] = refByte(c[k], r.exposure)
	}
	out[3] = 255
	return out
}

// TestShadeMToon shades single fragments of MToon materials (a hard and a
// soft ramp, shade from the colour, the base texture and a texture of its
// own, GI equalization, the parametric rim, a MatCap, vertex colours) and
// compares them with mtoon.kage computed in float64; and an outline's
// single colour.
func TestShadeMToon(t *testing.T) {
	skin := [4]byte{224, 172, 140, 255}
	shadeTexel := [4]byte{120, 60, 90, 255}
	// Dark enough that the tone curve leaves every term visible.
	base := Material{BaseColor: [4]float32{0.3, 0.25, 0.22, 1}, Textured: true, Sampler: Sampler{WrapS: Repeat, WrapT: Repeat}}
	toon := func(p MToon) Material {
		m := base
		m.MToon = &p
		return m
	}
	hard := MToon{ShadeColor: [3]float32{0.1, 0.05, 0.08}, ToonRamp: [2]float32{1 / (2 - 2*0.9), (0.1 + 1 - 0.9) / (2 - 2*0.9)}}
	soft := MToon{ShadeColor: [3]float32{0.15, 0.1, 0.12}, ToonRamp: [2]float32{0.5, 0.5}, GIEqualization: 0.9}
	rim := hard
	rim.Rim, rim.RimColor, rim.RimPower, rim.RimLift, rim.RimMix = true, [3]float32{0.2, 0.1, 0.05}, 3, 0.1, 1
	mc := soft
	mc.Matcap, mc.MatcapFactor, mc.RimMix = true, [3]float32{0.2, 0.2, 0.2}, 1
	fromBase, fromAux := hard, soft
	fromBase.ShadeTex, fromAux.ShadeTex = 1, 2
	cases := map[string]struct {
		mat    Material
		aux    [4]byte
		colour [4]float64
	}{
		"hard ramp":                      {mat: toon(hard)},
		"soft ramp, equalized ambient":   {mat: toon(soft)},
		"rim":                            {mat: func() Material { m := toon(rim); m.BaseColor = [4]float32{0.08, 0.08, 0.08, 1}; return m }()},
		"MatCap":                         {mat: toon(mc)},
		"shade from the base texture":    {mat: toon(fromBase)},
		"shade texture":                  {mat: toon(fromAux), aux: shadeTexel},
		"vertex colour, emissive factor": {mat: func() Material { m := toon(fromBase); m.Emissive = [3]float32{0.05, 0.1, 0}; return m }(), colour: [4]float64{0.7, 0.9, 0.5, 1}},
	}
	normals := []vec{{0, 0, 1}, {0.3, 0.5, 0.81}, {-0.6, 0.2, 0.77}, {0.1, -0.9, 0.4}, {0.99, 0, 0.14}, {-0.45, 0.61, 0.65}}
	l := testRig.lights()
	l.CamRight, l.CamUp = [3]float32{1, 0, 0}, [3]float32{0, 1, 0}
	for name, tc := range cases {
		for _, n := range normals {
			t.Run(fmt.Sprintf("%s, normal %.2f", name, n), func(t *testing.T) {
				fc := fragCase{mat: tc.mat, base: uniform(2, 2, skin), normal: n, colour: tc.colour, uv: [2]float64{0.3, 0.7}}
				if fc.colour == ([4]float64{}) {
					fc.colour = [4]float64{1, 1, 1, 1}
				}
				d := triangles(&fc.mat, fc.vertices(l, 8, 8)...)
				d.Base = fc.base
				if tc.aux != ([4]byte{}) {
					fc.aux = uniform(2, 2, tc.aux)
				}
				if tc.mat.MToon.Matcap {
					fc.aux = ramped(4, 4)
				}
				d.Aux = fc.aux
				got, want := at(render(t, image.Rect(0, 0, 16, 16), 1, l, d), 8, 8), mtoonRef(testRig, &fc, 8, 8, skin, tc.aux)
				for k := range got {
					if d := int(got[k]) - int(want[k]); d > 2 || d < -2 {
						t.Fatalf("pixel = %v, want %v", got, want)
					}
				}
			})
		}
	}
	t.Run("outline", func(t *testing.T) {
		m := Material{Outline: true, OutlineColor: [3]float32{0.9, 0.6, 0.1}, OutlineMix: 0.4}
		fc := fragCase{mat: m, normal: vec{0, 0, 1}, colour: [4]float64{1, 1, 1, 1}}
		got := at(render(t, image.Rect(0, 0, 16, 16), 1, l, triangles(&fc.mat, fc.vertices(l, 8, 8)...)), 8, 8)
		r := testRig
		light := r.keyColor.add(r.fillColor).add(r.sky.add(r.ground).scale(0.5))
		c := v64(m.OutlineColor).mul(mix(splat(1), light, 0.4))
		want := [4]byte{refByte(c[0], r.exposure), refByte(c[1], r.exposure), refByte(c[2], r.exposure), 255}
		for k := range got {
			if d := int(got[k]) - int(want[k]); d > 2 || d < -2 {
				t.Fatalf("outline pixel = %v, want %v", got, want)
			}
		}
	})
}

// ramped is a w×h opaque texture whose texels all differ: red along x,
// green along y.
func ramped(w, h int) *Image {
	pix := make([]byte, 0, 4*w*h)
	for y := range h {
		for x := range w {
			pix = append(pix, byte(40+200*x/w), byte(30+200*y/h), 120, 255)
		}
	}
	return NewImage(w, h, pix)
}
