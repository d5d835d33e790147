package avatar

// Bone names a canonical humanoid bone. The values are the VRM 1.0
// humanBones names, so a VRM file's keys convert directly.
type Bone string

// The canonical bones of VRM 1.0, torso first, then head, legs, arms and
// fingers. Finger bones run from the palm outwards: the thumb has a
// metacarpal, proximal and distal bone; the other fingers a proximal,
// intermediate and distal bone.
const (
	BoneHips       Bone = "hips"
	BoneSpine      Bone = "spine"
	BoneChest      Bone = "chest"
	BoneUpperChest Bone = "upperChest"
	BoneNeck       Bone = "neck"
	BoneHead       Bone = "head"
	BoneLeftEye    Bone = "leftEye"
	BoneRightEye   Bone = "rightEye"
	BoneJaw        Bone = "jaw"

	BoneLeftUpperLeg  Bone = "leftUpperLeg"
	BoneLeftLowerLeg  Bone = "leftLowerLeg"
	BoneLeftFoot      Bone = "leftFoot"
	BoneLeftToes      Bone = "leftToes"
	BoneRightUpperLeg Bone = "rightUpperLeg"
	BoneRightLowerLeg Bone = "rightLowerLeg"
	BoneRightFoot     Bone = "rightFoot"
	BoneRightToes     Bone = "rightToes"

	BoneLeftShoulder  Bone = "leftShoulder"
	BoneLeftUpperArm  Bone = "leftUpperArm"
	BoneLeftLowerArm  Bone = "leftLowerArm"
	BoneLeftHand      Bone = "leftHand"
	BoneRightShoulder Bone = "rightShoulder"
	BoneRightUpperArm Bone = "rightUpperArm"
	BoneRightLowerArm Bone = "rightLowerArm"
	BoneRightHand     Bone = "rightHand"

	BoneLeftThumbMetacarpal    Bone = "leftThumbMetacarpal"
	BoneLeftThumbProximal      Bone = "leftThumbProximal"
	BoneLeftThumbDistal        Bone = "leftThumbDistal"
	BoneLeftIndexProximal      Bone = "leftIndexProximal"
	BoneLeftIndexIntermediate  Bone = "leftIndexIntermediate"
	BoneLeftIndexDistal        Bone = "leftIndexDistal"
	BoneLeftMiddleProximal     Bone = "leftMiddleProximal"
	BoneLeftMiddleIntermediate Bone = "leftMiddleIntermediate"
	BoneLeftMiddleDistal       Bone = "leftMiddleDistal"
	BoneLeftRingProximal       Bone = "leftRingProximal"
	BoneLeftRingIntermediate   Bone = "leftRingIntermediate"
	BoneLeftRingDistal         Bone = "leftRingDistal"
	BoneLeftLittleProximal     Bone = "leftLittleProximal"
	BoneLeftLittleIntermediate Bone = "leftLittleIntermediate"
	BoneLeftLittleDistal       Bone = "leftLittleDistal"

	BoneRightThumbMetacarpal    Bone = "rightThumbMetacarpal"
	BoneRightThumbProximal      Bone = "rightThumbProximal"
	BoneRightThumbDistal        Bone = "rightThumbDistal"
	BoneRightIndexProximal      Bone = "rightIndexProximal"
	BoneRightIndexIntermediate  Bone = "rightIndexIntermediate"
	BoneRightIndexDistal        Bone = "rightIndexDistal"
	BoneRightMiddleProximal     Bone = "rightMiddleProximal"
	BoneRightMiddleIntermediate Bone = "rightMiddleIntermediate"
	BoneRightMiddleDistal       Bone = "rightMiddleDistal"
	BoneRightRingProximal       Bone = "rightRingProximal"
	BoneRightRingIntermediate   Bone = "rightRingIntermediate"
	BoneRightRingDistal         Bone = "rightRingDistal"
	BoneRightLittleProximal     Bone = "rightLittleProximal"
	BoneRightLittleIntermediate Bone = "rightLittleIntermediate"
	BoneRightLittleDistal       Bone = "rightLittleDistal"
)

// AllBones lists every canonical bone in the order of the constants above:
// torso, head, legs, arms, then fingers, left before right.
var AllBones = []Bone{
	BoneHips, BoneSpine, BoneChest, BoneUpperChest, BoneNeck, BoneHead,
	BoneLeftEye, BoneRightEye, BoneJaw,
	BoneLeftUpperLeg, BoneLeftLowerLeg, BoneLeftFoot, BoneLeftToes,
	BoneRightUpperLeg, BoneRightLowerLeg, BoneRightFoot, BoneRightToes,
	BoneLeftShoulder, BoneLeftUpperArm, BoneLeftLowerArm, BoneLeftHand,
	BoneRightShoulder, BoneRightUpperArm, BoneRightLowerArm, BoneRightHand,
	BoneLeftThumbMetacarpal, BoneLeftThumbProximal, BoneLeftThumbDistal,
	BoneLeftIndexProximal, BoneLeftIndexIntermediate, BoneLeftIndexDistal,
	BoneLeftMiddleProximal, BoneLeftMiddleIntermediate, BoneLeftMiddleDistal,
	BoneLeftRingProximal, BoneLeftRingIntermediate, BoneLeftRingDistal,
	BoneLeftLittleProximal, BoneLeftLittleIntermediate, BoneLeftLittleDistal,
	BoneRightThumbMetacarpal, BoneRightThumbProximal, BoneRightThumbDistal,
	BoneRightIndexProximal, BoneRightIndexIntermediate, BoneRightIndexDistal,
	BoneRightMiddleProximal, BoneRightMiddleIntermediate, BoneRightMiddleDistal,
	BoneRightRingProximal, BoneRightRingIntermediate, BoneRightRingDistal,
	BoneRightLittleProximal, BoneRightLittleIntermediate, BoneRightLittleDistal,
}

// knownBones holds AllBones as a set.
var knownBones = func() map[Bone]bool {
	s := make(map[Bone]bool, len(AllBones))
	for _, b := range AllBones {
		s[b] = true
	}
	return s
}()

// Humanoid maps canonical bones to node indices (into [Model.Nodes]). A bone
// the model lacks has no entry.
type Humanoid map[Bone]int

// Node returns the node index of bone b, or -1 when the model lacks it.
func (h Humanoid) Node(b Bone) int {
	if i, ok := h[b]; ok {
		return i
	}
	return -1
}

// Names returns {bone: node name} for `kin inspect`, given the node names
// in node order. Bones whose index is out of range are left out.
func (h Humanoid) Names(nodeNames []string) map[string]string {
	out := make(map[string]string, len(h))
	for b, i := range h {
		if i >= 0 && i < len(nodeNames) {
			out[string(b)] = nodeNames[i]
		}
	}
	return out
}

// humanoidCore are the bones kin needs to pose a body.
var humanoidCore = []Bone{BoneHips, BoneSpine, BoneHead, BoneLeftUpperArm, BoneRightUpperArm}

// IsHumanoid reports whether hips, spine, head and both upper arms are
// mapped: the least kin needs to pose and retarget a body.
func (h Humanoid) IsHumanoid() bool {
	for _, b := range humanoidCore {
		if h.Node(b) < 0 {
			return false
		}
	}
	return true
}
