package avatar

import (
	"encoding/json"
	"fmt"
	"slices"

	"github.com/qmuntal/gltf"
)

// Hints for files that require an extension kin cannot decode.
const (
	dracoHint = "decompress it with `npx @gltf-transform/cli copy in.glb out.glb`, or re-export without Draco; " +
		"or recompress it with `gltfpack -cc` (meshopt compression), which kin reads"
	basisuHint = "convert its KTX2 textures to PNG or JPEG (for example `npx @gltf-transform/cli png in.glb out.glb`, " +
		"or re-export with PNG/JPEG textures); WebP textures work too"
	unknownHint = "re-export the model without it"
)

// readExtensions are the extensions kin decodes: a file may require them.
var readExtensions = map[string]bool{
	"KHR_texture_transform":             true,
	"KHR_materials_unlit":               true,
	"KHR_mesh_quantization":             true,
	"EXT_meshopt_compression":           true,
	"KHR_meshopt_compression":           true,
	"EXT_texture_webp":                  true,
	"KHR_materials_emissive_strength":   true,
	"VRM":                               true,
	"VRMC_vrm":                          true,
	"VRMC_materials_mtoon":              true,
	"VRMC_springBone":                   true,
	"VRMC_springBone_extended_collider": true,
	"VRMC_vrm_animation":                true,
}

// unreadable names the extensions kin knows it cannot decode, with what
// they hold and how to convert a file that requires them.
var unreadable = map[string]struct{ what, hint string }{
	"KHR_draco_mesh_compression": {"Draco mesh compression", dracoHint},
	"KHR_texture_basisu":         {"KTX2 (Basis Universal) textures", basisuHint},
	"EXT_texture_avif":           {"AVIF textures", "convert its textures to PNG, JPEG or WebP and re-export"},
}

// checkExtensions refuses a file that requires an extension kin cannot
// decode, naming it and how to convert the file, and warns about each
// extension a file uses that kin ignores.
func checkExtensions(doc *gltf.Document) (warnings []string, err error) {
	for _, ext := range doc.ExtensionsRequired {
		if readExtensions[ext] {
			continue
		}
		what, hint := ext, unknownHint
		if u, ok := unreadable[ext]; ok {
			what, hint = fmt.Sprintf("%s (%s)", ext, u.what), u.hint
		}
		return nil, fmt.Errorf("requires extension %s, which kin cannot decode: %s: %w", what, hint, ErrUnsupportedExtension)
	}
	for _, ext := range doc.ExtensionsUsed {
		if !readExtensions[ext] && !slices.Contains(doc.ExtensionsRequired, ext) {
			warnings = append(warnings, fmt.Sprintf("extension %s: not supported; the model loads without it", ext))
		}
	}
	return warnings, nil
}

// extObject decodes the object of extension name in exts into v and
// reports whether it is there and readable.
func extObject(exts gltf.Extensions, name string, v any) bool {
	raw, ok := exts[name]
	if !ok {
		return false
	}
	data, err := json.Marshal(raw)
	return err == nil && json.Unmarshal(data, v) == nil
}

// textureSource is the image a texture draws: the EXT_texture_webp image
// when there is one (kin decodes WebP), else the core source, which may be
// a PNG or JPEG fallback for an extension kin cannot decode.
func textureSource(t *gltf.Texture) *int {
	var webp struct {
		Source *int `json:"source"`
	}
	if extObject(t.Extensions, "EXT_texture_webp", &webp) && webp.Source != nil {
		return webp.Source
	}
	return t.Source
}

// emissiveStrength is KHR_materials_emissive_strength's factor, 1 without
// it.
func emissiveStrength(m *gltf.Material) float32 {
	s := struct {
		Strength *float64 `json:"emissiveStrength"`
	}{}
	if extObject(m.Extensions, "KHR_materials_emissive_strength", &s) && s.Strength != nil && *s.Strength >= 0 {
		return float32(*s.Strength)
	}
	return 1
}
