package avatar

import (
	"encoding/json"
	"maps"
	"slices"
	"strings"
	"testing"
)

func TestReadVRMFiles(t *testing.T) {
	tests := []struct {
		file     string
		format   Format
		bones    int
		some     map[Bone]int // a few bones and their nodes
		exprs    []string     // all expression names, in map order
		driven   []string     // Names(): those with binds
		lookAt   LookAt
		warnings []string
	}{
		{file: "vrm0-cryptovoxels.vrm", format: FormatVRM0, bones: 43,
			some:   map[Bone]int{BoneHips: 1, BoneSpine: 12, BoneNeck: 41, BoneLeftUpperLeg: 2},
			lookAt: LookAt{Type: "bone", HorizontalInner: RangeMap{90, 10}, HorizontalOuter: RangeMap{90, 10}, VerticalDown: RangeMap{90, 10}, VerticalUp: RangeMap{90, 10}}},
		{file: "vrm0-blenderaddon-modifier_shapekey_vrm0.vrm", format: FormatVRM0, bones: 17,
			some:   map[Bone]int{BoneHips: 1, BoneHead: 5, BoneLeftUpperArm: 6, BoneRightFoot: 17},
			exprs:  []string{"aa", "neutral", "ih", "ou", "ee", "oh", "blink", "happy", "angry", "sad", "relaxed", "blinkLeft", "blinkRight"},
			driven: []string{"aa"},
			lookAt: LookAt{Type: "bone", HorizontalInner: RangeMap{90, 10}, HorizontalOuter: RangeMap{90, 10}, VerticalDown: RangeMap{90, 10}, VerticalUp: RangeMap{90, 10}}},
		{file: "vrm1-blenderaddon-Example.vrm", format: FormatVRM1, bones: 53,
			some:   map[Bone]int{BoneHips: 63, BoneLeftEye: 1, BoneLeftThumbMetacarpal: 8, BoneRightLittleDistal: 39},
			exprs:  vrm1PresetOrder,
			lookAt: LookAt{Type: "bone", HorizontalInner: RangeMap{90, 10}, HorizontalOuter: RangeMap{90, 10}, VerticalDown: RangeMap{90, 10}, VerticalUp: RangeMap{90, 10}}},
		{file: "vrm1-VRMC_vrm_expressions_isBinary_Overrides.vrm", format: FormatVRM1, bones: 22,
			some:   map[Bone]int{BoneHips: 21, BoneUpperChest: 10, BoneRightHand: 2},
			exprs:  []string{"happy", "blink"},
			lookAt: LookAt{Type: "expression", OffsetFromHeadBone: [3]float32{0, 0.06, 0}, HorizontalInner: RangeMap{90, 1}, HorizontalOuter: RangeMap{90, 1}, VerticalDown: RangeMap{90, 1}, VerticalUp: RangeMap{90, 1}},
			warnings: []string{`vrm: expression "happy" has textureTransformBinds, not applied yet`,
				`vrm: expression "blink" has textureTransformBinds, not applied yet`}},
	}
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			m, doc := minimalModel(t, tt.file)
			if err := readVRM(doc.Extensions, m); err != nil {
				t.Fatal(err)
			}
			if m.Format != tt.format || len(m.Humanoid) != tt.bones || !m.Humanoid.IsHumanoid() {
				t.Errorf("format %s, %d bones (humanoid %v); want %s, %d", m.Format, len(m.Humanoid), m.Humanoid.IsHumanoid(), tt.format, tt.bones)
			}
			for b, n := range tt.some {
				if m.Humanoid.Node(b) != n {
					t.Errorf("%s -> node %d, want %d", b, m.Humanoid.Node(b), n)
				}
			}
			var names []string
			for i := range m.Expressions.Len() {
				names = append(names, m.Expressions.At(i).Name)
			}
			if !slices.Equal(names, tt.exprs) || !slices.Equal(m.Expressions.Names(), tt.driven) {
				t.Errorf("expressions %v, driven %v; want %v, %v", names, m.Expressions.Names(), tt.exprs, tt.driven)
			}
			if m.LookAt == nil || *m.LookAt != tt.lookAt {
				t.Errorf("lookAt %+v, want %+v", m.LookAt, tt.lookAt)
			}
			if !slices.Equal(m.Warnings, tt.warnings) {
				t.Errorf("warnings %q, want %q", m.Warnings, tt.warnings)
			}
		})
	}
}

func TestReadVRM0ShapekeyBinds(t *testing.T) {
	m, doc := minimalModel(t, "vrm0-blenderaddon-modifier_shapekey_vrm0.vrm")
	if err := readVRM(doc.Extensions, m); err != nil {
		t.Fatal(err)
	}
	aa := m.Expressions.Get("aa")
	if aa == nil || !slices.Equal(aa.Binds, []MorphBind{{Mesh: 0, Target: 0, Weight: 1}}) {
		t.Fatalf("aa = %+v, want one bind to mesh 0 target 0 at weight 1 (100/100)", aa)
	}
	out := [][]float32{{0}}
	m.Expressions.Apply(weightsFor(m.Expressions, map[string]float32{"aa": 0.4}), out)
	if out[0][0] != 0.4 {
		t.Errorf("aa at 0.4 gives %v", out[0][0])
	}
}

// The override sample drives only texture transforms, which kin does not
// apply yet; its isBinary and override flags still reach Apply when the
// same expressions are given morph binds.
func TestReadVRMOverrideSample(t *testing.T) {
	m, doc := minimalModel(t, "vrm1-VRMC_vrm_expressions_isBinary_Overrides.vrm")
	if err := readVRM(doc.Extensions, m); err != nil {
		t.Fatal(err)
	}
	happy, blink := *m.Expressions.Get("happy"), *m.Expressions.Get("blink")
	if !happy.IsBinary || happy.OverrideBlink != OverrideBlend || happy.OverrideMouth != OverrideNone ||
		blink.IsBinary || blink.OverrideBlink != OverrideNone || !slices.Equal(happy.Unsupported, []string{"textureTransformBinds"}) {
		t.Fatalf("happy %+v, blink %+v", happy, blink)
	}
	happy.Binds, blink.Binds = []MorphBind{{0, 0, 1}}, []MorphBind{{0, 1, 1}}
	e := NewExpressionMap([]Expression{happy, blink})
	tests := []struct{ happy, blink, wantHappy, wantBlink float32 }{
		{0, 1, 0, 1},
		{0.5, 1, 0, 1}, // binary: 0.5 is off
		{0.6, 1, 1, 0}, // on, and blends blink away by its snapped weight
		{1, 0.5, 1, 0},
	}
	for _, tt := range tests {
		out := [][]float32{{0, 0}}
		e.Apply(weightsFor(e, map[string]float32{"happy": tt.happy, "blink": tt.blink}), out)
		if out[0][0] != tt.wantHappy || out[0][1] != tt.wantBlink {
			t.Errorf("happy %v blink %v: got %v, want [%v %v]", tt.happy, tt.blink, out[0], tt.wantHappy, tt.wantBlink)
		}
	}
}

func weightsFor(e *ExpressionMap, w map[string]float32) []float32 {
	out := make([]float32, e.Len())
	for name, v := range w {
		out[e.Index(name)] = v
	}
	return out
}

// fakeModel has nodes 0 (mesh 0), 1 (no mesh) and 2 (mesh 1); mesh 0 has
// two morph targets, mesh 1 one; and two materials.
func fakeModel() *Model {
	return &Model{
		Nodes:     []Node{{Name: "hips", Mesh: 0}, {Name: "spine", Mesh: -1}, {Name: "head", Mesh: 1}},
		Meshes:    []Mesh{testMesh("face", 2, "a", "b"), testMesh("teeth", 1, "a")},
		Materials: []Material{{Name: "skin"}, {Name: "eyes"}},
	}
}

func readVRMJSON(t *testing.T, key, doc string) (*Model, error) {
	t.Helper()
	m := fakeModel()
	return m, readVRM(map[string]any{key: json.RawMessage(doc)}, m)
}

func TestReadVRMReferences(t *testing.T) {
	tests := []struct {
		name, key, doc string
		binds          map[string][]MorphBind
		warnings       []string
	}{
		{"vrm1 binds resolve node to mesh", "VRMC_vrm",
			`{"expressions":{"preset":{"aa":{"morphTargetBinds":[{"node":2,"index":0,"weight":0.5},{"node":0,"index":1,"weight":2}]}},
			  "custom":{"grin":{"morphTargetBinds":[{"node":0,"index":0,"weight":1}]}}}}`,
			map[string][]MorphBind{"aa": {{1, 0, 0.5}, {0, 1, 1}}, "grin": {{0, 0, 1}}}, nil},
		{"vrm1 bad references warn", "VRMC_vrm",
			`{"expressions":{"preset":{"happy":{"morphTargetBinds":[{"node":9,"index":0,"weight":1},{"node":1,"index":0,"weight":1},
			  {"node":2,"index":5,"weight":1},{"index":0,"weight":1}],"materialColorBinds":[{}],"overrideMouth":"sometimes"}}}}`,
			map[string][]MorphBind{"happy": nil},
			[]string{`vrm: expression "happy" has unknown override "sometimes", treated as none`,
				`vrm: expression "happy" binds node 9, out of range`,
				`vrm: expression "happy" binds node 1, which has no mesh`,
				`vrm: expression "happy" binds morph target 5 of mesh 1, which has 1`,
				`vrm: expression "happy" binds node -1, out of range`,
				`vrm: expression "happy" has materialColorBinds, not applied yet`}},
		{"vrm0 binds are mesh indices at 0-100", "VRM",
			`{"blendShapeMaster":{"blendShapeGroups":[{"name":"Joy","presetName":"joy","binds":[{"mesh":1,"index":0,"weight":50}],"isBinary":true},
			  {"name":"Wink","presetName":"unknown","binds":[{"mesh":0,"index":1,"weight":100},{"mesh":4,"index":0,"weight":100},{"mesh":0,"index":2,"weight":100}],
			   "materialValues":[{"materialName":"eyes"}]},
			  {"name":"Joy2","presetName":"joy"}]}}`,
			map[string][]MorphBind{"happy": {{1, 0, 0.5}}, "Wink": {{0, 1, 1}}},
			[]string{`vrm: expression "Wink" binds mesh 4, out of range`,
				`vrm: expression "Wink" binds morph target 2 of mesh 0, which has 2`,
				`vrm: expression "Wink" has materialValues, not applied yet`,
				`vrm: expression "happy" is defined twice, first kept`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m, err := readVRMJSON(t, tt.key, tt.doc)
			if err != nil {
				t.Fatal(err)
			}
			for name, want := range tt.binds {
				if x := m.Expressions.Get(name); x == nil || !slices.Equal(x.Binds, want) {
					t.Errorf("%s = %+v, want binds %v", name, x, want)
				}
			}
			if got := slices.DeleteFunc(m.Warnings, isNamesWarning); !slices.Equal(got, tt.warnings) {
				t.Errorf("warnings\n%q\nwant\n%q", got, tt.warnings)
			}
		})
	}
}

func isNamesWarning(s string) bool { return strings.Contains(s, "mapped from node names") }

func TestReadVRMHumanoid(t *testing.T) {
	tests := []struct {
		name, key, doc string
		want           Humanoid
		warnings       []string
	}{
		{"vrm0 thumbs gain a metacarpal", "VRM",
			`{"humanoid":{"humanBones":[{"bone":"leftThumbProximal","node":0},{"bone":"leftThumbIntermediate","node":1},
			  {"bone":"leftThumbDistal","node":2},{"bone":"hips","node":0},{"bone":"hips","node":1},{"bone":"tail","node":1},{"bone":"head","node":7}]}}`,
			Humanoid{BoneLeftThumbMetacarpal: 0, BoneLeftThumbProximal: 1, BoneLeftThumbDistal: 2, BoneHips: 0},
			[]string{`vrm: humanBone "hips" given twice, first kept`, `vrm: humanBone "head" refers to node 7, out of range`,
				`vrm: unknown humanBone "tail"`}},
		{"vrm1 bones", "VRMC_vrm", `{"humanoid":{"humanBones":{"hips":{"node":2},"rightToes":{"node":1},"jaw":{}}}}`,
			Humanoid{BoneHips: 2, BoneRightToes: 1}, []string{`vrm: humanBone "jaw" refers to node -1, out of range`}},
		{"no humanBones: node names", "VRMC_vrm", `{}`,
			Humanoid{BoneHips: 0, BoneSpine: 1, BoneHead: 2}, []string{"vrm: no humanBones, humanoid mapped from node names"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m, err := readVRMJSON(t, tt.key, tt.doc)
			if err != nil {
				t.Fatal(err)
			}
			if !maps.Equal(m.Humanoid, tt.want) || !slices.Equal(m.Warnings, tt.warnings) {
				t.Errorf("humanoid %v, warnings %q; want %v, %q", m.Humanoid, m.Warnings, tt.want, tt.warnings)
			}
		})
	}
}

func TestReadVRMMalformed(t *testing.T) {
	tests := []struct{ key, doc, wantErr string }{
		{"VRMC_vrm", `[1]`, "VRMC_vrm:"},
		{"VRMC_vrm", `{"humanoid":{"humanBones":[]}}`, "VRMC_vrm.humanoid"},
		{"VRMC_vrm", `{"expressions":{"preset":{"aa":{"morphTargetBinds":[{"node":"x"}]}}}}`, "VRMC_vrm.expressions"},
		{"VRMC_vrm", `{"lookAt":{"offsetFromHeadBone":[1,2]]}}`, "VRMC_vrm"},
		{"VRMC_vrm", `{"lookAt":{"type":3}}`, "VRMC_vrm.lookAt"},
		{"VRM", `{"humanoid":{"humanBones":{"hips":1}}}`, "VRM.humanoid"},
		{"VRM", `{"blendShapeMaster":{"blendShapeGroups":[{"binds":[{"weight":"full"}]}]}}`, "VRM.blendShapeMaster"},
		{"VRM", `{"firstPerson":{"lookAtHorizontalInner":{"xRange":true}}}`, "VRM.firstPerson"},
		{"VRM", `{"materialProperties":{}}`, "VRM.materialProperties"},
	}
	for _, tt := range tests {
		_, err := readVRMJSON(t, tt.key, tt.doc)
		if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
			t.Errorf("%s %s: err %v, want one naming %q", tt.key, tt.doc, err, tt.wantErr)
		}
	}
}

func TestReadVRMLookAtAndMaterials(t *testing.T) {
	m, err := readVRMJSON(t, "VRM", `{"firstPerson":{"lookAtTypeName":"BlendShape","firstPersonBoneOffset":{"x":0.1,"z":0.2},
		"lookAtVerticalUp":{"xRange":45,"yRange":0.5}},
		"materialProperties":[{"shader":"VRM/MToon"},{"shader":"VRM/UnlitCutout"},{"name":"extra","shader":"VRM/MToon"}]}`)
	if err != nil {
		t.Fatal(err)
	}
	want := LookAt{Type: "expression", OffsetFromHeadBone: [3]float32{0.1, 0.06, -0.2},
		HorizontalInner: RangeMap{90, 1}, HorizontalOuter: RangeMap{90, 1}, VerticalDown: RangeMap{90, 1}, VerticalUp: RangeMap{45, 0.5}}
	if *m.LookAt != want {
		t.Errorf("lookAt %+v, want %+v", *m.LookAt, want)
	}
	if !m.Materials[0].Toon || m.Materials[0].Unlit || !m.Materials[1].Unlit || m.Materials[1].Toon {
		t.Errorf("materials %+v", m.Materials)
	}
	var mat Material
	readVRMMaterial(map[string]any{"VRMC_materials_mtoon": json.RawMessage(`{}`)}, &mat)
	if !mat.Toon {
		t.Error("VRMC_materials_mtoon did not set Toon")
	}
	m, _ = readVRMJSON(t, "VRMC_vrm", `{"lookAt":{"type":"bone"}}`)
	if m.LookAt.OffsetFromHeadBone != [3]float32{0, 0.06, 0} || m.LookAt.VerticalUp != (RangeMap{90, 10}) {
		t.Errorf("VRM 1.0 defaults: %+v", *m.LookAt)
	}
}

func TestReadVRMNotVRM(t *testing.T) {
	m := fakeModel()
	if err := readVRM(map[string]any{"KHR_materials_variants": json.RawMessage(`{}`)}, m); err != nil || m.Format != "" ||
		m.Humanoid != nil || m.Expressions != nil || m.LookAt != nil {
		t.Errorf("non-VRM document changed the model: %v %+v", err, m)
	}
	m = fakeModel()
	decoded := map[string]any{"humanoid": map[string]any{"humanBones": map[string]any{"head": map[string]any{"node": 2}}}}
	if err := readVRM(map[string]any{"VRMC_vrm": decoded}, m); err != nil || m.Humanoid.Node(BoneHead) != 2 {
		t.Errorf("already-decoded extension: %v %v", err, m.Humanoid)
	}
}

func TestRangeMapMap(t *testing.T) {
	tests := []struct {
		r        RangeMap
		deg, out float32
	}{
		{RangeMap{90, 10}, 45, 5},
		{RangeMap{90, 10}, -45, -5},
		{RangeMap{90, 10}, 180, 10},
		{RangeMap{90, 10}, -1000, -10},
		{RangeMap{90, 1}, 0, 0},
		{RangeMap{0, 10}, 30, 0},
	}
	for _, tt := range tests {
		if got := tt.r.Map(tt.deg); got != tt.out {
			t.Errorf("%+v.Map(%v) = %v, want %v", tt.r, tt.deg, got, tt.out)
		}
	}
}
