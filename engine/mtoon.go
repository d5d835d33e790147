package engine

import (
	"github.com/hajimehoshi/ebiten/v2"
	"github.com/kin-companion/kin/avatar"
	"github.com/kin-companion/kin/shaders"
)

// MToon materials (VRM's toon shader, see [avatar.MToon]) get a colour
// pass variant of their own (shaders/mtoon.kage); other materials compile
// none of it. Their MToon texture slot (imageSrc2, beside the emissive
// texture in imageSrc3) holds the shade or the MatCap texture, the shade
// texture first when a material has both: it is usually the base colour
// texture itself, which costs no slot.

// auxKind says what a material's MToon texture is.
type auxKind int

const (
	auxNone auxKind = iota
	auxShade
	auxMatcap
)

// auxTexture picks the texture bound as imageSrc2 for mat, whose base
// colour texture is base (-1 none): its model index (-1 none) and kind.
func auxTexture(m *avatar.Model, mat *avatar.Material, base int) (int, auxKind) {
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
// its base colour texture and its MToon texture (see auxTexture).
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

// bindColorTextures binds the emissive (imageSrc3) and MToon (imageSrc2)
// textures of material slot s for the colour pass, at level lod of the
// base colour texture's UVs; a MatCap is indexed by the normal, at its
// finest level.
func (g *Mesh) bindColorTextures(o *ebiten.DrawTrianglesShaderOptions, s, lod int) {
	if e := g.matEmit[s]; e >= 0 && g.textures[e] != nil {
		o.Images[3] = g.textures[e].level(lod)
	}
	if a := g.matAux[s]; a >= 0 && g.textures[a] != nil {
		if !g.auxLOD[s] {
			lod = 0
		}
		o.Images[2] = g.textures[a].level(lod)
	}
}
