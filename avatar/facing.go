package avatar

import "github.com/go-gl/mathgl/mgl32"

// TurnNodeName names the node the loader puts above a VRM 0.x model's
// scene roots. VRM 0.x files face −Z (UniVRM's convention) while VRM 1.0
// and glTF characters face +Z, toward kin's camera; the node turns the whole
// scene 180° about the up axis, as three-vrm's rotateVRM0 turns its scene.
//
// A parent node, rather than a turn baked into the roots, keeps the turn
// whatever a clip does to a root bone, and keeps every file index valid (it
// is appended after the file's nodes). Everything that works in model space
// — the rig, gaze, gestures, spring-bone gravity and retargeted VRM
// animations, which measure rest rotations from the posed world — sees a
// character facing +Z.
const TurnNodeName = "kin:vrm0-turn"

// turnAround parents the scene roots of m to a new node turned 180° about
// +Y. A model without scene roots is left alone.
func turnAround(m *Model) {
	if len(m.Roots) == 0 {
		return
	}
	n := len(m.Nodes)
	turn := Node{
		Name: TurnNodeName, Parent: -1, Mesh: -1, Skin: -1,
		Rest: TRS{R: mgl32.Quat{W: 0, V: mgl32.Vec3{0, 1, 0}}, S: mgl32.Vec3{1, 1, 1}},
	}
	for _, r := range m.Roots {
		m.Nodes[r].Parent = n
		turn.Children = append(turn.Children, r)
	}
	m.Nodes = append(m.Nodes, turn)
	m.Roots = []int{n}
}

// Turned reports whether the loader turned the model around (a VRM 0.x
// file): its file faces −Z, its pose +Z.
func (m *Model) Turned() bool {
	n := len(m.Nodes)
	return n > 0 && m.Nodes[n-1].Name == TurnNodeName && m.Nodes[n-1].Parent < 0
}
