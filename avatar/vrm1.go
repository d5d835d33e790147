package avatar

import (
	"encoding/json"
	"fmt"
	"maps"
	"slices"
)

type vrm1Doc struct {
	Humanoid    json.RawMessage `json:"humanoid"`
	Expressions json.RawMessage `json:"expressions"`
	LookAt      json.RawMessage `json:"lookAt"`
}

type vrm1Expression struct {
	MorphTargetBinds []struct {
		Node   *int    `json:"node"`
		Index  *int    `json:"index"`
		Weight float32 `json:"weight"`
	} `json:"morphTargetBinds"`
	MaterialColorBinds    []json.RawMessage `json:"materialColorBinds"`
	TextureTransformBinds []json.RawMessage `json:"textureTransformBinds"`
	IsBinary              bool              `json:"isBinary"`
	OverrideBlink         string            `json:"overrideBlink"`
	OverrideLookAt        string            `json:"overrideLookAt"`
	OverrideMouth         string            `json:"overrideMouth"`
}

type vrm1RangeMap struct {
	InputMaxValue *float32 `json:"inputMaxValue"`
	OutputScale   *float32 `json:"outputScale"`
}

type vrm1LookAt struct {
	Type               string        `json:"type"`
	OffsetFromHeadBone *[3]float32   `json:"offsetFromHeadBone"`
	HorizontalInner    *vrm1RangeMap `json:"rangeMapHorizontalInner"`
	HorizontalOuter    *vrm1RangeMap `json:"rangeMapHorizontalOuter"`
	VerticalDown       *vrm1RangeMap `json:"rangeMapVerticalDown"`
	VerticalUp         *vrm1RangeMap `json:"rangeMapVerticalUp"`
}

func readVRM1(data []byte, m *Model) error {
	var doc vrm1Doc
	if err := decodeField(data, &doc, "VRMC_vrm"); err != nil {
		return err
	}
	var hum struct {
		HumanBones map[string]struct {
			Node *int `json:"node"`
		} `json:"humanBones"`
	}
	var exprs struct {
		Preset map[string]vrm1Expression `json:"preset"`
		Custom map[string]vrm1Expression `json:"custom"`
	}
	var look *vrm1LookAt
	if err := decodeFields(
		jsonField{doc.Humanoid, &hum, "VRMC_vrm.humanoid"},
		jsonField{doc.Expressions, &exprs, "VRMC_vrm.expressions"},
		jsonField{doc.LookAt, &look, "VRMC_vrm.lookAt"},
	); err != nil {
		return err
	}
	bones := make(map[string]int, len(hum.HumanBones))
	for name, hb := range hum.HumanBones {
		bones[name] = optIndexOr(hb.Node, -1)
	}
	m.Humanoid = humanoidFromVRM(bones, m)
	m.Expressions = vrm1Expressions(exprs.Preset, exprs.Custom, m)
	if look != nil {
		m.LookAt = vrm1ToLookAt(look)
	}
	return nil
}

// vrm1PresetOrder is the order of the VRM 1.0 presets in an ExpressionMap.
var vrm1PresetOrder = []string{
	"happy", "angry", "sad", "relaxed", "surprised", "neutral",
	"aa", "ih", "ou", "ee", "oh", "blink", "blinkLeft", "blinkRight",
	"lookUp", "lookDown", "lookLeft", "lookRight",
}

// vrm1Expressions builds the map: presets in VRM order (unknown preset
// names after them, sorted), then custom expressions sorted by name.
func vrm1Expressions(preset, custom map[string]vrm1Expression, m *Model) *ExpressionMap {
	names := slices.DeleteFunc(slices.Clone(vrm1PresetOrder), func(n string) bool { _, ok := preset[n]; return !ok })
	for _, n := range slices.Sorted(maps.Keys(preset)) {
		if !slices.Contains(vrm1PresetOrder, n) {
			names = append(names, n)
		}
	}
	var out []Expression
	for _, n := range names {
		out = append(out, vrm1Expr(n, preset[n], m))
	}
	for _, n := range slices.Sorted(maps.Keys(custom)) {
		if _, dup := preset[n]; dup {
			m.Warnings = append(m.Warnings, fmt.Sprintf("vrm: custom expression %q shadows a preset, ignored", n))
			continue
		}
		out = append(out, vrm1Expr(n, custom[n], m))
	}
	return NewExpressionMap(out)
}

func vrm1Expr(name string, x vrm1Expression, m *Model) Expression {
	e := Expression{
		Name: name, IsBinary: x.IsBinary,
		OverrideBlink:  parseOverride(x.OverrideBlink, name, m),
		OverrideLookAt: parseOverride(x.OverrideLookAt, name, m),
		OverrideMouth:  parseOverride(x.OverrideMouth, name, m),
	}
	for _, b := range x.MorphTargetBinds {
		node, target := optIndexOr(b.Node, -1), optIndexOr(b.Index, -1)
		if node < 0 || node >= len(m.Nodes) {
			warnExpr(m, name, "binds node %d, out of range", node)
			continue
		}
		mesh := m.Nodes[node].Mesh
		if mesh < 0 {
			warnExpr(m, name, "binds node %d, which has no mesh", node)
			continue
		}
		if bind, ok := checkBind(m, name, mesh, target, b.Weight); ok {
			e.Binds = append(e.Binds, bind)
		}
	}
	noteUnsupported(m, &e, "materialColorBinds", len(x.MaterialColorBinds))
	noteUnsupported(m, &e, "textureTransformBinds", len(x.TextureTransformBinds))
	return e
}

// vrm1ToLookAt applies VRM 1.0's defaults: offset (0, 0.06, 0), input 90°,
// output 10° for bones or 1 for expressions.
func vrm1ToLookAt(l *vrm1LookAt) *LookAt {
	out := &LookAt{Type: LookAtBone, OffsetFromHeadBone: [3]float32{0, 0.06, 0}}
	if l.Type == LookAtExpression {
		out.Type = LookAtExpression
	}
	if l.OffsetFromHeadBone != nil {
		out.OffsetFromHeadBone = *l.OffsetFromHeadBone
	}
	scale := float32(10)
	if out.Type == LookAtExpression {
		scale = 1
	}
	rm := func(r *vrm1RangeMap) RangeMap {
		if r == nil {
			return RangeMap{90, scale}
		}
		return RangeMap{optFloatOr(r.InputMaxValue, 90), optFloatOr(r.OutputScale, scale)}
	}
	out.HorizontalInner, out.HorizontalOuter = rm(l.HorizontalInner), rm(l.HorizontalOuter)
	out.VerticalDown, out.VerticalUp = rm(l.VerticalDown), rm(l.VerticalUp)
	return out
}
