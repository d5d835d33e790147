package raster

import "math"

// MToon is what the colour shader knows of an MToon material (VRM's toon
// shader; see avatar.MToon and shaders/mtoon.kage): light and shade
// colours meet on a ramp set by the shading shift and toony factor, the
// ambient light is flattened by the GI equalization, and a parametric rim
// and a MatCap are added, tinted by the light as the rim lighting mix says.
type MToon struct {
	ShadeColor [3]float32 // linear
	// ToonRamp folds the shading shift and toony factor: a light's share
	// is saturate(N·L·ToonRamp[0] + ToonRamp[1]).
	ToonRamp       [2]float32
	GIEqualization float32
	RimColor       [3]float32
	RimPower       float32
	RimLift        float32
	RimMix         float32
	MatcapFactor   [3]float32
	// ShadeTex is where the shade colour's texture comes from: 0 none, 1
	// the base colour texture, 2 the draw's Aux texture.
	ShadeTex int
	Matcap   bool // the draw's Aux texture is a MatCap
	Rim      bool // the parametric rim is drawn
}

// shadeColor is the MToon shade colour at uv; lit is the linear base
// texel times the vertex colour.
func (s *shader) shadeColor(u, v, lr, lg, lb float32) (r, g, b float32) {
	mt, c := s.m.MToon, s.m.MToon.ShadeColor
	switch {
	case mt.ShadeTex == 1:
		return c[0] * lr, c[1] * lg, c[2] * lb
	case mt.ShadeTex == 2 && s.aux != nil:
		t := s.m.Sampler.sample(s.aux, u, v)
		if t[3] > 0 {
			t[0], t[1], t[2] = t[0]/t[3], t[1]/t[3], t[2]/t[3]
		}
		return c[0] * toLinear(t[0]) * lr, c[1] * toLinear(t[1]) * lg, c[2] * toLinear(t[2]) * lb
	}
	return c[0], c[1], c[2]
}

// shadeMToon lights base and shade colours with the key and fill lights
// through the toon ramp and adds the equalized ambient, the rim and the
// MatCap; n is the unit normal facing the viewer, v the unit view ray.
func (s *shader) shadeMToon(base, shade [3]float32, n, v [3]float32) (r, g, b float32) {
	l, mt := s.l, s.m.MToon
	dot := func(a, b [3]float32) float32 { return a[0]*b[0] + a[1]*b[1] + a[2]*b[2] }
	sat := func(x float32) float32 { return min(max(x, 0), 1) }
	k := sat(dot(n, l.KeyDir)*mt.ToonRamp[0] + mt.ToonRamp[1])
	f := sat(dot(n, l.FillDir)*mt.ToonRamp[0] + mt.ToonRamp[1])
	h := n[1]*0.5 + 0.5
	var c, gi, rim [3]float32
	for i := range 3 {
		hemi := l.Ground[i] + (l.Sky[i]-l.Ground[i])*h
		gi[i] = hemi + ((l.Ground[i]+l.Sky[i])*0.5-hemi)*mt.GIEqualization
		mix := func(t float32) float32 { return shade[i] + (base[i]-shade[i])*t }
		c[i] = mix(k)*l.KeyColor[i] + mix(f)*l.FillColor[i] + gi[i]*base[i]
	}
	if !mt.Rim && !mt.Matcap {
		return c[0], c[1], c[2]
	}
	if mt.Rim {
		p := float32(math.Pow(float64(min(max(1-dot(n, v)+mt.RimLift, 1e-4), 1)), float64(mt.RimPower)))
		rim = [3]float32{mt.RimColor[0] * p, mt.RimColor[1] * p, mt.RimColor[2] * p}
	}
	if mt.Matcap && s.aux != nil {
		t := s.m.Sampler.sample(s.aux, dot(n, l.CamRight)*0.5+0.5, -dot(n, l.CamUp)*0.5+0.5)
		for i := range 3 {
			rim[i] += mt.MatcapFactor[i] * toLinear(t[i])
		}
	}
	for i := range 3 {
		light := l.KeyColor[i] + l.FillColor[i] + gi[i]
		c[i] += rim[i] * (1 + (light-1)*mt.RimMix)
	}
	return c[0], c[1], c[2]
}

// outlineColor is the colour of an MToon outline: its own, lit by the
// scene's average light as much as its mix says.
func (s *shader) outlineColor() (r, g, b float32) {
	l, m := s.l, s.m
	var c [3]float32
	for i := range 3 {
		light := l.KeyColor[i] + l.FillColor[i] + (l.Sky[i]+l.Ground[i])*0.5
		c[i] = m.OutlineColor[i] * (1 + (light-1)*m.OutlineMix)
	}
	return c[0], c[1], c[2]
}
