package avatar

import (
	"encoding/json"
	"fmt"
	"maps"
	"slices"
)

// LookAt describes how a VRM model turns its eyes toward a target.
type LookAt struct {
	// Type is "bone" (rotate the eye bones by degrees) or "expression"
	// (drive lookUp/lookDown/lookLeft/lookRight by weight).
	Type string
	// OffsetFromHeadBone is the eyes' position in the head bone's space,
	// in glTF axes.
	OffsetFromHeadBone [3]float32
	// The range maps turn a yaw or pitch in degrees into an eye angle in
	// degrees ("bone") or an expression weight ("expression"). Inner and
	// Outer are the eye turning toward and away from the nose.
	HorizontalInner, HorizontalOuter, VerticalDown, VerticalUp RangeMap
}

// LookAt types.
const (
	LookAtBone       = "bone"
	LookAtExpression = "expression"
)

// RangeMap is VRM's linear look-at curve: input degrees up to
// InputMaxValue map onto 0..OutputScale.
type RangeMap struct {
	InputMaxValue, OutputScale float32
}

// Map returns OutputScale·saturate(|deg|/InputMaxValue) with deg's sign:
// Map(-x) == -Map(x), so callers choose the range map by direction and may
// pass a signed angle. A non-positive InputMaxValue maps everything to 0.
func (r RangeMap) Map(deg float32) float32 {
	if r.InputMaxValue <= 0 {
		return 0
	}
	v := r.OutputScale * min(abs32(deg)/r.InputMaxValue, 1)
	if deg < 0 {
		return -v
	}
	return v
}

func abs32(x float32) float32 {
	if x < 0 {
		return -x
	}
	return x
}

// readVRM fills m from a document's VRM extension, if any: VRMC_vrm (VRM
// 1.0) is preferred over VRM (0.x). It sets m.Format, m.Humanoid,
// m.Expressions (non-nil, possibly empty) and m.LookAt, and for VRM 0.x the
// Toon/Unlit flags of m.Materials. It expects m.Nodes, m.Meshes and
// m.Materials filled, indexed as in the document. Bad references become
// warnings; malformed JSON is an error naming the extension and field.
// With no humanBones the humanoid is mapped from node names.
//
// VRMC_springBone is read whatever the format (VRM 1.0 takes it over VRM
// 0.x secondaryAnimation); a VRM 0.x model is then turned to face +Z
// ([turnAround]); VRMC_vrm_animation makes the model a [FormatVRMA].
func readVRM(ext map[string]any, m *Model) error {
	var err error
	if v, ok := ext["VRMC_vrm"]; ok {
		m.Format = FormatVRM1
		err = withRaw("VRMC_vrm", v, func(data []byte) error { return readVRM1(data, m) })
	} else if v, ok := ext["VRM"]; ok {
		m.Format = FormatVRM0
		err = withRaw("VRM", v, func(data []byte) error { return readVRM0(data, m) })
	} else if v, ok := ext["VRMC_vrm_animation"]; ok {
		m.Format = FormatVRMA
		err = withRaw("VRMC_vrm_animation", v, func(data []byte) error { return readVRMA(data, m) })
	}
	if err == nil {
		if v, ok := ext["VRMC_springBone"]; ok {
			m.Springs = nil
			err = withRaw("VRMC_springBone", v, func(data []byte) error { return readVRM1Springs(data, m) })
		}
	}
	if err != nil || m.Format == "" || m.Format == FormatVRMA {
		return err
	}
	if m.Format == FormatVRM0 {
		turnAround(m)
	}
	if len(m.Humanoid) == 0 {
		names := make([]string, len(m.Nodes))
		for i := range m.Nodes {
			names[i] = m.Nodes[i].Name
		}
		m.Humanoid = HumanoidFromNames(names)
		m.Warnings = append(m.Warnings, "vrm: no humanBones, humanoid mapped from node names")
	}
	if m.Expressions == nil {
		m.Expressions = NewExpressionMap(nil)
	}
	return nil
}

// readVRMMaterial sets mat.Toon and mat.MToon when a glTF material's
// extensions hold VRMC_materials_mtoon (VRM 1.0). The loader calls it per
// material; a malformed extension leaves MToon nil.
func readVRMMaterial(ext map[string]any, mat *Material) {
	if v, ok := ext["VRMC_materials_mtoon"]; ok {
		mat.Toon = true
		_ = withRaw("VRMC_materials_mtoon", v, func(data []byte) error {
			mt, err := readMToon1(data)
			mat.MToon = mt
			return err
		})
	}
}

// withRaw hands f the extension's JSON, whatever form the decoder left it
// in (json.RawMessage for unregistered extensions).
func withRaw(name string, v any, f func([]byte) error) error {
	var data []byte
	switch r := v.(type) {
	case json.RawMessage:
		data = r
	case []byte:
		data = r
	default:
		var err error
		if data, err = json.Marshal(v); err != nil {
			return fmt.Errorf("%s: %w", name, err)
		}
	}
	return f(data)
}

// jsonField is one field of an extension to decode into v.
type jsonField struct {
	raw  json.RawMessage
	v    any
	name string // for errors, e.g. "VRMC_vrm.humanoid"
}

// decodeFields decodes each field in turn, stopping at the first error.
func decodeFields(fields ...jsonField) error {
	for _, f := range fields {
		if err := decodeField(f.raw, f.v, f.name); err != nil {
			return err
		}
	}
	return nil
}

// decodeField unmarshals one field of an extension, naming it on error.
// An absent (nil) field leaves v unchanged.
func decodeField(data json.RawMessage, v any, field string) error {
	if len(data) == 0 || string(data) == "null" {
		return nil
	}
	if err := json.Unmarshal(data, v); err != nil {
		return fmt.Errorf("%s: %w", field, err)
	}
	return nil
}

// humanoidFromVRM checks {bone: node} from a VRM file, warning about
// unknown bones and nodes out of range, in sorted order.
func humanoidFromVRM(bones map[string]int, m *Model) Humanoid {
	h := Humanoid{}
	for _, name := range slices.Sorted(maps.Keys(bones)) {
		node := bones[name]
		switch {
		case !knownBones[Bone(name)]:
			m.Warnings = append(m.Warnings, fmt.Sprintf("vrm: unknown humanBone %q", name))
		case node < 0 || node >= len(m.Nodes):
			m.Warnings = append(m.Warnings, fmt.Sprintf("vrm: humanBone %q refers to node %d, out of range", name, node))
		default:
			h[Bone(name)] = node
		}
	}
	return h
}

// checkBind validates a mesh/target reference and clamps the weight.
func checkBind(m *Model, name string, mesh, target int, w float32) (MorphBind, bool) {
	if mesh < 0 || mesh >= len(m.Meshes) {
		warnExpr(m, name, "binds mesh %d, out of range", mesh)
		return MorphBind{}, false
	}
	if n := meshTargetCount(&m.Meshes[mesh]); target < 0 || target >= n {
		warnExpr(m, name, "binds morph target %d of mesh %d, which has %d", target, mesh, n)
		return MorphBind{}, false
	}
	return MorphBind{Mesh: mesh, Target: target, Weight: clamp01(w)}, true
}

func noteUnsupported(m *Model, e *Expression, kind string, n int) {
	if n > 0 {
		e.Unsupported = append(e.Unsupported, kind)
		warnExpr(m, e.Name, "has %s, not applied yet", kind)
	}
}

func warnExpr(m *Model, name, format string, args ...any) {
	m.Warnings = append(m.Warnings, fmt.Sprintf("vrm: expression %q ", name)+fmt.Sprintf(format, args...))
}

func parseOverride(s, name string, m *Model) Override {
	switch s {
	case "", "none":
		return OverrideNone
	case "block":
		return OverrideBlock
	case "blend":
		return OverrideBlend
	}
	warnExpr(m, name, "has unknown override %q, treated as none", s)
	return OverrideNone
}

func optIndexOr(p *int, def int) int {
	if p == nil {
		return def
	}
	return *p
}

func optFloatOr(p *float32, def float32) float32 {
	if p == nil {
		return def
	}
	return *p
}
