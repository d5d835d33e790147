package doctor

import (
	"strings"

	"github.com/kin-companion/kin/avatar"
)

// warningRule gives a loader warning that starts with prefix and contains
// part a section, a severity and a fix.
type warningRule struct {
	prefix, part string
	area         Area
	sev          Severity
	fix          string
}

// warningRules covers the warnings avatar's loader writes (see its
// builder.warnf and the vrm readers); the first match wins.
var warningRules = []warningRule{
	{"mesh ", "skipped", AreaFile, SevWarning,
		"Delete loose edges and points, or convert them to faces (in Blender: Edit Mode → Select → Select Loose → Delete), and re-export."},
	{"material ", "TEXCOORD_", AreaTextures, SevWarning,
		"In Blender: make the texture use the first UV map (the top one in Object Data → UV Maps) and re-export."},
	{"material ", "out of range", AreaTextures, SevWarning,
		"The file's material points at a texture that is not there: re-export it from your 3D program."},
	{"vrm: no humanBones", "", AreaBones, SevWarning,
		"In your VRM exporter, assign the humanoid bones (VRM add-on for Blender: Humanoid → Automatic Bone Assignment)."},
	{"vrm: unknown humanBone", "", AreaBones, SevWarning,
		"In your VRM exporter, assign that bone to one of VRM's humanoid bones or remove the assignment."},
	{"vrm: humanBone", "out of range", AreaBones, SevWarning,
		"Re-assign the humanoid bones in your VRM exporter and re-export."},
	{"vrm: expression", "not applied yet", AreaExpressions, SevWarning,
		"Bind the expression to blend shapes (shape keys) too: kin does not apply material colour or texture binds yet."},
	{"vrm: expression", "", AreaExpressions, SevWarning,
		"Re-bind the expression to the face's blend shapes in your VRM exporter and re-export."},
}

// checkLoaderWarnings reports the loader's warnings, except those about
// texture decoding and ignored extensions, which checkTextures and
// checkExtensions explain.
func (r *Report) checkLoaderWarnings(m *avatar.Model) {
	for _, w := range m.Warnings {
		if isTextureWarning(w) || isExtensionWarning(w) {
			continue
		}
		rule := warningRule{area: AreaFile, sev: SevWarning}
		for _, wr := range warningRules {
			if strings.HasPrefix(w, wr.prefix) && strings.Contains(w, wr.part) {
				rule = wr
				break
			}
		}
		r.add(rule.sev, rule.area, rule.fix, "%s", sentence(strings.TrimPrefix(w, "vrm: ")))
	}
}

// sentence capitalises s and ends it with a full stop.
func sentence(s string) string {
	if s == "" {
		return s
	}
	s = strings.ToUpper(s[:1]) + s[1:]
	if !strings.HasSuffix(s, ".") {
		s += "."
	}
	return s
}
