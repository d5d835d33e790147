package raster

import "math"

// Alpha is a material's glTF alpha mode.
type Alpha uint8

// The alpha modes, numbered as avatar.AlphaMode numbers them.
const (
	Opaque Alpha = iota
	Mask
	Blend
)

// Material is what the colour shader knows of one material (see
// shaders/color.kage): its factors, features and sampler. Its textures are
// given per draw (a draw picks their level).
type Material struct {
	BaseColor [4]float32 // linear RGBA factor
	Cutoff    float32    // alpha cut-off of a Mask material
	Emissive  [3]float32 // linear emissive factor
	Alpha     Alpha
	Textured  bool // the base colour texture is drawn
	EmitTex   bool // the emissive texture is drawn
	Unlit     bool
	Toon      bool
	// VertexLit: the vertices carry N·V and N·H (see Vertex).
	VertexLit bool
	Sampler   Sampler
	// MToon, when set, lights the material as MToon (see [MToon]).
	MToon *MToon
	// Outline draws an MToon outline's hull in one colour: OutlineColor,
	// lit by the scene's average light as much as OutlineMix says.
	Outline      bool
	OutlineColor [3]float32
	OutlineMix   float32
}

// Lights are the frame's light rig and camera as the colour shader's
// uniforms hold them (see engine/uniforms.go): directions point from the
// surface toward the light, in world space.
type Lights struct {
	// The view ray through render pixel (x, y) is ViewX·x + ViewY·y + ViewO.
	ViewX, ViewY, ViewO [3]float32
	KeyDir, KeyColor    [3]float32
	FillDir, FillColor  [3]float32
	RimDir, RimColor    [3]float32
	Sky, Ground         [3]float32
	Specular, Exposure  float32
	// DepthW maps depth back to 1/w: 1/w = DepthW[0] − depth·DepthW[1].
	DepthW [2]float32
	// Folded for materials lit per vertex: LightMat's columns (column-major)
	// dotted with the normal plus LightBias give the key's and fill's
	// wrapped Lambert terms and the rim's direction factor.
	LightMat           [9]float32
	LightBias, HemiMid [3]float32
	HemiSlope, KeySpec [3]float32
	// The camera's right and up axes, for the MatCap's view-space normal.
	CamRight, CamUp [3]float32
}

// frag is a fragment's interpolated attributes and pixel centre.
type frag struct {
	a    [nAttr]float32
	x, y float32 // pixel centre in render pixels
}

// shader shades the fragments of one draw.
type shader struct {
	m               *Material
	l               *Lights
	base, emit, aux *Image
	// nearer: a fragment must be nearer than the depth stored to show,
	// or as near and of a draw listed later (see Target); a blended one
	// shows as near.
	nearer bool
	// fast: the draw takes the fast path (see fastFor), with fd.
	fast bool
	fd   fastDraw
	// queued: the draw takes the queued path (see queueFor), shaded
	// four at once with vec.
	queued bool
	vec    *vecDraw
}

// shade returns the fragment's linear colour before tone mapping and its
// alpha, or ok false when a Mask material cuts it out.
func (s *shader) shade(f *frag) (r, g, b, a float32, ok bool) {
	m := &s.m.BaseColor
	iw := 1 / (s.l.DepthW[0] - f.a[aDepth]*s.l.DepthW[1])
	u, v := f.a[aU]*iw, f.a[aV]*iw
	lr, lg, lb, ta := float32(1), float32(1), float32(1), float32(1)
	if s.m.Textured && s.base != nil {
		t := s.m.Sampler.sample(s.base, u, v)
		k := 1 / max(t[3], 1.0/512) // straight colour, then decoded
		lr, lg, lb, ta = toLinear(t[0]*k), toLinear(t[1]*k), toLinear(t[2]*k), t[3]
	}
	alpha := float32(1)
	if s.m.Alpha != Opaque {
		va := float32(1)
		if !s.m.VertexLit {
			va = f.a[aA] * iw
		}
		alpha = m[3] * ta * va
		if s.m.Alpha == Mask {
			if alpha < s.m.Cutoff {
				return 0, 0, 0, 0, false
			}
			alpha = 1
		}
	}
	if s.m.Outline {
		r, g, b := s.outlineColor()
		return r, g, b, 1, true
	}
	cr, cg, cb := m[0]*lr, m[1]*lg, m[2]*lb
	if s.m.VertexLit {
		cr, cg, cb = s.vertexShaded(f, iw, cr, cg, cb)
	} else {
		cr, cg, cb = s.pixelShaded(f, iw, [3]float32{cr, cg, cb}, [3]float32{lr, lg, lb}, u, v)
	}
	e := &s.m.Emissive
	if s.m.EmitTex && s.emit != nil {
		t := s.m.Sampler.sample(s.emit, u, v)
		cr, cg, cb = cr+e[0]*toLinear(t[0]), cg+e[1]*toLinear(t[1]), cb+e[2]*toLinear(t[2])
	} else {
		cr, cg, cb = cr+e[0], cg+e[1], cb+e[2]
	}
	return cr, cg, cb, alpha, true
}

// vertexShaded lights a fragment of a material lit per vertex: the
// interpolated cosines, divided by the interpolated normal's length, stand
// for the view ray and the half vector.
func (s *shader) vertexShaded(f *frag, iw, br, bg, bb float32) (r, g, b float32) {
	return litVertex(s.l, br, bg, bb, f.a[aR]*iw, f.a[aG]*iw, f.a[aB]*iw, f.a[aS0]*iw, f.a[aS1]*iw)
}

// pixelShaded lights a fragment from its interpolated normal and its view
// ray, tinted by the vertex colour; unlit materials take the tinted base.
// base is the base colour factor times the texel lin (linear), at (u, v).
func (s *shader) pixelShaded(f *frag, iw float32, base, lin [3]float32, u, v float32) (r, g, b float32) {
	vc := [3]float32{f.a[aS0] * iw, f.a[aS1] * iw, f.a[aC3] * iw}
	br, bg, bb := base[0]*vc[0], base[1]*vc[1], base[2]*vc[2]
	if s.m.Unlit {
		return br, bg, bb
	}
	l := s.l
	vx := -(l.ViewX[0]*f.x + l.ViewY[0]*f.y + l.ViewO[0])
	vy := -(l.ViewX[1]*f.x + l.ViewY[1]*f.y + l.ViewO[1])
	vz := -(l.ViewX[2]*f.x + l.ViewY[2]*f.y + l.ViewO[2])
	k := invSqrt(vx*vx + vy*vy + vz*vz)
	vx, vy, vz = vx*k, vy*k, vz*k
	nx, ny, nz := f.a[aR], f.a[aG], f.a[aB]
	k = invSqrt(nx*nx + ny*ny + nz*nz)
	nx, ny, nz = nx*k, ny*k, nz*k
	if nx*vx+ny*vy+nz*vz < 0 {
		nx, ny, nz = -nx, -ny, -nz
	}
	if s.m.MToon != nil {
		sr, sg, sb := s.shadeColor(u, v, lin[0]*vc[0], lin[1]*vc[1], lin[2]*vc[2])
		return s.shadeMToon([3]float32{br, bg, bb}, [3]float32{sr, sg, sb}, [3]float32{nx, ny, nz}, [3]float32{vx, vy, vz})
	}
	dk := s.diffuse(nx, ny, nz, &l.KeyDir, 0.3)
	df := s.diffuse(nx, ny, nz, &l.FillDir, 0.5)
	h := (ny*0.5 + 0.5)
	spec := float32(0)
	if !s.m.Toon {
		hx, hy, hz := l.KeyDir[0]+vx, l.KeyDir[1]+vy, l.KeyDir[2]+vz
		k = invSqrt(hx*hx + hy*hy + hz*hz)
		spec = l.Specular * pow40(max((nx*hx+ny*hy+nz*hz)*k, 0))
	}
	t := 1 - max(nx*vx+ny*vy+nz*vz, 0)
	rim := t * t * t * max((nx*l.RimDir[0]+ny*l.RimDir[1]+nz*l.RimDir[2])*0.6+0.4, 0)
	ch := func(b float32, c int) float32 {
		hemi := l.Ground[c] + (l.Sky[c]-l.Ground[c])*h
		light := hemi + l.KeyColor[c]*dk + l.FillColor[c]*df
		return b*light + l.KeyColor[c]*spec + l.RimColor[c]*rim*(b*0.6+0.4)
	}
	return ch(br, 0), ch(bg, 1), ch(bb, 2)
}

// diffuse is wrapped Lambert, or a soft two-tone step for toon materials.
func (s *shader) diffuse(nx, ny, nz float32, l *[3]float32, wrap float32) float32 {
	d := nx*l[0] + ny*l[1] + nz*l[2]
	if s.m.Toon {
		return smoothstep(-0.05, 0.05, d)*0.8 + 0.2
	}
	return max((d+wrap)/(1+wrap), 0)
}

func smoothstep(e0, e1, x float32) float32 {
	t := min(max((x-e0)/(e1-e0), 0), 1)
	return t * t * (3 - 2*t)
}

// pow40 is x^40 by squaring.
func pow40(x float32) float32 {
	x2 := x * x
	x4 := x2 * x2
	x8 := x4 * x4
	x32 := x8 * x8
	x32 *= x32
	return x32 * x8
}

// invSqrt is 1/√x, and a large finite number for 0.
func invSqrt(x float32) float32 {
	if x < 1e-30 { // max(x, 1e-30) without the builtin's care for NaN, which stays NaN here too
		x = 1e-30
	}
	return 1 / float32(math.Sqrt(float64(x))) // SQRTSS and DIVSS: float64 costs more
}
