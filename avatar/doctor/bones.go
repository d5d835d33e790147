package doctor

import (
	"fmt"
	"strings"

	"github.com/kin-companion/kin/avatar"
)

// Bones is what the doctor found of the humanoid skeleton.
type Bones struct {
	// Recognised is true when kin mapped enough bones to pose a body
	// (hips, spine, head and both upper arms).
	Recognised bool `json:"recognised"`
	// Found lists the canonical bones mapped, in skeleton order.
	Found []string `json:"found"`
	// MissingRequired lists the bones kin uses that the model lacks;
	// MissingOptional those it uses when present (chest, eyes).
	MissingRequired []string `json:"missingRequired"`
	MissingOptional []string `json:"missingOptional"`
}

// boneNeed is one bone kin uses and what it cannot do without it.
type boneNeed struct {
	bones    []avatar.Bone
	optional bool
	quiet    bool   // no note when missing: the face check covers it
	without  string // completes "Without it, ..."
	rename   string // a conventional name, for the fix
}

// boneNeeds lists the bones kin drives, torso first (see avatar's rig,
// idle, gestures, gaze and retargeting).
var boneNeeds = []boneNeed{
	{bones: []avatar.Bone{avatar.BoneHips}, without: "the body cannot sway and clips from other files cannot move it", rename: "Hips"},
	{bones: []avatar.Bone{avatar.BoneSpine}, without: "the body cannot bend or breathe", rename: "Spine"},
	{bones: []avatar.Bone{avatar.BoneChest}, optional: true, without: "breathing shows less", rename: "Spine1"},
	{bones: []avatar.Bone{avatar.BoneNeck}, without: "the head turns alone, stiffly", rename: "Neck"},
	{bones: []avatar.Bone{avatar.BoneHead}, without: "no head tilt, no nodding and no turning to look at you", rename: "Head"},
	{bones: []avatar.Bone{avatar.BoneLeftUpperArm, avatar.BoneRightUpperArm}, without: "no gestures (wave, shrug, celebrate) and the arms cannot relax from a T-pose", rename: "LeftArm / RightArm"},
	{bones: []avatar.Bone{avatar.BoneLeftLowerArm, avatar.BoneRightLowerArm}, without: "gestures cannot bend the elbows", rename: "LeftForeArm / RightForeArm"},
	{bones: []avatar.Bone{avatar.BoneLeftHand, avatar.BoneRightHand}, optional: true, without: "clips from other files cannot move the hands", rename: "LeftHand / RightHand"},
	{bones: []avatar.Bone{avatar.BoneLeftUpperLeg, avatar.BoneRightUpperLeg, avatar.BoneLeftLowerLeg, avatar.BoneRightLowerLeg,
		avatar.BoneLeftFoot, avatar.BoneRightFoot}, without: "clips from other files (a Mixamo idle, say) cannot move the legs", rename: "LeftUpLeg / LeftLeg / LeftFoot (and Right…)"},
	{bones: []avatar.Bone{avatar.BoneLeftEye, avatar.BoneRightEye}, optional: true, quiet: true, without: "kin moves the eyes with look expressions instead, when the model has them", rename: "LeftEye / RightEye"},
}

// intendedHumanoid reports whether m looks meant to be a person: a VRM,
// or a skeleton on which kin recognised at least three bones.
func intendedHumanoid(m *avatar.Model) bool {
	return m.Format == avatar.FormatVRM0 || m.Format == avatar.FormatVRM1 || len(m.Humanoid) >= 3
}

// checkBones fills r.Humanoid and reports missing bones.
func (r *Report) checkBones(m *avatar.Model) {
	h := &r.Humanoid
	h.Recognised = m.Humanoid.IsHumanoid()
	for _, b := range avatar.AllBones {
		if m.Humanoid.Node(b) >= 0 {
			h.Found = append(h.Found, string(b))
		}
	}
	if !intendedHumanoid(m) {
		r.add(SevWarning, AreaBones, renameFix,
			"No humanoid skeleton found: kin shows the model and plays its own clips, but cannot gesture, turn its head or look at you.")
		return
	}
	for _, need := range boneNeeds {
		r.checkNeed(m, need)
	}
	if m.Humanoid.Node(avatar.BoneHead) < 0 {
		r.add(SevError, AreaBones, "Add a head bone (named Head) that the head is weighted to, or mark it as the head in your VRM exporter.",
			"The character has no head bone: kin cannot frame its face or turn its head toward you.")
	} else if !h.Recognised {
		r.add(SevWarning, AreaBones, renameFix,
			"kin cannot pose this body (it needs hips, spine, head and both upper arms): no gestures, no idle breathing.")
	}
}

// renameFix is the fix for bones kin does not recognise by name.
const renameFix = "Rename the bones to Mixamo or VRM names (Hips, Spine, Neck, Head, LeftArm, LeftForeArm, LeftHand, LeftUpLeg…), " +
	"or export as VRM with the humanoid bones assigned."

// checkNeed reports the bones of one need that m lacks.
func (r *Report) checkNeed(m *avatar.Model, need boneNeed) {
	var missing []string
	for _, b := range need.bones {
		if m.Humanoid.Node(b) < 0 {
			missing = append(missing, string(b))
		}
	}
	if len(missing) == 0 {
		return
	}
	if need.optional {
		r.Humanoid.MissingOptional = append(r.Humanoid.MissingOptional, missing...)
		if need.quiet {
			return
		}
		r.add(SevNote, AreaBones, "", "No %s bone: %s.", strings.Join(missing, "/"), need.without)
		return
	}
	r.Humanoid.MissingRequired = append(r.Humanoid.MissingRequired, missing...)
	if need.bones[0] == avatar.BoneHead {
		return // reported as an error by checkBones
	}
	r.add(SevWarning, AreaBones, fmt.Sprintf("Rename the bone to %s (Mixamo) or assign it as %s in your VRM exporter.", need.rename, missing[0]),
		"Missing %s: %s.", strings.Join(missing, ", "), need.without)
}
