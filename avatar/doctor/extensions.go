package doctor

import (
	"fmt"
	"regexp"
	"slices"
	"strings"

	"github.com/kin-companion/kin/avatar"
)

// Extensions lists the file's glTF extensions by what kin does with them.
type Extensions struct {
	Used     []string `json:"used"`     // extensionsUsed
	Required []string `json:"required"` // extensionsRequired
	// Ignored lists optional extensions kin does not apply: the model
	// still shows, without that effect.
	Ignored []string `json:"ignored"`
	// Unsupported names the required extension kin cannot read: the file
	// does not load.
	Unsupported []string `json:"unsupported"`
}

// extInfo says what an extension holds and how to do without it.
type extInfo struct {
	what string // plain words, for messages
	fix  string // how to export without it
}

const (
	noDraco     = "Re-export without Draco compression (in Blender's glTF exporter: untick Compression), or recompress with `gltfpack -cc`: kin reads meshopt compression."
	plainImages = "Re-export with PNG or JPEG textures (in Blender's glTF exporter: Textures → Images: Automatic)."
)

// knownExtensions are the extensions the doctor can explain; any other is
// named as it is. Which ones kin reads is the loader's business: the
// doctor learns it from the loader's warnings and errors.
var knownExtensions = map[string]extInfo{
	"KHR_texture_transform":             {what: "texture offsets and tiling"},
	"KHR_materials_unlit":               {what: "unlit materials"},
	"VRM":                               {what: "VRM 0.x character data"},
	"VRMC_vrm":                          {what: "VRM 1.0 character data"},
	"VRMC_materials_mtoon":              {what: "VRM toon materials"},
	"KHR_draco_mesh_compression":        {what: "Draco mesh compression", fix: noDraco},
	"EXT_meshopt_compression":           {what: "meshopt compression"},
	"KHR_mesh_quantization":             {what: "packed vertex data"},
	"KHR_texture_basisu":                {what: "KTX2 (Basis Universal) textures", fix: plainImages},
	"EXT_texture_webp":                  {what: "WebP textures", fix: plainImages},
	"EXT_texture_avif":                  {what: "AVIF textures", fix: plainImages},
	"VRMC_springBone":                   {what: "spring bones: hair and clothes that swing"},
	"VRMC_springBone_extended_collider": {what: "spring-bone colliders of more shapes"},
	"VRMC_node_constraint":              {what: "node constraints: constrained parts will not follow"},
	"VRMC_vrm_animation":                {what: "a VRM animation"},
	"KHR_materials_emissive_strength":   {what: "extra-bright glow"},
	"KHR_lights_punctual":               {what: "lights: kin lights the character itself"},
}

// describeExt names an extension with what it holds.
func describeExt(name string) string {
	if info, ok := knownExtensions[name]; ok {
		return fmt.Sprintf("%s (%s)", name, info.what)
	}
	return name
}

var (
	ignoredWarning  = regexp.MustCompile(`^extension (\S+): not supported`)
	requiresMessage = regexp.MustCompile(`requires extension ([A-Za-z0-9_]+)`)
)

// isExtensionWarning reports whether the loader warning w says an
// optional extension was ignored (reported by checkExtensions).
func isExtensionWarning(w string) bool { return ignoredWarning.MatchString(w) }

// checkExtensions fills r.Extensions from the header (nil for a model
// without its file) and the loader's warnings about ignored extensions.
func (r *Report) checkExtensions(h *header, m *avatar.Model) {
	x := &r.Extensions
	if h != nil {
		x.Used = append(x.Used, h.ExtensionsUsed...)
		x.Required = append(x.Required, h.ExtensionsRequired...)
	}
	for _, w := range m.Warnings {
		if g := ignoredWarning.FindStringSubmatch(w); g != nil && !slices.Contains(x.Ignored, g[1]) {
			x.Ignored = append(x.Ignored, g[1])
		}
	}
	if len(x.Ignored) > 0 {
		names := make([]string, len(x.Ignored))
		for i, n := range x.Ignored {
			names[i] = describeExt(n)
		}
		r.add(SevNote, AreaExtensions, "", "kin ignores these optional extensions, and shows the model without them: %s.", strings.Join(names, "; "))
	}
}

// unsupportedExtension records the required extension a load error names.
func (r *Report) unsupportedExtension(h *header, err error) {
	if h != nil {
		r.Extensions.Used = append(r.Extensions.Used, h.ExtensionsUsed...)
		r.Extensions.Required = append(r.Extensions.Required, h.ExtensionsRequired...)
	}
	if g := requiresMessage.FindStringSubmatch(err.Error()); g != nil {
		r.Extensions.Unsupported = append(r.Extensions.Unsupported, g[1])
	}
}

// unsupportedFix is the fix for a file that needs an extension kin lacks.
func unsupportedFix(names []string) string {
	for _, n := range names {
		if fix := knownExtensions[n].fix; fix != "" {
			return fix
		}
	}
	return "Re-export the model without that extension (most exporters have an option for it), or convert it with a glTF tool."
}
