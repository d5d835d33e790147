package avatar

import "strings"

// arkitNames are Apple ARKit's 52 blend shape locations. "Left" and "Right"
// are the face's own sides.
var arkitNames = []string{
	"eyeBlinkLeft", "eyeLookDownLeft", "eyeLookInLeft", "eyeLookOutLeft",
	"eyeLookUpLeft", "eyeSquintLeft", "eyeWideLeft",
	"eyeBlinkRight", "eyeLookDownRight", "eyeLookInRight", "eyeLookOutRight",
	"eyeLookUpRight", "eyeSquintRight", "eyeWideRight",
	"jawForward", "jawLeft", "jawRight", "jawOpen",
	"mouthClose", "mouthFunnel", "mouthPucker", "mouthLeft", "mouthRight",
	"mouthSmileLeft", "mouthSmileRight", "mouthFrownLeft", "mouthFrownRight",
	"mouthDimpleLeft", "mouthDimpleRight", "mouthStretchLeft", "mouthStretchRight",
	"mouthRollLower", "mouthRollUpper", "mouthShrugLower", "mouthShrugUpper",
	"mouthPressLeft", "mouthPressRight", "mouthLowerDownLeft", "mouthLowerDownRight",
	"mouthUpperUpLeft", "mouthUpperUpRight",
	"browDownLeft", "browDownRight", "browInnerUp", "browOuterUpLeft", "browOuterUpRight",
	"cheekPuff", "cheekSquintLeft", "cheekSquintRight",
	"noseSneerLeft", "noseSneerRight",
	"tongueOut",
}

// rpmNames are the extra targets Ready Player Me avatars carry.
var rpmNames = []string{"mouthOpen", "mouthSmile", "eyesClosed", "eyesLookUp", "eyesLookDown"}

// visemeNames are the Oculus (Meta) lip-sync visemes.
var visemeNames = []string{
	"viseme_sil", "viseme_PP", "viseme_FF", "viseme_TH", "viseme_DD",
	"viseme_kk", "viseme_CH", "viseme_SS", "viseme_nn", "viseme_RR",
	"viseme_aa", "viseme_E", "viseme_I", "viseme_O", "viseme_U",
}

// part is one target of a synthesised expression. An optional part is
// bound when present; the others must all exist for the recipe to apply.
type part struct {
	name     string
	weight   float32
	optional bool
}

func req(name string, w float32) part { return part{name, w, false} }
func opt(name string, w float32) part { return part{name, w, true} }

// presetRecipes synthesise the VRM 1.0 presets from named targets. The
// first alternative whose required targets exist anywhere wins:
//
//	preset      ARKit (weights)                                   else RPM / Oculus / VRoid
//	blink       eyeBlinkLeft+Right 1                              eyesClosed; Fcl_EYE_Close
//	blinkLeft   eyeBlinkLeft 1                                    Fcl_EYE_Close_L
//	blinkRight  eyeBlinkRight 1                                   Fcl_EYE_Close_R
//	happy       mouthSmileL+R 1, cheekSquintL+R .5?               mouthSmile; Fcl_ALL_Joy
//	angry       browDownL+R 1, mouthPressL+R .5?, noseSneerL+R .3? Fcl_ALL_Angry
//	sad         mouthFrownL+R 1, browInnerUp 1?                   Fcl_ALL_Sorrow
//	relaxed     mouthSmileL+R .4, eyeSquintL+R .3?                mouthSmile .4; Fcl_ALL_Fun
//	surprised   eyeWideL+R 1, browInnerUp 1?, browOuterUpL+R 1?,
//	            jawOpen .3?                                       Fcl_ALL_Surprised
//	aa          (viseme_aa first) jawOpen 1                       mouthOpen; Fcl_MTH_A
//	ih          (viseme_I first) mouthStretchL+R .5, jawOpen .2?  Fcl_MTH_I
//	ou          (viseme_U first) mouthPucker 1, jawOpen .1?       Fcl_MTH_U
//	ee          (viseme_E first) mouthStretchL+R .4, jawOpen .35? Fcl_MTH_E
//	oh          (viseme_O first) mouthFunnel 1, jawOpen .4?       Fcl_MTH_O
//	lookUp      eyeLookUpL+R 1                                    eyesLookUp
//	lookDown    eyeLookDownL+R 1                                  eyesLookDown
//	lookLeft    eyeLookOutLeft + eyeLookInRight 1
//	lookRight   eyeLookInLeft + eyeLookOutRight 1
//
// ("?" marks optional parts.) lookLeft turns the eyes toward the
// character's own left, as in VRM: the left eye turns out and the right eye
// turns in. neutral has no recipe: it would bind nothing.
var presetRecipes = []struct {
	preset string
	alts   [][]part
}{
	{"blink", [][]part{{req("eyeBlinkLeft", 1), req("eyeBlinkRight", 1)}, {req("eyesClosed", 1)}, {req("Fcl_EYE_Close", 1)}}},
	{"blinkLeft", [][]part{{req("eyeBlinkLeft", 1)}, {req("Fcl_EYE_Close_L", 1)}}},
	{"blinkRight", [][]part{{req("eyeBlinkRight", 1)}, {req("Fcl_EYE_Close_R", 1)}}},
	{"happy", [][]part{
		{req("mouthSmileLeft", 1), req("mouthSmileRight", 1), opt("cheekSquintLeft", 0.5), opt("cheekSquintRight", 0.5)},
		{req("mouthSmile", 1)}, {req("Fcl_ALL_Joy", 1)}}},
	{"angry", [][]part{
		{req("browDownLeft", 1), req("browDownRight", 1), opt("mouthPressLeft", 0.5), opt("mouthPressRight", 0.5),
			opt("noseSneerLeft", 0.3), opt("noseSneerRight", 0.3)},
		{req("Fcl_ALL_Angry", 1)}}},
	{"sad", [][]part{{req("mouthFrownLeft", 1), req("mouthFrownRight", 1), opt("browInnerUp", 1)}, {req("Fcl_ALL_Sorrow", 1)}}},
	{"relaxed", [][]part{
		{req("mouthSmileLeft", 0.4), req("mouthSmileRight", 0.4), opt("eyeSquintLeft", 0.3), opt("eyeSquintRight", 0.3)},
		{req("mouthSmile", 0.4)}, {req("Fcl_ALL_Fun", 1)}}},
	{"surprised", [][]part{
		{req("eyeWideLeft", 1), req("eyeWideRight", 1), opt("browInnerUp", 1), opt("browOuterUpLeft", 1),
			opt("browOuterUpRight", 1), opt("jawOpen", 0.3)},
		{req("Fcl_ALL_Surprised", 1)}}},
	{"aa", [][]part{{req("viseme_aa", 1)}, {req("jawOpen", 1)}, {req("mouthOpen", 1)}, {req("Fcl_MTH_A", 1)}}},
	{"ih", [][]part{{req("viseme_I", 1)}, {req("mouthStretchLeft", 0.5), req("mouthStretchRight", 0.5), opt("jawOpen", 0.2)}, {req("Fcl_MTH_I", 1)}}},
	{"ou", [][]part{{req("viseme_U", 1)}, {req("mouthPucker", 1), opt("jawOpen", 0.1)}, {req("Fcl_MTH_U", 1)}}},
	{"ee", [][]part{{req("viseme_E", 1)}, {req("mouthStretchLeft", 0.4), req("mouthStretchRight", 0.4), opt("jawOpen", 0.35)}, {req("Fcl_MTH_E", 1)}}},
	{"oh", [][]part{{req("viseme_O", 1)}, {req("mouthFunnel", 1), opt("jawOpen", 0.4)}, {req("Fcl_MTH_O", 1)}}},
	{"lookUp", [][]part{{req("eyeLookUpLeft", 1), req("eyeLookUpRight", 1)}, {req("eyesLookUp", 1)}}},
	{"lookDown", [][]part{{req("eyeLookDownLeft", 1), req("eyeLookDownRight", 1)}, {req("eyesLookDown", 1)}}},
	{"lookLeft", [][]part{{req("eyeLookOutLeft", 1), req("eyeLookInRight", 1)}}},
	{"lookRight", [][]part{{req("eyeLookInLeft", 1), req("eyeLookOutRight", 1)}}},
}

// ExpressionsFromTargets builds the expressions of a model without VRM
// data from its morph target names, matched case-insensitively per mesh:
// every mesh that has a target of that name gets a bind, at that mesh's
// own target index. It keeps the 52 ARKit names, the Ready Player Me
// extras and the Oculus visemes as expressions under their canonical
// spelling, and synthesises the VRM 1.0 presets (see presetRecipes) so the
// rest of kin can use one vocabulary. Presets come first, then ARKit, Ready
// Player Me and visemes. No expression is binary or overrides another.
func ExpressionsFromTargets(meshes []Mesh) *ExpressionMap {
	idx := indexTargets(meshes)
	var exprs []Expression
	for _, r := range presetRecipes {
		for _, alt := range r.alts {
			if binds, ok := recipeBinds(idx, alt); ok {
				exprs = append(exprs, Expression{Name: r.preset, Binds: binds})
				break
			}
		}
	}
	for _, list := range [][]string{arkitNames, rpmNames, visemeNames} {
		for _, name := range list {
			if binds := targetBinds(idx, name, 1); len(binds) > 0 {
				exprs = append(exprs, Expression{Name: name, Binds: binds})
			}
		}
	}
	return NewExpressionMap(exprs)
}

// indexTargets maps each mesh's lowercased target names to their index,
// keeping the first of duplicates and ignoring names past the mesh's
// actual target count.
func indexTargets(meshes []Mesh) []map[string]int {
	idx := make([]map[string]int, len(meshes))
	for mi := range meshes {
		n := meshTargetCount(&meshes[mi])
		idx[mi] = make(map[string]int, n)
		for ti, name := range meshes[mi].TargetNames {
			key := strings.ToLower(name)
			if _, dup := idx[mi][key]; !dup && ti < n && name != "" {
				idx[mi][key] = ti
			}
		}
	}
	return idx
}

// meshTargetCount is the number of morph targets the mesh's primitives hold.
func meshTargetCount(m *Mesh) int {
	n := 0
	for _, p := range m.Primitives {
		n = max(n, len(p.Targets))
	}
	return n
}

// targetBinds binds name in every mesh that has it.
func targetBinds(idx []map[string]int, name string, w float32) []MorphBind {
	var binds []MorphBind
	key := strings.ToLower(name)
	for mi, names := range idx {
		if ti, ok := names[key]; ok {
			binds = append(binds, MorphBind{Mesh: mi, Target: ti, Weight: w})
		}
	}
	return binds
}

// recipeBinds returns the binds of one alternative, or false when a
// required target is missing from every mesh.
func recipeBinds(idx []map[string]int, parts []part) ([]MorphBind, bool) {
	var binds []MorphBind
	for _, p := range parts {
		b := targetBinds(idx, p.name, p.weight)
		if len(b) == 0 && !p.optional {
			return nil, false
		}
		binds = append(binds, b...)
	}
	return binds, len(binds) > 0
}
