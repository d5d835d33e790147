package raster

import (
	"fmt"
	"image"
	"math"
	"testing"
)

// rig is the test's light rig, unfolded, as engine.Rig describes one.
type rig struct {
	key, keyColor, fill, fillColor, rim, rimColor, sky, ground vec
	specular, exposure                                         float64
}

// testRig is a rig like the default one: a warm key from the upper left,
// a cool fill, a rim light from behind.
var testRig = rig{
	key: vec{-0.5, 0.6, 0.62}.norm(), keyColor: vec{1.9, 1.8, 1.7},
	fill: vec{0.7, 0.1, 0.7}.norm(), fillColor: vec{0.3, 0.35, 0.45},
	rim: vec{0.2, 0.5, -0.84}.norm(), rimColor: vec{0.6, 0.6, 0.75},
	sky: vec{0.35, 0.4, 0.5}, ground: vec{0.15, 0.12, 0.1},
	specular: 0.25, exposure: 1.1,
}

// Camera and depth range of the shading tests: the eye at the origin
// looking down −z, focal length focal pixels, centred on (8, 8); depths
// from near to far.
const (
	focal      = 600.0
	near, far  = 0.5, 10.0
	shadeDepth = 2.5 // the view depth w of the fragments shaded
)

// lights folds r into the Lights the renderer takes, as the engine's
// frameUniforms.setRig does.
func (r rig) lights() *Lights {
	l := &Lights{
		ViewX: [3]float32{1 / focal, 0, 0}, ViewY: [3]float32{0, -1 / focal, 0}, ViewO: [3]float32{-8 / focal, 8 / focal, -1},
		KeyDir: f32(r.key), KeyColor: f32(r.keyColor), FillDir: f32(r.fill), FillColor: f32(r.fillColor),
		RimDir: f32(r.rim), RimColor: f32(r.rimColor), Sky: f32(r.sky), Ground: f32(r.ground),
		Specular: float32(r.specular), Exposure: float32(r.exposure),
		DepthW:    [2]float32{1 / near, 1/near - 1/far},
		LightBias: [3]float32{0.3 / 1.3, 0.5 / 1.5, 0.4},
		HemiMid:   f32(r.sky.add(r.ground).scale(0.5)), HemiSlope: f32(r.sky.add(r.ground.scale(-1)).scale(0.5)),
		KeySpec: f32(r.keyColor.scale(r.specular)),
	}
	k, f, rm := f32(r.key.scale(1/1.3)), f32(r.fill.scale(1/1.5)), f32(r.rim.scale(0.6))
	copy(l.LightMat[0:3], k[:])
	copy(l.LightMat[3:6], f[:])
	copy(l.LightMat[6:9], rm[:])
	return l
}

// view is the unit direction from the surface at pixel centre (px, py)
// toward the eye.
func view(px, py float64) vec {
	return vec{px/focal - 8/focal, -py/focal + 8/focal, -1}.norm().scale(-1)
}

// shadeRef is color.kage's shade in float64: base lit by rig r at normal
// n seen from v, toon or not.
func (r rig) shadeRef(base, n, v vec, toon bool) vec {
	diffuse := func(l vec, wrap float64) float64 {
		d := n.dot(l)
		if toon {
			return smooth(-0.05, 0.05, d)*0.8 + 0.2
		}
		return max((d+wrap)/(1+wrap), 0)
	}
	hemi := mix(r.ground, r.sky, n[1]*0.5+0.5)
	light := hemi.add(r.keyColor.scale(diffuse(r.key, 0.3))).add(r.fillColor.scale(diffuse(r.fill, 0.5)))
	c := base.mul(light)
	if !toon {
		h := r.key.add(v).norm()
		c = c.add(r.keyColor.scale(r.specular * math.Pow(max(n.dot(h), 0), 40)))
	}
	t := 1 - max(n.dot(v), 0)
	rim := t * t * t * max(n.dot(r.rim)*0.6+0.4, 0)
	return c.add(r.rimColor.mul(base.scale(0.6).add(splat(0.4))).scale(rim))
}

// fragCase is one fragment to shade: its material, textures and the
// attributes at it (undivided by w).
type fragCase struct {
	mat             Material
	base, emit, aux *Image
	normal          vec
	colour          [4]float64 // COLOR_0
	uv              [2]float64
}

// decode is a premultiplied texel (bytes) as the shader reads it: straight
// colour decoded to linear light, and alpha.
func decode(p [4]byte) (vec, float64) {
	a := float64(p[3]) / 255
	k := 1 / max(a, 1.0/512)
	lin := func(b byte) float64 { return math.Pow(clamp01(float64(b)/255*k), 2.2) }
	return vec{lin(p[0]), lin(p[1]), lin(p[2])}, a
}

// want is color.kage's Fragment in float64 at pixel (x, y): the bytes it
// writes over a transparent target.
func (fc *fragCase) want(r rig, x, y int, texel, emitTexel [4]byte) [4]byte {
	m := &fc.mat
	lin, ta := vec{1, 1, 1}, 1.0
	if m.Textured {
		lin, ta = decode(texel)
	}
	base := v64([3]float32(m.BaseColor[:3])).mul(lin)
	alpha := 1.0
	va := fc.colour[3]
	if m.VertexLit {
		va = 1
	}
	if m.Alpha == Blend {
		alpha = float64(m.BaseColor[3]) * ta * va
	}
	n, v := fc.normal.norm(), view(float64(x)+0.5, float64(y)+0.5)
	if !m.VertexLit {
		base = base.mul(vec{fc.colour[0], fc.colour[1], fc.colour[2]})
	}
	if n.dot(v) < 0 {
		n = n.scale(-1)
	}
	c := base
	if !m.Unlit || m.VertexLit {
		c = r.shadeRef(base, n, v, m.Toon)
	}
	e := v64(m.Emissive)
	if m.EmitTex {
		el, _ := decode([4]byte{emitTexel[0], emitTexel[1], emitTexel[2], 255})
		e = e.mul(el)
	}
	c = c.add(e)
	var out [4]byte
	for k := range 3 {
		out[k] = byte(math.Round(float64(refByte(c[k], r.exposure)) * alpha))
	}
	out[3] = byte(math.Round(alpha * 255))
	return out
}

// vertices returns a triangle covering pixel (x, y) whose vertices all
// carry the case's attributes, divided by the view depth as the engine's
// frame does (cosines worked out for the pixel's view ray when the
// material is lit per vertex).
func (fc *fragCase) vertices(l *Lights, x, y int) []Vertex {
	w := shadeDepth
	iw := 1 / w
	depth := (float64(l.DepthW[0]) - iw) / float64(l.DepthW[1])
	n := fc.normal
	v := Vertex{
		ColorR: float32(n[0] * iw), ColorG: float32(n[1] * iw), ColorB: float32(n[2] * iw), ColorA: float32(fc.colour[3] * iw),
		Custom0: float32(fc.uv[0] * iw), Custom1: float32(fc.uv[1] * iw), Custom2: float32(depth), Custom3: float32(fc.colour[2] * iw),
		SrcX: float32(fc.colour[0] * iw), SrcY: float32(fc.colour[1] * iw),
	}
	if fc.mat.VertexLit {
		vd := view(float64(x)+0.5, float64(y)+0.5)
		h := testRig.key.add(vd).norm()
		nn := n.norm()
		v.SrcX, v.SrcY = float32(nn.dot(vd)*iw), float32(nn.dot(h)*iw)
		v.ColorR, v.ColorG, v.ColorB, v.ColorA = float32(nn[0]*iw), float32(nn[1]*iw), float32(nn[2]*iw), float32(iw)
		v.Custom3 = 0
	}
	vs := []Vertex{v, v, v}
	fx, fy := float32(x), float32(y)
	vs[0].DstX, vs[0].DstY = fx-0.5, fy-0.5
	vs[1].DstX, vs[1].DstY = fx+2, fy
	vs[2].DstX, vs[2].DstY = fx, fy+2
	return vs
}

// uniform is a w×h image of one premultiplied texel p, which every
// filter and wrap samples exactly.
func uniform(w, h int, p [4]byte) *Image {
	pix := make([]byte, 0, 4*w*h)
	for range w * h {
		pix = append(pix, p[:]...)
	}
	return NewImage(w, h, pix)
}

// TestShadeFragment shades single fragments, of each kind of material
// and several normals, and compares the bytes written with color.kage's
// Fragment computed in float64 with the exact curves.
func TestShadeFragment(t *testing.T) {
	skin := [4]byte{224, 172, 140, 255}
	glass := [4]byte{60, 80, 100, 128} // premultiplied, half transparent
	glow := [4]byte{255, 128, 32, 255}
	plain := [4]float64{1, 1, 1, 1}
	lit := Material{BaseColor: [4]float32{0.9, 0.85, 0.8, 1}, Sampler: Sampler{WrapS: Repeat, WrapT: Clamp}}
	tex := lit
	tex.Textured = true
	vlit := tex
	vlit.VertexLit = true
	unl := lit
	unl.Unlit = true
	toon := tex
	toon.Toon = true
	emit := lit
	emit.Emissive = [3]float32{0.2, 0.05, 0.4}
	emitTex := lit // dark, so that the emission shows
	emitTex.BaseColor = [4]float32{0.05, 0.05, 0.05, 1}
	emitTex.Emissive, emitTex.EmitTex = [3]float32{1, 0.8, 0.5}, true
	blend := tex
	blend.Alpha, blend.BaseColor[3] = Blend, 0.9
	cases := map[string]fragCase{
		"per pixel":                   {mat: lit, colour: plain},
		"per pixel, vertex colour":    {mat: lit, colour: [4]float64{0.8, 0.4, 0.2, 1}},
		"per pixel, textured":         {mat: tex, base: uniform(2, 2, skin), colour: [4]float64{1, 0.9, 0.7, 1}},
		"per vertex, textured":        {mat: vlit, base: uniform(4, 2, skin), colour: plain},
		"unlit":                       {mat: unl, colour: [4]float64{0.3, 0.6, 0.9, 1}},
		"toon":                        {mat: toon, base: uniform(2, 2, skin), colour: plain},
		"emissive factor":             {mat: emit, colour: plain},
		"emissive texture":            {mat: emitTex, emit: uniform(3, 3, glow), colour: plain},
		"blended, texture and vertex": {mat: blend, base: uniform(2, 2, glass), colour: [4]float64{1, 1, 1, 0.7}},
	}
	// The key's half vector at the centre (the highlight), then others.
	normals := []vec{testRig.key.add(view(8.5, 8.5)).norm(), {0, 0, 1}, {0.3, 0.5, 0.81}, {-0.6, 0.2, 0.77}, {0.1, -0.9, 0.4}, {0.99, 0, 0.14}, {0.2, 0.3, -0.93}, {-0.45, 0.61, 0.65}}
	l := testRig.lights()
	for name, fc := range cases {
		for _, n := range normals {
			for _, p := range [][2]int{{8, 8}, {2, 13}, {14, 1}} {
				t.Run(fmt.Sprintf("%s, normal %.2f at %v", name, n, p), func(t *testing.T) {
					fc := fc
					fc.normal, fc.uv = n, [2]float64{0.3, 0.7}
					d := triangles(&fc.mat, fc.vertices(l, p[0], p[1])...)
					d.Base, d.Emit = fc.base, fc.emit
					tg := render(t, image.Rect(0, 0, 16, 16), 1, l, d)
					var tx, et [4]byte
					if fc.base != nil {
						tx = [4]byte(texelBytes(fc.base)[:4])
					}
					if fc.emit != nil {
						et = [4]byte(texelBytes(fc.emit)[:4])
					}
					got, want := at(tg, p[0], p[1]), fc.want(testRig, p[0], p[1], tx, et)
					for k := range got {
						if d := int(got[k]) - int(want[k]); d > 2 || d < -2 {
							t.Fatalf("pixel = %v, want %v", got, want)
						}
					}
				})
			}
		}
	}
}

// texelBytes returns img's texels as bytes, red first.
func texelBytes(img *Image) []byte {
	b := make([]byte, 0, 4*len(img.Pix))
	for _, p := range img.Pix {
		b = append(b, byte(p), byte(p>>8), byte(p>>16), byte(p>>24))
	}
	return b
}
