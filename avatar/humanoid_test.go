package avatar

import (
	"maps"
	"slices"
	"testing"

	"github.com/qmuntal/gltf"
)

// minimalModel reads a shared asset with qmuntal/gltf alone and builds the
// parts of a Model that the humanoid, expression and VRM code look at:
// node names and meshes, mesh target names and counts, material names.
func minimalModel(t testing.TB, name string) (*Model, *gltf.Document) {
	t.Helper()
	doc, err := gltf.Open(sharedAsset(t, name))
	if err != nil {
		t.Fatalf("open %s: %v", name, err)
	}
	m := &Model{Name: name}
	for _, n := range doc.Nodes {
		node := Node{Name: n.Name, Parent: -1, Mesh: -1, Skin: -1}
		if n.Mesh != nil {
			node.Mesh = *n.Mesh
		}
		m.Nodes = append(m.Nodes, node)
	}
	for _, gm := range doc.Meshes {
		mesh := Mesh{Name: gm.Name}
		if ex, ok := gm.Extras.(map[string]any); ok {
			names, _ := ex["targetNames"].([]any)
			for _, n := range names {
				s, _ := n.(string)
				mesh.TargetNames = append(mesh.TargetNames, s)
			}
		}
		for _, p := range gm.Primitives {
			mesh.Primitives = append(mesh.Primitives, Primitive{Material: -1, Targets: make([]MorphTarget, len(p.Targets))})
		}
		m.Meshes = append(m.Meshes, mesh)
	}
	for _, gm := range doc.Materials {
		m.Materials = append(m.Materials, Material{Name: gm.Name})
	}
	return m, doc
}

func namesOf(m *Model) []string {
	names := make([]string, len(m.Nodes))
	for i, n := range m.Nodes {
		names[i] = n.Name
	}
	return names
}

func TestHumanoidFromNamesAssets(t *testing.T) {
	left := map[string]string{
		"hips": "Hips", "spine": "Spine", "chest": "Spine1", "upperChest": "Spine2",
		"neck": "Neck", "head": "Head",
		"leftShoulder": "LeftShoulder", "leftUpperArm": "LeftArm", "leftLowerArm": "LeftForeArm",
		"leftHand": "LeftHand", "rightUpperArm": "RightArm", "rightHand": "RightHand",
		"leftUpperLeg": "LeftUpLeg", "leftLowerLeg": "LeftLeg", "leftFoot": "LeftFoot",
		"leftToes": "LeftToeBase", "rightToes": "RightToeBase",
		"leftThumbMetacarpal": "LeftHandThumb1", "leftThumbProximal": "LeftHandThumb2",
		"leftThumbDistal": "LeftHandThumb3", "leftIndexProximal": "LeftHandIndex1",
		"leftIndexIntermediate": "LeftHandIndex2", "leftIndexDistal": "LeftHandIndex3",
		"leftLittleProximal": "LeftHandPinky1", "rightLittleDistal": "RightHandPinky3",
		"rightRingIntermediate": "RightHandRing2",
	}
	withEyes := maps.Clone(left)
	withEyes["leftEye"], withEyes["rightEye"] = "LeftEye", "RightEye"
	tests := []struct {
		file  string
		count int // torso 6 + eyes + 16 limbs + 30 fingers
		want  map[string]string
	}{
		{"rpm-visage-male.glb", 54, withEyes},
		{"rpm-visage-maleIdle.glb", 52, left},
	}
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			m, _ := minimalModel(t, tt.file)
			h := HumanoidFromNames(namesOf(m))
			got := h.Names(namesOf(m))
			for bone, want := range tt.want {
				if got[bone] != want {
					t.Errorf("%s = %q, want %q", bone, got[bone], want)
				}
			}
			if len(h) != tt.count || !h.IsHumanoid() {
				t.Errorf("mapped %d bones (humanoid %v), want %d: %v", len(h), h.IsHumanoid(), tt.count, got)
			}
			for _, b := range AllBones {
				if n := got[string(b)]; n == "HeadTop_End" || n == "EyeLeft" || n == "LeftHandThumb4" {
					t.Errorf("%s mapped to %q", b, n)
				}
			}
		})
	}
}

// The VRM samples' node names follow Blender conventions; mapping them by
// name must reproduce the humanBones the files declare.
func TestHumanoidFromNamesMatchesVRM(t *testing.T) {
	for _, file := range []string{
		"vrm1-blenderaddon-Example.vrm",
		"vrm1-VRMC_vrm_expressions_isBinary_Overrides.vrm",
		"vrm0-blenderaddon-modifier_shapekey_vrm0.vrm",
	} {
		t.Run(file, func(t *testing.T) {
			m, doc := minimalModel(t, file)
			if err := readVRM(doc.Extensions, m); err != nil {
				t.Fatal(err)
			}
			got := HumanoidFromNames(namesOf(m))
			if !maps.Equal(got, m.Humanoid) {
				t.Errorf("by names:\n%v\nfile:\n%v", got.Names(namesOf(m)), m.Humanoid.Names(namesOf(m)))
			}
		})
	}
}

func TestHumanoidFromNamesNotHumanoid(t *testing.T) {
	for _, file := range []string{"CesiumMan.glb", "Fox.glb", "RiggedFigure.glb", "RiggedSimple.glb"} {
		t.Run(file, func(t *testing.T) {
			m, _ := minimalModel(t, file)
			h := HumanoidFromNames(namesOf(m))
			if h.IsHumanoid() || len(h) != 0 {
				t.Errorf("mapped %v", h.Names(namesOf(m)))
			}
		})
	}
}

func TestHumanoidFromNamesConventions(t *testing.T) {
	tests := []struct {
		name  string
		nodes []string
		want  map[string]string // bone -> node name; bones not listed must be absent
	}{
		{"mixamo prefixes", []string{"mixamorig:Hips", "mixamorig1:Spine", "mixamorigLeftArm", "Armature|mixamorig:RightForeArm", "mixamorig:LeftHandPinky1"},
			map[string]string{"hips": "mixamorig:Hips", "spine": "mixamorig1:Spine", "leftUpperArm": "mixamorigLeftArm",
				"rightLowerArm": "Armature|mixamorig:RightForeArm", "leftLittleProximal": "mixamorig:LeftHandPinky1"}},
		{"vroid", []string{"J_Bip_C_Hips", "J_Bip_C_Spine", "J_Bip_C_Chest", "J_Bip_C_UpperChest", "J_Bip_L_UpperArm", "J_Bip_R_ToeBase", "J_Bip_L_Thumb1", "J_Bip_L_Little3", "J_Bip_L_Little2", "J_Bip_L_Little1", "J_Adj_L_FaceEye"},
			map[string]string{"hips": "J_Bip_C_Hips", "spine": "J_Bip_C_Spine", "chest": "J_Bip_C_Chest", "upperChest": "J_Bip_C_UpperChest",
				"leftUpperArm": "J_Bip_L_UpperArm", "rightToes": "J_Bip_R_ToeBase", "leftThumbMetacarpal": "J_Bip_L_Thumb1",
				"leftLittleDistal": "J_Bip_L_Little3", "leftLittleIntermediate": "J_Bip_L_Little2",
				"leftLittleProximal": "J_Bip_L_Little1", "leftEye": "J_Adj_L_FaceEye"}},
		{"blender", []string{"hips", "spine", "spine.001", "upper_arm.L", "upper_arm.L.001", "forearm.L", "hand.L", "thigh.R", "shin.R", "foot.R", "toe.R", "thumb.01.L", "f_index.02.L"},
			map[string]string{"hips": "hips", "spine": "spine", "chest": "spine.001", "leftUpperArm": "upper_arm.L",
				"leftLowerArm": "forearm.L", "leftHand": "hand.L", "rightUpperLeg": "thigh.R", "rightLowerLeg": "shin.R",
				"rightFoot": "foot.R", "rightToes": "toe.R", "leftThumbMetacarpal": "thumb.01.L", "leftIndexProximal": "f_index.02.L"}},
		{"rigify DEF beats ORG", []string{"ORG-spine", "DEF-spine", "DEF-spine.001", "DEF-spine.002", "DEF-spine.003", "DEF-spine.004", "DEF-spine.005", "DEF-spine.006", "ORG-upper_arm.L", "DEF-upper_arm.L", "MCH-hand.L"},
			map[string]string{"hips": "DEF-spine", "spine": "DEF-spine.001", "chest": "DEF-spine.002", "upperChest": "DEF-spine.003",
				"neck": "DEF-spine.004", "head": "DEF-spine.006", "leftUpperArm": "DEF-upper_arm.L"}},
		{"vrm style", []string{"hips", "upperChest", "leftUpperArm", "rightThumbMetacarpal", "rightThumbProximal", "leftEye", "jaw"},
			map[string]string{"hips": "hips", "upperChest": "upperChest", "leftUpperArm": "leftUpperArm",
				"rightThumbMetacarpal": "rightThumbMetacarpal", "rightThumbProximal": "rightThumbProximal", "leftEye": "leftEye", "jaw": "jaw"}},
		{"unreal", []string{"pelvis", "spine_01", "spine_02", "spine_03", "neck_01", "clavicle_l", "upperarm_l", "lowerarm_r", "calf_l", "ball_r", "index_metacarpal_l", "index_01_l", "upperarm_twist_01_l"},
			map[string]string{"hips": "pelvis", "spine": "spine_01", "chest": "spine_02", "upperChest": "spine_03", "neck": "neck_01",
				"leftShoulder": "clavicle_l", "leftUpperArm": "upperarm_l", "rightLowerArm": "lowerarm_r", "leftLowerLeg": "calf_l",
				"rightToes": "ball_r", "leftIndexProximal": "index_01_l"}},
		{"side markers", []string{"L_Hand", "Hand_R", "Left foot", "right-shoulder", "Bip01 L Thigh"},
			map[string]string{"leftHand": "L_Hand", "rightHand": "Hand_R", "leftFoot": "Left foot", "rightShoulder": "right-shoulder", "leftUpperLeg": "Bip01 L Thigh"}},
		{"first wins", []string{"Hips", "hips", "LeftArm", "mixamorig:LeftArm"},
			map[string]string{"hips": "Hips", "leftUpperArm": "LeftArm"}},
		{"no guesses", []string{"Skeleton_torso_joint_1", "b_Hip_01", "b_LeftUpperArm_09", "HeadTop_End", "LeftToe_End", "EyeLeft", "Wolf3D_Head", "arm_joint_L_1", "Hand", "Spine_L"},
			map[string]string{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := HumanoidFromNames(tt.nodes).Names(tt.nodes)
			if !maps.Equal(got, tt.want) {
				t.Errorf("got  %v\nwant %v", got, tt.want)
			}
		})
	}
}

func TestHumanoidMethods(t *testing.T) {
	full := Humanoid{BoneHips: 0, BoneSpine: 1, BoneHead: 2, BoneLeftUpperArm: 3, BoneRightUpperArm: 4}
	tests := []struct {
		name     string
		h        Humanoid
		humanoid bool
	}{
		{"core bones", full, true},
		{"nil", nil, false},
		{"no right arm", Humanoid{BoneHips: 0, BoneSpine: 1, BoneHead: 2, BoneLeftUpperArm: 3}, false},
		{"no spine", Humanoid{BoneHips: 0, BoneChest: 1, BoneHead: 2, BoneLeftUpperArm: 3, BoneRightUpperArm: 4}, false},
	}
	for _, tt := range tests {
		if got := tt.h.IsHumanoid(); got != tt.humanoid {
			t.Errorf("%s: IsHumanoid = %v", tt.name, got)
		}
	}
	if full.Node(BoneHead) != 2 || full.Node(BoneJaw) != -1 || Humanoid(nil).Node(BoneHips) != -1 {
		t.Error("Node: wrong index or missing -1")
	}
	names := Humanoid{BoneHips: 0, BoneHead: 9}.Names([]string{"root"})
	if !maps.Equal(names, map[string]string{"hips": "root"}) {
		t.Errorf("Names = %v, want out-of-range node dropped", names)
	}
	if len(AllBones) != 55 || len(knownBones) != 55 || !slices.Contains(AllBones, BoneRightLittleDistal) {
		t.Errorf("AllBones has %d bones (%d distinct), want 55", len(AllBones), len(knownBones))
	}
}
