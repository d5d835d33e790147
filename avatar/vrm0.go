package avatar

import (
	"encoding/json"
	"fmt"
	"strings"
)

type vrm0Doc struct {
	Humanoid           json.RawMessage `json:"humanoid"`
	BlendShapeMaster   json.RawMessage `json:"blendShapeMaster"`
	FirstPerson        json.RawMessage `json:"firstPerson"`
	MaterialProperties json.RawMessage `json:"materialProperties"`
	SecondaryAnimation json.RawMessage `json:"secondaryAnimation"`
}

type vrm0HumanBone struct {
	Bone string `json:"bone"`
	Node *int   `json:"node"`
}

type vrm0Group struct {
	Name       string `json:"name"`
	PresetName string `json:"presetName"`
	Binds      []struct {
		Mesh   *int    `json:"mesh"`
		Index  *int    `json:"index"`
		Weight float32 `json:"weight"` // 0..100
	} `json:"binds"`
	MaterialValues []json.RawMessage `json:"materialValues"`
	IsBinary       bool              `json:"isBinary"`
}

type vrm0DegreeMap struct {
	XRange *float32 `json:"xRange"`
	YRange *float32 `json:"yRange"`
}

type vrm0FirstPerson struct {
	Offset *struct {
		X, Y, Z *float32
	} `json:"firstPersonBoneOffset"`
	LookAtTypeName  string         `json:"lookAtTypeName"`
	HorizontalInner *vrm0DegreeMap `json:"lookAtHorizontalInner"`
	HorizontalOuter *vrm0DegreeMap `json:"lookAtHorizontalOuter"`
	VerticalDown    *vrm0DegreeMap `json:"lookAtVerticalDown"`
	VerticalUp      *vrm0DegreeMap `json:"lookAtVerticalUp"`
}

type vrm0Material struct {
	Name              string               `json:"name"`
	Shader            string               `json:"shader"`
	FloatProperties   map[string]float32   `json:"floatProperties"`
	VectorProperties  map[string][]float32 `json:"vectorProperties"`
	TextureProperties map[string]int       `json:"textureProperties"`
}

func readVRM0(data []byte, m *Model) error {
	var doc vrm0Doc
	if err := decodeField(data, &doc, "VRM"); err != nil {
		return err
	}
	var hum struct {
		HumanBones []vrm0HumanBone `json:"humanBones"`
	}
	var bsm struct {
		Groups []vrm0Group `json:"blendShapeGroups"`
	}
	var fp *vrm0FirstPerson
	var mats []vrm0Material
	if err := decodeFields(
		jsonField{doc.Humanoid, &hum, "VRM.humanoid"},
		jsonField{doc.BlendShapeMaster, &bsm, "VRM.blendShapeMaster"},
		jsonField{doc.FirstPerson, &fp, "VRM.firstPerson"},
		jsonField{doc.MaterialProperties, &mats, "VRM.materialProperties"},
	); err != nil {
		return err
	}
	m.Humanoid = humanoidFromVRM(vrm0Bones(hum.HumanBones, m), m)
	m.Expressions = vrm0Expressions(bsm.Groups, m)
	if fp != nil {
		m.LookAt = vrm0ToLookAt(fp)
	}
	vrm0Materials(mats, m)
	return readVRM0Springs(doc.SecondaryAnimation, m)
}

// vrm0Bones converts humanBones to {VRM 1.0 bone name: node}, keeping the
// first of duplicates.
func vrm0Bones(list []vrm0HumanBone, m *Model) map[string]int {
	bones := make(map[string]int, len(list))
	for _, hb := range list {
		name := vrm0BoneName(hb.Bone)
		if _, dup := bones[name]; dup {
			m.Warnings = append(m.Warnings, fmt.Sprintf("vrm: humanBone %q given twice, first kept", hb.Bone))
			continue
		}
		bones[name] = optIndexOr(hb.Node, -1)
	}
	return bones
}

// vrm0BoneName converts a VRM 0.x bone name to VRM 1.0. The thumb gained
// a metacarpal: 0.x Proximal/Intermediate/Distal are 1.0
// Metacarpal/Proximal/Distal.
func vrm0BoneName(name string) string {
	for _, side := range [...]string{"left", "right"} {
		switch name {
		case side + "ThumbProximal":
			return side + "ThumbMetacarpal"
		case side + "ThumbIntermediate":
			return side + "ThumbProximal"
		}
	}
	return name
}

// vrm0Presets maps VRM 0.x preset names to VRM 1.0 expression names.
var vrm0Presets = map[string]string{
	"a": "aa", "i": "ih", "u": "ou", "e": "ee", "o": "oh",
	"joy": "happy", "angry": "angry", "sorrow": "sad", "fun": "relaxed",
	"surprised": "surprised", "neutral": "neutral",
	"blink": "blink", "blink_l": "blinkLeft", "blink_r": "blinkRight",
	"lookup": "lookUp", "lookdown": "lookDown", "lookleft": "lookLeft", "lookright": "lookRight",
}

// vrm0Expressions converts blendShapeGroups in file order. A group with an
// unknown preset keeps its own name. Bind weights run 0–100 in 0.x and
// bind.mesh is a glTF mesh index.
func vrm0Expressions(groups []vrm0Group, m *Model) *ExpressionMap {
	var out []Expression
	seen := map[string]bool{}
	for gi, g := range groups {
		name, ok := vrm0Presets[strings.ToLower(g.PresetName)]
		if !ok {
			name = g.Name
		}
		if name == "" {
			m.Warnings = append(m.Warnings, fmt.Sprintf("vrm: blendShapeGroup %d has no name, ignored", gi))
			continue
		}
		if seen[name] {
			warnExpr(m, name, "is defined twice, first kept")
			continue
		}
		seen[name] = true
		e := Expression{Name: name, IsBinary: g.IsBinary}
		for _, b := range g.Binds {
			if bind, ok := checkBind(m, name, optIndexOr(b.Mesh, -1), optIndexOr(b.Index, -1), b.Weight/100); ok {
				e.Binds = append(e.Binds, bind)
			}
		}
		noteUnsupported(m, &e, "materialValues", len(g.MaterialValues))
		out = append(out, e)
	}
	return NewExpressionMap(out)
}

// vrm0ToLookAt follows three-vrm's VRM 0.x import: the offset's z is
// negated (0.x stores it in Unity axes; default (0, 0.06, 0)), xRange is
// the input maximum (default 90°) and yRange the output scale (default 10°
// for "Bone", 1 for "BlendShape"). The 0.x curves are not applied: kin maps
// linearly.
func vrm0ToLookAt(fp *vrm0FirstPerson) *LookAt {
	out := &LookAt{Type: LookAtBone, OffsetFromHeadBone: [3]float32{0, 0.06, 0}}
	scale := float32(10)
	if fp.LookAtTypeName == "BlendShape" {
		out.Type, scale = LookAtExpression, 1
	}
	if o := fp.Offset; o != nil {
		out.OffsetFromHeadBone = [3]float32{optFloatOr(o.X, 0), optFloatOr(o.Y, 0.06), -optFloatOr(o.Z, 0)}
	}
	rm := func(d *vrm0DegreeMap) RangeMap {
		if d == nil {
			return RangeMap{90, scale}
		}
		return RangeMap{optFloatOr(d.XRange, 90), optFloatOr(d.YRange, scale)}
	}
	out.HorizontalInner, out.HorizontalOuter = rm(fp.HorizontalInner), rm(fp.HorizontalOuter)
	out.VerticalDown, out.VerticalUp = rm(fp.VerticalDown), rm(fp.VerticalUp)
	return out
}

// vrm0Materials flags MToon and unlit materials. materialProperties[i]
// describes glTF material i, as UniVRM writes them and three-vrm reads them.
func vrm0Materials(props []vrm0Material, m *Model) {
	for i, p := range props {
		if i >= len(m.Materials) {
			m.Warnings = append(m.Warnings, fmt.Sprintf("vrm: materialProperties[%d] (%q) has no material", i, p.Name))
			continue
		}
		switch {
		case p.Shader == "VRM/MToon":
			m.Materials[i].Toon = true
			m.Materials[i].MToon = vrm0MToon(p, len(m.Textures))
		case strings.HasPrefix(p.Shader, "VRM/Unlit"):
			m.Materials[i].Unlit = true
		}
	}
}
