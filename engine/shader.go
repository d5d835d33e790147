package engine

import (
	"fmt"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/kin-companion/kin/avatar"
	"github.com/kin-companion/kin/shaders"
)

// programs holds the compiled shaders: each geometry pass once per set of
// material features in use, the final pass once per output mode.
type programs struct {
	geometry map[geometryKey]*ebiten.Shader
	final    map[shaders.Output]*ebiten.Shader
	backdrop *ebiten.Shader // a window's background alone (see Renderer.CompositeOnto)
}

// geometryKey names one compiled variant of a geometry pass.
type geometryKey struct {
	pass string
	f    shaders.Features
}

// compileShaders compiles the default variant of every shader, which
// checks that the sources compile.
func compileShaders() (*programs, error) {
	p := &programs{geometry: map[geometryKey]*ebiten.Shader{}, final: map[shaders.Output]*ebiten.Shader{}}
	for _, name := range []string{shaders.DepthCoarse, shaders.Color} {
		if _, err := p.geometryShader(name, shaders.Features{}); err != nil {
			return nil, err
		}
	}
	if _, err := p.finalShader(shaders.Output{}); err != nil {
		return nil, err
	}
	b, err := ebiten.NewShader(shaders.BackdropSource())
	if err != nil {
		return nil, fmt.Errorf("engine: compile shader %s: %w", shaders.Backdrop, err)
	}
	p.backdrop = b
	return p, nil
}

// geometryShader returns pass compiled for features f, compiling it the
// first time.
func (p *programs) geometryShader(pass string, f shaders.Features) (*ebiten.Shader, error) {
	if pass != shaders.Color {
		f.VertexLit = false // the depth pass does not light
	}
	k := geometryKey{pass, f}
	if s := p.geometry[k]; s != nil {
		return s, nil
	}
	src, err := shaders.Geometry(pass, f)
	if err != nil {
		return nil, err
	}
	s, err := ebiten.NewShader(src)
	if err != nil {
		return nil, fmt.Errorf("engine: compile shader %s for %+v: %w", pass, f, err)
	}
	p.geometry[k] = s
	return s, nil
}

// finalShader returns the final pass compiled for o, compiling it the
// first time.
func (p *programs) finalShader(o shaders.Output) (*ebiten.Shader, error) {
	if s := p.final[o]; s != nil {
		return s, nil
	}
	s, err := ebiten.NewShader(shaders.Final(o))
	if err != nil {
		return nil, fmt.Errorf("engine: compile shader %s for %+v: %w", shaders.Composite, o, err)
	}
	p.final[o] = s
	return s, nil
}

// passShaders are one material's compiled geometry passes.
type passShaders struct {
	depth, color *ebiten.Shader
}

// materialShaders compiles the geometry passes for a material's features.
// The sources are embedded and every feature is compiled by the tests, so
// a failure here is a bug in kin, not in the model.
func (p *programs) materialShaders(f shaders.Features) passShaders {
	var ps passShaders
	for _, s := range []struct {
		name string
		dst  **ebiten.Shader
	}{{shaders.DepthCoarse, &ps.depth}, {shaders.Color, &ps.color}} {
		sh, err := p.geometryShader(s.name, f)
		if err != nil {
			panic(err)
		}
		*s.dst = sh
	}
	return ps
}

// materialFeatures are the shader features of material mat of model m:
// base, emit and aux are its base colour, emissive and MToon textures
// (see auxTexture), -1 for none. The first of them sets the sampler.
func materialFeatures(m *avatar.Model, mat *avatar.Material, base, emit, aux int, kind auxKind) shaders.Features {
	f := shaders.Features{Alpha: int(mat.AlphaMode), Textured: base >= 0, Unlit: mat.Unlit, Toon: mat.Toon,
		EmissiveTex: emit >= 0}
	mtoonFeatures(&f, m, mat, base, kind)
	f.VertexLit = vertexLit(m, mat)
	if t := firstTexture(base, emit, aux); t >= 0 {
		s := m.Textures[t].Sampler
		f.Nearest = s.Nearest
		f.Wrap = [2]int{int(s.WrapS), int(s.WrapT)}
	}
	return f
}

// vertexLit reports whether mat, a material of m, takes its view and
// highlight cosines from the vertices (see vertexRig): all but unlit, toon
// and MToon materials, which keep their per-pixel ramps exactly, and those
// of primitives with COLOR_0 (the vertex colour takes the attributes the
// cosines need). A software renderer pays for every pixel's shading.
func vertexLit(m *avatar.Model, mat *avatar.Material) bool {
	if mat.Unlit || mat.Toon || mat.MToon != nil {
		return false
	}
	for i := range m.Meshes {
		for k := range m.Meshes[i].Primitives {
			src := &m.Meshes[i].Primitives[k]
			if len(src.Colors) == len(src.Positions) && len(src.Colors) > 0 && material(m, src.Material) == mat {
				return false
			}
		}
	}
	return true
}

// firstTexture is the first of the texture indices that is not -1, or -1.
func firstTexture(ts ...int) int {
	for _, t := range ts {
		if t >= 0 {
			return t
		}
	}
	return -1
}

// minBlend keeps the smaller value per channel: the depth passes' test.
var minBlend = ebiten.Blend{
	BlendFactorSourceRGB: ebiten.BlendFactorOne, BlendFactorSourceAlpha: ebiten.BlendFactorOne,
	BlendFactorDestinationRGB: ebiten.BlendFactorOne, BlendFactorDestinationAlpha: ebiten.BlendFactorOne,
	BlendOperationRGB: ebiten.BlendOperationMin, BlendOperationAlpha: ebiten.BlendOperationMin,
}
