package engine

import (
	"github.com/kin-companion/kin/avatar"
	"github.com/kin-companion/kin/shaders"
)

// MToon materials (VRM's toon shader, see [avatar.MToon]) get a colour
// pass variant of their own (shaders/mtoon.kage); other materials compile
// none of it. Their second texture slot (imageSrc3) holds one of the
// emissive, shade and MatCap textures, in that order of preference when a
// material has several: the shade texture is usually the base colour
// texture itself, which costs no slot.

// auxKind says what a material's second texture is.
type auxKind int

const (
	auxNone auxKind = iota
	auxEmissive
	auxShade
	auxMatcap
)

// auxTexture picks the texture bound as imageSrc3 for mat, whose base
// colour texture is base (-1 none): its model index (-1 none) and kind.
func auxTexture(m *avatar.Model, mat *avatar.Material, base int) (int, auxKind) {
	if e := emissiveTexture(m, mat); e >= 0 {
		return e, auxEmissive
	}
	mt := mat.MToon
	if mt == nil {
		return -1, auxNone
	}
	if s := decoded(m, mt.ShadeTexture); s >= 0 && s != base {
		return s, auxShade
	}
	if c := decoded(m, mt.MatcapTexture); c >= 0 && mt.MatcapFactor != ([3]float32{}) {
		return c, auxMatcap
	}
	return -1, auxNone
}

// mtoonFeatures adds an MToon material's switches to f; base and aux are
// its base colour texture and its second texture (see auxTexture).
func mtoonFeatures(f *shaders.Features, m *avatar.Model, mat *avatar.Material, base int, aux auxKind) {
	mt := mat.MToon
	if mt == nil || mat.Unlit {
		return
	}
	f.MToon, f.Toon = true, false
	switch {
	case aux == auxShade:
		f.ShadeTex = 2
	case base >= 0 && decoded(m, mt.ShadeTexture) == base:
		f.ShadeTex = 1
	}
	f.Matcap = aux == auxMatcap
	f.ToonRim = mt.RimColor != ([3]float32{})
}

// mtoonUniforms adds an MToon material's values to its uniform map u.
// The shading shift and toony factor are folded into one ramp:
// saturate((N·L + shift − (−1 + toony)) / (2 − 2·toony)).
func mtoonUniforms(u map[string]any, mt *avatar.MToon, fu *frameUniforms) {
	w := max(2-2*mt.ShadingToony, 1e-3)
	u["ShadeColor"] = mt.ShadeColor[:]
	u["ToonRamp"] = []float32{1 / w, (mt.ShadingShift + 1 - mt.ShadingToony) / w}
	u["GIEqualization"] = mt.GIEqualization
	u["ToonRimColor"] = mt.RimColor[:]
	u["ToonRimPower"] = max(mt.RimFresnelPower, 1e-3)
	u["ToonRimLift"] = mt.RimLift
	u["ToonRimMix"] = mt.RimLightingMix
	u["MatcapFactor"] = mt.MatcapFactor[:]
	u["CamRight"], u["CamUp"] = fu.camRight, fu.camUp
}

// outlineSlot is what an MToon material's outline is drawn with.
type outlineSlot struct {
	u  map[string]any
	sh passShaders
}

// outlineSlot compiles the outline pass of mat when it has one (see
// outlineHull); the depth passes draw the hull as any opaque surface.
func (r *Renderer) outlineSlot(mat *avatar.Material) outlineSlot {
	if _, ok := outlineHull(primInfo{}, mat); !ok {
		return outlineSlot{}
	}
	u := materialUniforms(mat, r.fu)
	u["OutlineColor"], u["OutlineMix"] = mat.MToon.OutlineColor[:], mat.MToon.OutlineLightingMix
	return outlineSlot{u: u, sh: r.prog.materialShaders(shaders.Features{MToon: true, Outline: true})}
}
