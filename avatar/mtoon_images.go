package avatar

import (
	"encoding/json"

	"github.com/qmuntal/gltf"
)

// mtoonTextures lists the glTF textures that MToon materials use besides
// base colour and emissive — shade, MatCap and outline-width textures, from
// VRMC_materials_mtoon (VRM 1.0) and the VRM extension's
// materialProperties (VRM 0.x) — so that the loader decodes their images
// too. Malformed extensions add nothing (readVRMMaterial and readVRM0
// report them).
func mtoonTextures(doc *gltf.Document) []int {
	var out []int
	for _, m := range doc.Materials {
		if m == nil {
			continue
		}
		v, ok := m.Extensions["VRMC_materials_mtoon"]
		if !ok {
			continue
		}
		var x struct {
			Shade  *mtoonTex `json:"shadeMultiplyTexture"`
			Matcap *mtoonTex `json:"matcapTexture"`
			Width  *mtoonTex `json:"outlineWidthMultiplyTexture"`
		}
		if withRaw("VRMC_materials_mtoon", v, func(data []byte) error { return json.Unmarshal(data, &x) }) != nil {
			continue
		}
		for _, t := range []*mtoonTex{x.Shade, x.Matcap, x.Width} {
			if t != nil && t.Index != nil {
				out = append(out, *t.Index)
			}
		}
	}
	if v, ok := doc.Extensions["VRM"]; ok {
		var x struct {
			Props []vrm0Material `json:"materialProperties"`
		}
		if withRaw("VRM", v, func(data []byte) error { return json.Unmarshal(data, &x) }) == nil {
			for _, p := range x.Props {
				for _, name := range []string{"_ShadeTexture", "_SphereAdd", "_OutlineWidthTexture"} {
					if i, ok := p.TextureProperties[name]; ok {
						out = append(out, i)
					}
				}
			}
		}
	}
	return out
}
