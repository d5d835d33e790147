package avatar

import (
	"slices"
	"strconv"
	"strings"
	"testing"
)

// bindsOf returns the names the binds of expression name point at, as
// "mesh:targetName@weight", sorted.
func bindsOf(t *testing.T, m *Model, e *ExpressionMap, name string) []string {
	t.Helper()
	x := e.Get(name)
	if x == nil {
		t.Fatalf("no expression %q", name)
	}
	var out []string
	for _, b := range x.Binds {
		out = append(out, m.Meshes[b.Mesh].Name+":"+m.Meshes[b.Mesh].TargetNames[b.Target]+"@"+fmtWeight(b.Weight))
	}
	slices.Sort(out)
	return out
}

func fmtWeight(f float32) string { return strconv.FormatFloat(float64(f), 'g', -1, 32) }

func TestExpressionsFromTargetsVisage(t *testing.T) {
	m, _ := minimalModel(t, "rpm-visage-male.glb")
	e := ExpressionsFromTargets(m.Meshes)
	names := e.Names()
	presets := []string{"blink", "blinkLeft", "blinkRight", "happy", "angry", "sad", "relaxed", "surprised",
		"aa", "ih", "ou", "ee", "oh", "lookUp", "lookDown", "lookLeft", "lookRight"}
	for _, want := range slices.Concat(arkitNames, rpmNames, presets) {
		if !slices.Contains(names, want) {
			t.Errorf("missing expression %q", want)
		}
	}
	if want := len(arkitNames) + len(rpmNames) + len(presets); len(names) != want || e.Len() != want {
		t.Errorf("Names() has %d, Len() %d, want %d: %v", len(names), e.Len(), want, names)
	}
	if len(arkitNames) != 52 || !slices.IsSorted(names) {
		t.Errorf("ARKit list has %d names; Names sorted: %v", len(arkitNames), slices.IsSorted(names))
	}
	for _, absent := range []string{"male", "female", "viseme_aa", "neutral"} {
		if e.Index(absent) >= 0 {
			t.Errorf("unexpected expression %q", absent)
		}
	}
	// Every bind must point at a target of that very name in its own mesh,
	// and jawOpen must bind exactly the four face meshes, not the outfits.
	for _, name := range slices.Concat(arkitNames, rpmNames) {
		for _, b := range e.Get(name).Binds {
			if got := m.Meshes[b.Mesh].TargetNames[b.Target]; got != name || b.Weight != 1 {
				t.Errorf("%s binds mesh %d target %d = %q @%v", name, b.Mesh, b.Target, got, b.Weight)
			}
		}
	}
	var meshes []int
	for _, b := range e.Get("jawOpen").Binds {
		meshes = append(meshes, b.Mesh)
	}
	if !slices.Equal(meshes, []int{0, 1, 2, 3}) {
		t.Errorf("jawOpen binds meshes %v, want [0 1 2 3]", meshes)
	}
	tests := []struct {
		preset string
		parts  []string // target@weight, each in all four face meshes
	}{
		{"blink", []string{"eyeBlinkLeft@1", "eyeBlinkRight@1"}},
		{"aa", []string{"jawOpen@1"}},
		{"happy", []string{"cheekSquintLeft@0.5", "cheekSquintRight@0.5", "mouthSmileLeft@1", "mouthSmileRight@1"}},
		{"lookLeft", []string{"eyeLookInRight@1", "eyeLookOutLeft@1"}},
		{"lookRight", []string{"eyeLookInLeft@1", "eyeLookOutRight@1"}},
		{"ou", []string{"jawOpen@0.1", "mouthPucker@1"}},
	}
	for _, tt := range tests {
		var want []string
		for _, mesh := range []string{"EyeLeft", "EyeRight", "Wolf3D_Head", "Wolf3D_Teeth"} {
			for _, p := range tt.parts {
				want = append(want, mesh+":"+p)
			}
		}
		slices.Sort(want)
		if got := bindsOf(t, m, e, tt.preset); !slices.Equal(got, want) {
			t.Errorf("%s binds\n%v, want\n%v", tt.preset, got, want)
		}
	}
}

func TestExpressionsFromTargetsVisemes(t *testing.T) {
	m, _ := minimalModel(t, "talkinghead-brunette-t.glb")
	e := ExpressionsFromTargets(m.Meshes)
	for preset, viseme := range map[string]string{"aa": "viseme_aa", "ih": "viseme_I", "ou": "viseme_U", "ee": "viseme_E", "oh": "viseme_O"} {
		for _, b := range bindsOf(t, m, e, preset) {
			if !strings.Contains(b, ":"+viseme+"@1") {
				t.Errorf("%s binds %s, want %s", preset, b, viseme)
			}
		}
	}
	for _, v := range visemeNames {
		if e.Index(v) < 0 {
			t.Errorf("missing viseme %s", v)
		}
	}
}

// mesh builds a Mesh with the given target names and one primitive holding
// n targets.
func testMesh(name string, n int, targets ...string) Mesh {
	return Mesh{Name: name, TargetNames: targets, Primitives: []Primitive{{Targets: make([]MorphTarget, n)}}}
}

func TestExpressionsFromTargetsFallbacks(t *testing.T) {
	tests := []struct {
		name   string
		meshes []Mesh
		expr   string
		want   []string // mesh:target@weight; nil means absent
	}{
		{"eyesClosed blink", []Mesh{testMesh("a", 2, "eyeBlinkLeft", "eyesClosed")}, "blink", []string{"a:eyesClosed@1"}},
		{"mouthOpen aa", []Mesh{testMesh("a", 1, "mouthOpen")}, "aa", []string{"a:mouthOpen@1"}},
		{"mouthSmile happy", []Mesh{testMesh("a", 1, "mouthSmile")}, "happy", []string{"a:mouthSmile@1"}},
		{"mouthSmile relaxed", []Mesh{testMesh("a", 1, "mouthSmile")}, "relaxed", []string{"a:mouthSmile@0.4"}},
		{"viseme beats jaw", []Mesh{testMesh("a", 2, "jawOpen", "viseme_aa")}, "aa", []string{"a:viseme_aa@1"}},
		{"case-insensitive", []Mesh{testMesh("a", 2, "x", "JAWOPEN")}, "jawOpen", []string{"a:JAWOPEN@1"}},
		{"per-mesh index", []Mesh{testMesh("a", 2, "x", "jawOpen"), testMesh("b", 1, "jawOpen"), testMesh("c", 1, "male")}, "aa", []string{"a:jawOpen@1", "b:jawOpen@1"}},
		{"vroid", []Mesh{testMesh("face", 2, "Fcl_MTH_A", "Fcl_EYE_Close")}, "blink", []string{"face:Fcl_EYE_Close@1"}},
		{"name past target count", []Mesh{testMesh("a", 1, "x", "jawOpen")}, "jawOpen", nil},
		{"half a pair", []Mesh{testMesh("a", 1, "eyeBlinkLeft")}, "blink", nil},
		{"unknown names", []Mesh{testMesh("a", 2, "Key 1", "smile")}, "smile", nil},
		{"no meshes", nil, "aa", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := &Model{Meshes: tt.meshes}
			e := ExpressionsFromTargets(tt.meshes)
			if tt.want == nil {
				if e.Index(tt.expr) >= 0 {
					t.Errorf("%s present: %+v", tt.expr, e.Get(tt.expr))
				}
				return
			}
			if got := bindsOf(t, m, e, tt.expr); !slices.Equal(got, tt.want) {
				t.Errorf("%s binds %v, want %v", tt.expr, got, tt.want)
			}
			if x := e.Get(tt.expr); x.Name != tt.expr || x.IsBinary || x.OverrideBlink != OverrideNone {
				t.Errorf("expression %+v, want canonical name and no overrides", x)
			}
		})
	}
}

func TestExpressionMapLookup(t *testing.T) {
	e := NewExpressionMap([]Expression{
		{Name: "happy", Binds: []MorphBind{{0, 0, 1}}},
		{Name: "neutral"},
		{Name: "Custom", Binds: []MorphBind{{0, 1, 1}}},
		{Name: "happy", Binds: []MorphBind{{0, 2, 1}}}, // duplicate: dropped
		{Name: "custom", Binds: []MorphBind{{0, 3, 1}}},
	})
	tests := []struct {
		name  string
		index int
	}{
		{"happy", 0}, {"neutral", 1}, {"Custom", 2}, {"custom", 3}, {"CUSTOM", 2}, {"HAPPY", 0}, {"sad", -1}, {"", -1},
	}
	for _, tt := range tests {
		if got := e.Index(tt.name); got != tt.index {
			t.Errorf("Index(%q) = %d, want %d", tt.name, got, tt.index)
		}
		if x := e.Get(tt.name); (x == nil) != (tt.index < 0) || (x != nil && x != e.At(tt.index)) {
			t.Errorf("Get(%q) = %+v", tt.name, x)
		}
	}
	if got := e.Names(); !slices.Equal(got, []string{"Custom", "custom", "happy"}) || e.Len() != 4 {
		t.Errorf("Names() = %v, Len() = %d", got, e.Len())
	}
	e.Names()[0] = "changed"
	if e.Names()[0] != "Custom" {
		t.Error("Names() shares its slice")
	}
	var nilMap *ExpressionMap
	nilMap.Apply([]float32{1}, [][]float32{{0}})
	if nilMap.Len() != 0 || nilMap.Index("x") != -1 || nilMap.Get("x") != nil || nilMap.Names() != nil || nilMap.At(0) != nil {
		t.Error("nil map is not empty")
	}
}

func TestExpressionApply(t *testing.T) {
	// Mesh 0 targets: 0 blink, 1 happy, 2 aa, 3 lookUp, 4 shared, 5 untouched.
	blink := Expression{Name: "blink", Binds: []MorphBind{{0, 0, 1}}}
	aa := Expression{Name: "aa", Binds: []MorphBind{{0, 2, 1}}}
	lookUp := Expression{Name: "lookUp", Binds: []MorphBind{{0, 3, 1}}}
	happy := func(blink, look, mouth Override, binary bool) Expression {
		return Expression{Name: "happy", Binds: []MorphBind{{0, 1, 1}}, IsBinary: binary,
			OverrideBlink: blink, OverrideLookAt: look, OverrideMouth: mouth}
	}
	none, block, blend := OverrideNone, OverrideBlock, OverrideBlend
	binaryBlink := blink
	binaryBlink.IsBinary = true
	selfBlend := blink
	selfBlend.OverrideBlink = blend
	sad := Expression{Name: "sad", OverrideBlink: blend}
	shared := Expression{Name: "custom", Binds: []MorphBind{{0, 4, 0.8}, {1, 0, 1}, {0, 99, 1}, {-1, 0, 1}}}
	tests := []struct {
		name    string
		exprs   []Expression
		weights map[string]float32
		want    []float32 // mesh 0 after Apply onto {0, 0, 0, 0, 0.5, -0.3}
	}{
		{"no override", []Expression{blink, happy(none, none, none, false)},
			map[string]float32{"blink": 1, "happy": 1}, []float32{1, 1, 0, 0, 0.5, -0.3}},
		{"block at 0.3 stops blink", []Expression{blink, happy(block, none, none, false)},
			map[string]float32{"blink": 1, "happy": 0.3}, []float32{0, 0.3, 0, 0, 0.5, -0.3}},
		{"block at 0 does nothing", []Expression{blink, happy(block, none, none, false)},
			map[string]float32{"blink": 0.8}, []float32{0.8, 0, 0, 0, 0.5, -0.3}},
		{"blend at 0.3 scales blink by 0.7", []Expression{blink, happy(blend, none, none, false)},
			map[string]float32{"blink": 1, "happy": 0.3}, []float32{0.7, 0.3, 0, 0, 0.5, -0.3}},
		{"blends sum, floor at 0", []Expression{blink, happy(blend, none, none, false), sad},
			map[string]float32{"blink": 1, "happy": 0.6, "sad": 0.6}, []float32{0, 0.6, 0, 0, 0.5, -0.3}},
		{"binary 0.5 snaps to 0", []Expression{blink, happy(none, none, none, true)},
			map[string]float32{"happy": 0.5}, []float32{0, 0, 0, 0, 0.5, -0.3}},
		{"binary 0.51 snaps to 1", []Expression{blink, happy(none, none, none, true)},
			map[string]float32{"happy": 0.51}, []float32{0, 1, 0, 0, 0.5, -0.3}},
		{"binary blend overrides by snapped weight", []Expression{blink, happy(blend, none, none, true)},
			map[string]float32{"blink": 1, "happy": 0.6}, []float32{0, 1, 0, 0, 0.5, -0.3}},
		{"binary scaled below 1 is 0", []Expression{binaryBlink, happy(blend, none, none, false)},
			map[string]float32{"blink": 1, "happy": 0.3}, []float32{0, 0.3, 0, 0, 0.5, -0.3}},
		{"mouth block, lookAt blend", []Expression{aa, lookUp, happy(none, blend, block, false)},
			map[string]float32{"aa": 1, "lookUp": 1, "happy": 0.25}, []float32{0, 0.25, 0, 0.75, 0.5, -0.3}},
		{"other categories untouched", []Expression{aa, lookUp, happy(block, none, none, false)},
			map[string]float32{"aa": 0.4, "lookUp": 0.6, "happy": 1}, []float32{0, 1, 0.4, 0.6, 0.5, -0.3}},
		{"an expression overrides itself", []Expression{selfBlend},
			map[string]float32{"blink": 0.5}, []float32{0.25, 0, 0, 0, 0.5, -0.3}},
		{"adds, clamps, skips bad binds", []Expression{shared},
			map[string]float32{"custom": 1}, []float32{0, 0, 0, 0, 1, -0.3}},
		{"weights clamp to 0..1", []Expression{blink, aa},
			map[string]float32{"blink": 3, "aa": -1}, []float32{1, 0, 0, 0, 0.5, -0.3}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := NewExpressionMap(tt.exprs)
			weights := make([]float32, e.Len())
			for name, w := range tt.weights {
				weights[e.Index(name)] = w
			}
			out := [][]float32{{0, 0, 0, 0, 0.5, -0.3}, {0.9}}
			e.Apply(weights, out)
			if !close32(out[0], tt.want) {
				t.Errorf("out = %v, want %v", out[0], tt.want)
			}
		})
	}
}

func TestExpressionApplyShortInputs(t *testing.T) {
	e := NewExpressionMap([]Expression{
		{Name: "a", Binds: []MorphBind{{0, 0, 1}}},
		{Name: "b", Binds: []MorphBind{{2, 0, 1}}},
	})
	out := [][]float32{{0}}
	e.Apply([]float32{0.5}, out) // no weight for b, no mesh 2
	e.Apply(nil, out)
	if out[0][0] != 0.5 {
		t.Errorf("out = %v, want [[0.5]]", out)
	}
}

func close32(a, b []float32) bool {
	return slices.EqualFunc(a, b, func(x, y float32) bool { return x-y < 1e-5 && y-x < 1e-5 })
}

// visageApply returns the Ready Player Me avatar's expressions with 20 of
// them active, and a zeroed morph weight buffer.
func visageApply(tb testing.TB) (*Model, *ExpressionMap, []float32, [][]float32) {
	m, _ := minimalModel(tb, "rpm-visage-male.glb")
	e := ExpressionsFromTargets(m.Meshes)
	active := []string{"blink", "happy", "aa", "ih", "ou", "lookLeft", "lookUp", "surprised", "relaxed", "sad",
		"angry", "browInnerUp", "jawOpen", "mouthSmileLeft", "cheekPuff", "eyeWideLeft", "noseSneerRight",
		"tongueOut", "mouthFunnel", "eyesClosed"}
	weights := make([]float32, e.Len())
	for i, name := range active {
		if e.Index(name) < 0 {
			tb.Fatalf("no expression %q", name)
		}
		weights[e.Index(name)] = 0.1 + float32(i)*0.04
	}
	out := make([][]float32, len(m.Meshes))
	for i := range m.Meshes {
		out[i] = make([]float32, meshTargetCount(&m.Meshes[i]))
	}
	return m, e, weights, out
}

func TestExpressionApplyAllocs(t *testing.T) {
	m, e, weights, out := visageApply(t)
	if n := testing.AllocsPerRun(100, func() { e.Apply(weights, out) }); n != 0 {
		t.Errorf("Apply allocates %v times per call", n)
	}
	for _, name := range []string{"jawOpen", "tongueOut", "eyeBlinkLeft"} {
		if i := slices.Index(m.Meshes[2].TargetNames, name); out[2][i] == 0 {
			t.Errorf("Apply left %s at 0 in Wolf3D_Head", name)
		}
	}
	if i := slices.Index(m.Meshes[2].TargetNames, "mouthClose"); out[2][i] != 0 {
		t.Error("Apply moved mouthClose, which no active expression binds")
	}
}

func BenchmarkExpressionApply(b *testing.B) {
	_, e, weights, out := visageApply(b)
	b.ReportAllocs()
	for b.Loop() {
		for _, o := range out {
			clear(o)
		}
		e.Apply(weights, out)
	}
}
