package engine

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"testing"
)

// editGLB rewrites the JSON chunk of a shared GLB/VRM file with edit and
// writes the result, binary chunk unchanged, to a file of the test's own.
func editGLB(t *testing.T, src, dst string, edit func(doc map[string]any)) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(sharedAssets(t), src))
	if err != nil {
		t.Fatal(err)
	}
	n := binary.LittleEndian.Uint32(data[12:16])
	var doc map[string]any
	if err := json.Unmarshal(data[20:20+n], &doc); err != nil {
		t.Fatalf("%s: %v", src, err)
	}
	edit(doc)
	js, err := json.Marshal(doc)
	if err != nil {
		t.Fatal(err)
	}
	for len(js)%4 != 0 {
		js = append(js, ' ')
	}
	rest := data[20+n:] // the BIN chunk, header included
	var out bytes.Buffer
	out.Write(data[:8])
	binary.Write(&out, binary.LittleEndian, uint32(12+8+len(js)+len(rest)))
	binary.Write(&out, binary.LittleEndian, uint32(len(js)))
	out.WriteString("JSON")
	out.Write(js)
	out.Write(rest)
	path := filepath.Join(t.TempDir(), dst)
	if err := os.WriteFile(path, out.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// nodeIndex returns the index of the node called name in a glTF document.
func nodeIndex(t *testing.T, doc map[string]any, name string) int {
	t.Helper()
	for i, n := range doc["nodes"].([]any) {
		if n.(map[string]any)["name"] == name {
			return i
		}
	}
	t.Fatalf("no node %q", name)
	return -1
}

// visageBones maps VRM 0.x humanoid bones to the Mixamo-named joints of
// rpm-visage-male.glb.
var visageBones = map[string]string{
	"hips": "Hips", "spine": "Spine", "chest": "Spine1", "upperChest": "Spine2", "neck": "Neck", "head": "Head",
	"leftEye": "LeftEye", "rightEye": "RightEye",
	"leftShoulder": "LeftShoulder", "leftUpperArm": "LeftArm", "leftLowerArm": "LeftForeArm", "leftHand": "LeftHand",
	"rightShoulder": "RightShoulder", "rightUpperArm": "RightArm", "rightLowerArm": "RightForeArm", "rightHand": "RightHand",
	"leftUpperLeg": "LeftUpLeg", "leftLowerLeg": "LeftLeg", "leftFoot": "LeftFoot", "leftToes": "LeftToeBase",
	"rightUpperLeg": "RightUpLeg", "rightLowerLeg": "RightLeg", "rightFoot": "RightFoot", "rightToes": "RightToeBase",
}

// visageVRM0 makes a VRM 0.x file, as UniVRM exports one, from the
// Ready Player Me avatar (which has a face, unlike the VRM 0.x files at
// hand): the character turned to face −Z and a VRM extension mapping its
// humanoid bones. Shown facing the camera, it proves kin turns VRM 0.x
// characters around.
func visageVRM0(t *testing.T) string {
	return editGLB(t, "rpm-visage-male.glb", "visage-vrm0.vrm", func(doc map[string]any) {
		arm := doc["nodes"].([]any)[nodeIndex(t, doc, "Armature")].(map[string]any)
		arm["rotation"] = []float64{0, 1, 0, 0} // 180° about +Y: facing −Z
		var bones []map[string]any
		for bone, node := range visageBones {
			bones = append(bones, map[string]any{"bone": bone, "node": nodeIndex(t, doc, node)})
		}
		doc["extensionsUsed"] = append(asSlice(doc["extensionsUsed"]), "VRM")
		doc["extensions"] = map[string]any{"VRM": map[string]any{
			"specVersion": "0.0", "exporterVersion": "kin engine tests",
			"meta":     map[string]any{"title": "visage as VRM 0.x", "licenseName": "Other"},
			"humanoid": map[string]any{"humanBones": bones},
		}}
	})
}

// ponytailVRM adds a ponytail to the VRM 1.0 example character: five
// beads (its own icosphere mesh) hanging behind the head, a VRMC_springBone
// chain with the head as a sphere collider.
func ponytailVRM(t *testing.T) string {
	return editGLB(t, "vrm1-blenderaddon-Example.vrm", "ponytail.vrm", func(doc map[string]any) {
		nodes := doc["nodes"].([]any)
		head := nodeIndex(t, doc, "head")
		bead := nodes[nodeIndex(t, doc, "Icosphere")].(map[string]any)["mesh"]
		parent := head
		var joints []any
		add := func(parent int, n map[string]any) int {
			nodes = append(nodes, n)
			p := nodes[parent].(map[string]any)
			p["children"] = append(asSlice(p["children"]), len(nodes)-1)
			return len(nodes) - 1
		}
		for i := range 5 {
			pos := []float64{0, -0.11, -0.04}
			if i == 0 {
				pos = []float64{0, 0.2, -0.26} // on the back of the head's 25 cm sphere
			}
			j := add(parent, map[string]any{"name": fmt.Sprintf("ponytail%d", i), "translation": pos})
			size := 0.65 - 0.08*float64(i)
			add(j, map[string]any{"name": fmt.Sprintf("bead%d", i), "mesh": bead, "scale": []float64{size, size, size}})
			joints = append(joints, map[string]any{"node": j, "hitRadius": 0.05, "stiffness": 0.6, "gravityPower": 1, "dragForce": 0.25})
			parent = j
		}
		doc["nodes"] = nodes
		doc["extensionsUsed"] = append(asSlice(doc["extensionsUsed"]), "VRMC_springBone")
		doc["extensions"].(map[string]any)["VRMC_springBone"] = map[string]any{
			"specVersion":    "1.0",
			"colliders":      []any{map[string]any{"node": head, "shape": map[string]any{"sphere": map[string]any{"offset": []float64{0, 0.1417, 0}, "radius": 0.25}}}},
			"colliderGroups": []any{map[string]any{"colliders": []int{0}}},
			"springs":        []any{map[string]any{"name": "ponytail", "joints": joints, "colliderGroups": []int{0}}},
		}
	})
}

func asSlice(v any) []any {
	s, _ := v.([]any)
	return s
}
