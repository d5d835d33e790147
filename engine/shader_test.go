package engine

import (
	"testing"

	"github.com/kin-companion/kin/shaders"
)

// TestShaderVariantsCompile compiles every geometry pass with each
// material feature on its own and all together. Kage type-checks both
// sides of a branch on a constant, so this covers the combinations that
// Adopt compiles for a model's materials.
func TestShaderVariantsCompile(t *testing.T) {
	variants := []shaders.Features{
		{}, {Alpha: 1}, {Alpha: 2}, {Textured: true}, {Textured: true, Nearest: true},
		{Textured: true, Wrap: [2]int{1, 2}}, {Textured: true, Wrap: [2]int{2, 1}},
		{Unlit: true}, {Toon: true}, {EmissiveTex: true},
		{Alpha: 1, Textured: true, Nearest: true, Wrap: [2]int{2, 2}, Unlit: true, Toon: true, EmissiveTex: true},
		{MToon: true}, {MToon: true, Textured: true, ShadeTex: 1, ToonRim: true},
		{MToon: true, Textured: true, ShadeTex: 2, Nearest: true}, {MToon: true, Matcap: true, ToonRim: true},
		{MToon: true, Alpha: 2, Textured: true, ShadeTex: 1, EmissiveTex: true}, {MToon: true, Outline: true},
		{MToon: true, Textured: true, ShadeTex: 2, EmissiveTex: true}, {MToon: true, Matcap: true, EmissiveTex: true},
		{VertexLit: true}, {VertexLit: true, Alpha: 1, Textured: true, Wrap: [2]int{2, 1}, EmissiveTex: true},
		{VertexLit: true, Alpha: 2, Textured: true, Nearest: true},
	}
	p, err := compileShaders()
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range variants {
		for _, pass := range []string{shaders.DepthCoarse, shaders.Color} {
			if _, err := p.geometryShader(pass, f); err != nil {
				t.Errorf("%s %+v: %v", pass, f, err)
			}
		}
	}
	for _, o := range allOutputs() {
		if _, err := p.finalShader(o); err != nil {
			t.Errorf("composite %+v: %v", o, err)
		}
	}
	if _, err := p.geometryShader(shaders.Color, shaders.Features{Alpha: 3}); err == nil {
		t.Error("alpha mode 3: want an error")
	}
}
