package avatar

// control is one facial channel kin drives (a seed morph name such as
// "mouthSmile"), resolved to the expressions this model has.
type control int

// The facial controls. The first block is the seed's Empathy Layer table;
// the rest serve presets, blink, lip-sync and gaze.
const (
	ctlSmile control = iota
	ctlMouthOpen
	ctlFrown
	ctlBrowInnerUp
	ctlBrowOuterUpL
	ctlBrowOuterUpR
	ctlSquintL
	ctlSquintR
	ctlEyesClosed
	ctlCheekPuff
	ctlSneerL
	ctlSneerR
	ctlBrowDownL
	ctlBrowDownR
	ctlEyeWide
	ctlMouthPucker
	ctlMouthLeft
	ctlBlink
	ctlLookUp
	ctlLookDown
	ctlLookLeft
	ctlLookRight
	numControls
)

// ctlPart is one expression of a candidate with its scale.
type ctlPart struct {
	name  string
	scale float32
}

// controlCandidates lists, per control, groups of expressions in order of
// preference; the first group whose expressions all exist on the model is
// used. ARKit and Ready Player Me names come first, VRM presets last.
var controlCandidates = [numControls][][]ctlPart{
	ctlSmile:        {{{"mouthSmile", 1}}, {{"mouthSmileLeft", 1}, {"mouthSmileRight", 1}}, {{"happy", 1}}},
	ctlMouthOpen:    {{{"mouthOpen", 1}}, {{"jawOpen", 1}}, {{"aa", 1}}},
	ctlFrown:        {{{"mouthFrownLeft", 1}, {"mouthFrownRight", 1}}, {{"sad", 1}}},
	ctlBrowInnerUp:  {{{"browInnerUp", 1}}},
	ctlBrowOuterUpL: {{{"browOuterUpLeft", 1}}, {{"surprised", 0.5}}},
	ctlBrowOuterUpR: {{{"browOuterUpRight", 1}}},
	ctlSquintL:      {{{"eyeSquintLeft", 1}}, {{"relaxed", 0.6}}},
	ctlSquintR:      {{{"eyeSquintRight", 1}}},
	ctlEyesClosed:   {{{"eyesClosed", 1}}, {{"eyeBlinkLeft", 1}, {"eyeBlinkRight", 1}}, {{"blink", 1}}},
	ctlCheekPuff:    {{{"cheekPuff", 1}}},
	ctlSneerL:       {{{"noseSneerLeft", 1}}, {{"angry", 0.6}}},
	ctlSneerR:       {{{"noseSneerRight", 1}}},
	ctlBrowDownL:    {{{"browDownLeft", 1}}},
	ctlBrowDownR:    {{{"browDownRight", 1}}},
	ctlEyeWide:      {{{"eyeWideLeft", 1}, {"eyeWideRight", 1}}, {{"surprised", 1}}},
	ctlMouthPucker:  {{{"mouthPucker", 1}}, {{"ou", 0.6}}},
	ctlMouthLeft:    {{{"mouthLeft", 1}}},
	ctlBlink:        {{{"eyeBlinkLeft", 1}, {"eyeBlinkRight", 1}}, {{"blink", 1}}, {{"eyesClosed", 1}}},
	ctlLookUp:       {{{"lookUp", 1}}, {{"eyeLookUpLeft", 1}, {"eyeLookUpRight", 1}}, {{"eyesLookUp", 1}}},
	ctlLookDown:     {{{"lookDown", 1}}, {{"eyeLookDownLeft", 1}, {"eyeLookDownRight", 1}}, {{"eyesLookDown", 1}}},
	ctlLookLeft:     {{{"lookLeft", 1}}},
	ctlLookRight:    {{{"lookRight", 1}}},
}

// slot is one expression a control drives.
type slot struct {
	expr  int
	scale float32
}

// face maps controls to this model's expressions and mixes the layers.
type face struct {
	exprs *ExpressionMap
	slots [numControls][]slot
	// weights is per expression, rebuilt every frame; meshWeights per mesh.
	weights     []float32
	meshWeights [][]float32
}

func newFace(m *Model) *face {
	f := &face{exprs: m.Expressions}
	for c := range controlCandidates {
		f.slots[c] = resolveControl(m.Expressions, controlCandidates[c])
	}
	f.weights = make([]float32, m.Expressions.Len())
	f.meshWeights = make([][]float32, len(m.Meshes))
	for i, mesh := range m.Meshes {
		f.meshWeights[i] = make([]float32, len(mesh.DefaultWeights))
	}
	return f
}

func resolveControl(em *ExpressionMap, groups [][]ctlPart) []slot {
	for _, g := range groups {
		var out []slot
		for _, p := range g {
			i := em.Index(p.name)
			if i < 0 || len(em.At(i).Binds) == 0 {
				out = nil
				break
			}
			out = append(out, slot{i, p.scale})
		}
		if out != nil {
			return out
		}
	}
	return nil
}

// reset clears the per-frame expression weights.
func (f *face) reset() { clear(f.weights) }

// add drives control c by v (0..1) on top of what is already set.
func (f *face) add(c control, v float32) {
	if v <= 0 {
		return
	}
	for _, s := range f.slots[c] {
		f.weights[s.expr] += v * s.scale
	}
}

// setExpr drives a named expression directly by index.
func (f *face) setExpr(i int, v float32) {
	if i >= 0 && i < len(f.weights) {
		f.weights[i] = max(f.weights[i], v)
	}
}

// apply clamps the expression weights, binds them to morph targets and adds
// them into the pose's node weights (on top of any clip).
func (f *face) apply(p *Pose) {
	for i, w := range f.weights {
		f.weights[i] = min(1, max(0, w))
	}
	for _, mw := range f.meshWeights {
		clear(mw)
	}
	f.exprs.Apply(f.weights, f.meshWeights)
	for _, inst := range p.Instances {
		w := p.Weights[inst.Node]
		for t, v := range f.meshWeights[inst.Mesh] {
			if t < len(w) && v != 0 {
				w[t] = min(1, w[t]+v)
			}
		}
	}
}
