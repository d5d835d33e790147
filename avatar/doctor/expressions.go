package doctor

import (
	"slices"
	"strings"

	"github.com/kin-companion/kin/avatar"
)

// Expressions is what the doctor found of the face.
type Expressions struct {
	// VRM, ARKit and Visemes list the bound expressions of each family:
	// VRM presets, Apple ARKit blend shapes, Oculus visemes. Other lists
	// the rest (Ready Player Me extras, a VRM's custom expressions).
	VRM     []string `json:"vrm"`
	ARKit   []string `json:"arkit"`
	Visemes []string `json:"visemes"`
	Other   []string `json:"other"`
	// Synthesised maps each VRM preset kin built from other morph targets
	// (a file without VRM data) to those targets' names.
	Synthesised map[string][]string `json:"synthesised"`
	// Unbound lists expressions the file defines that move no morph target.
	Unbound []string `json:"unbound"`
	// LipSync, Blink, Emotions and Gaze say whether kin can open the mouth
	// while speaking, blink, smile or frown, and move the eyes.
	LipSync  bool `json:"lipSync"`
	Blink    bool `json:"blink"`
	Emotions bool `json:"emotions"`
	Gaze     bool `json:"gaze"`
}

// vrmPresets are VRM 1.0's preset expression names.
var vrmPresets = setOf("happy", "angry", "sad", "relaxed", "surprised", "neutral", "aa", "ih", "ou", "ee", "oh",
	"blink", "blinkLeft", "blinkRight", "lookUp", "lookDown", "lookLeft", "lookRight")

// arkitShapes are Apple ARKit's 52 blend shapes.
var arkitShapes = setOf(
	"eyeBlinkLeft", "eyeLookDownLeft", "eyeLookInLeft", "eyeLookOutLeft", "eyeLookUpLeft", "eyeSquintLeft", "eyeWideLeft",
	"eyeBlinkRight", "eyeLookDownRight", "eyeLookInRight", "eyeLookOutRight", "eyeLookUpRight", "eyeSquintRight", "eyeWideRight",
	"jawForward", "jawLeft", "jawRight", "jawOpen", "mouthClose", "mouthFunnel", "mouthPucker", "mouthLeft", "mouthRight",
	"mouthSmileLeft", "mouthSmileRight", "mouthFrownLeft", "mouthFrownRight", "mouthDimpleLeft", "mouthDimpleRight",
	"mouthStretchLeft", "mouthStretchRight", "mouthRollLower", "mouthRollUpper", "mouthShrugLower", "mouthShrugUpper",
	"mouthPressLeft", "mouthPressRight", "mouthLowerDownLeft", "mouthLowerDownRight", "mouthUpperUpLeft", "mouthUpperUpRight",
	"browDownLeft", "browDownRight", "browInnerUp", "browOuterUpLeft", "browOuterUpRight",
	"cheekPuff", "cheekSquintLeft", "cheekSquintRight", "noseSneerLeft", "noseSneerRight", "tongueOut")

func setOf(names ...string) map[string]bool {
	s := make(map[string]bool, len(names))
	for _, n := range names {
		s[n] = true
	}
	return s
}

// The expressions behind each of kin's facial abilities, any one of which
// is enough (see avatar's face controls and lip-sync).
var (
	mouthOpeners = []string{"mouthOpen", "jawOpen", "aa"}
	blinkers     = []string{"blink", "eyesClosed", "eyeBlinkLeft"}
	feelers      = []string{"mouthSmile", "mouthSmileLeft", "happy", "mouthFrownLeft", "sad"}
	lookers      = []string{"lookLeft", "lookUp"}
)

// checkExpressions fills r.Expressions and reports missing abilities.
func (r *Report) checkExpressions(m *avatar.Model) {
	e := &r.Expressions
	isVRM := m.Format == avatar.FormatVRM0 || m.Format == avatar.FormatVRM1
	bound := setOf(m.Expressions.Names()...)
	for i := range m.Expressions.Len() {
		x := m.Expressions.At(i)
		if !bound[x.Name] {
			e.Unbound = append(e.Unbound, x.Name)
			continue
		}
		e.classify(x.Name)
		if !isVRM && vrmPresets[x.Name] {
			e.Synthesised[x.Name] = bindNames(m, x)
		}
	}
	for _, list := range [][]string{e.VRM, e.ARKit, e.Visemes, e.Other, e.Unbound} {
		slices.Sort(list)
	}
	has := func(names []string) bool { return slices.ContainsFunc(names, func(n string) bool { return bound[n] }) }
	e.LipSync, e.Blink, e.Emotions = has(mouthOpeners), has(blinkers), has(feelers)
	e.Gaze = has(lookers) || m.Humanoid.Node(avatar.BoneLeftEye) >= 0 || m.Humanoid.Node(avatar.BoneRightEye) >= 0
	r.reportFace(m)
}

// classify files a bound expression under its family.
func (e *Expressions) classify(name string) {
	switch {
	case vrmPresets[name]:
		e.VRM = append(e.VRM, name)
	case arkitShapes[name]:
		e.ARKit = append(e.ARKit, name)
	case strings.HasPrefix(name, "viseme_"):
		e.Visemes = append(e.Visemes, name)
	default:
		e.Other = append(e.Other, name)
	}
}

// bindNames returns the distinct names of the morph targets x moves.
func bindNames(m *avatar.Model, x *avatar.Expression) []string {
	var names []string
	for _, b := range x.Binds {
		if b.Mesh < 0 || b.Mesh >= len(m.Meshes) || b.Target < 0 || b.Target >= len(m.Meshes[b.Mesh].TargetNames) {
			continue
		}
		if n := m.Meshes[b.Mesh].TargetNames[b.Target]; n != "" && !slices.Contains(names, n) {
			names = append(names, n)
		}
	}
	return names
}

// reportFace turns missing abilities into problems: warnings for a
// character, a single note for anything else.
func (r *Report) reportFace(m *avatar.Model) {
	e := &r.Expressions
	if len(e.Unbound) > 0 {
		r.add(SevWarning, AreaExpressions, "In your VRM exporter, bind each expression to the face's blend shapes (shape keys).",
			"The file defines %s that move no blend shape, so kin cannot show them: %s.",
			plural(len(e.Unbound), "expression", "expressions"), strings.Join(e.Unbound, ", "))
	}
	if !intendedHumanoid(m) {
		if !e.LipSync && !e.Blink && !e.Emotions {
			r.add(SevNote, AreaExpressions, "", "No facial expressions: kin will not animate a face.")
		}
		return
	}
	if !e.LipSync {
		r.add(SevWarning, AreaExpressions, "Add the visemes aa, ih, ou, ee, oh (VRM) or the ARKit jawOpen shape key.",
			"No mouth-open shape: the mouth will not move when kin speaks (no lip-sync).")
	} else if !e.visemeSet() {
		r.add(SevNote, AreaExpressions, "Add the visemes ih, ou, ee, oh (VRM) or Oculus viseme_* shape keys for shaped speech.",
			"Speech opens and closes the mouth; without a full set of visemes it cannot shape the vowels.")
	}
	if !e.Blink {
		r.add(SevWarning, AreaExpressions, "Add a blink expression (VRM) or the ARKit eyeBlinkLeft and eyeBlinkRight shape keys.",
			"No blink shape: the character will never blink.")
	}
	if !e.Emotions {
		r.add(SevWarning, AreaExpressions, "Add the VRM presets happy, sad, angry, surprised, relaxed, or ARKit mouthSmileLeft/Right, mouthFrownLeft/Right and browInnerUp shape keys.",
			"No smile or frown shapes: the face cannot show feelings.")
	}
	if !e.Gaze {
		r.add(SevNote, AreaExpressions, "", "No eye bones or look expressions: the eyes stay still while the head turns.")
	}
}

// visemeSet reports whether every vowel has a shape: the VRM mouth presets
// or the Oculus vowel visemes.
func (e *Expressions) visemeSet() bool {
	all := func(have []string, want ...string) bool {
		for _, w := range want {
			if !slices.Contains(have, w) {
				return false
			}
		}
		return true
	}
	return all(e.VRM, "aa", "ih", "ou", "ee", "oh") || all(e.Visemes, "viseme_aa", "viseme_I", "viseme_U", "viseme_E", "viseme_O")
}
