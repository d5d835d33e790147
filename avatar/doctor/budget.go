package doctor

import (
	"fmt"

	"github.com/kin-companion/kin/avatar"
)

// Budget is the most a character may hold for kin to pose and draw it
// smoothly (60 frames a second) on a machine with no graphics card, where
// skinning, morphing and triangle setup all run on one CPU core.
//
// The figures are scaled from measurements of the default avatar
// (rpm-visage-male: 13,092 vertices, 22,752 triangles, 67 joints, 57 morph
// targets) on one core of an AMD EPYC server:
//   - avatar.BenchmarkPoseFrame (skeleton, ten active morph targets, CPU
//     skinning of positions and normals) takes 0.55–0.9 ms per frame, and
//     grows with the vertex count: 100k vertices is about 7.6 times as
//     many, so 4–7 ms;
//   - engine.BenchmarkRenderCPU (projection, culling, clipping, sorting)
//     takes about 0.4 ms and grows with the triangle count: 70k triangles
//     is about 3 times as many, so 1.2 ms, leaving the rest of the 16.7 ms
//     frame for the software-rasterised shader passes, which cost most on
//     such a machine;
//   - joint matrices cost little per joint, but 256 joints per skin is
//     what real-time exporters and engines cap skins at, so a skin over it
//     was made for offline rendering;
//   - morph targets are stored sparsely and cost per moved vertex, but
//     each active target touches its vertices every frame; 100 covers
//     ARKit's 52, the 15 Oculus visemes and VRM's presets with room spare.
type Budget struct {
	Triangles     int `json:"triangles"`
	Vertices      int `json:"vertices"`
	JointsPerSkin int `json:"jointsPerSkin"`
	MorphTargets  int `json:"morphTargets"`
}

// DefaultBudget is the budget `kin doctor` checks against.
var DefaultBudget = Budget{Triangles: 70_000, Vertices: 100_000, JointsPerSkin: 256, MorphTargets: 100}

// Counts is what the file holds, as [avatar.Stats] counts it, plus its
// distinct morph targets and clips.
type Counts struct {
	Nodes        int `json:"nodes"`
	Meshes       int `json:"meshes"`
	Primitives   int `json:"primitives"`
	Vertices     int `json:"vertices"`
	Triangles    int `json:"triangles"`
	Materials    int `json:"materials"`
	Textures     int `json:"textures"`
	Skins        int `json:"skins"`
	Joints       int `json:"joints"` // of the largest skin
	MorphTargets int `json:"morphTargets"`
	Clips        int `json:"clips"`
}

// countModel fills r.Counts from m.
func (r *Report) countModel(m *avatar.Model) {
	s := m.Stats
	r.Counts = Counts{
		Nodes: s.Nodes, Meshes: s.Meshes, Primitives: s.Primitives, Vertices: s.Vertices,
		Triangles: s.Triangles, Materials: s.Materials, Textures: s.Textures, Skins: s.Skins,
		Joints: s.Joints, MorphTargets: maxTargets(m), Clips: len(m.Clips),
	}
}

// maxTargets is the most morph targets any one mesh has: the cost that
// matters, since each mesh is morphed on its own.
func maxTargets(m *avatar.Model) int {
	n := 0
	for _, mesh := range m.Meshes {
		n = max(n, len(mesh.DefaultWeights))
	}
	return n
}

// checkBudget warns about every count over the budget.
func (r *Report) checkBudget() {
	b, c := r.Budget, r.Counts
	decimate := "In Blender: add a Decimate modifier (Collapse, ratio %.2f) to the heaviest meshes and re-export, or export a lower level of detail."
	if c.Triangles > b.Triangles {
		r.add(SevWarning, AreaBudget, fmt.Sprintf(decimate, float64(b.Triangles)/float64(c.Triangles)),
			"%d triangles is over the %d kin can draw smoothly without a graphics card: expect a low frame rate.", c.Triangles, b.Triangles)
	}
	if c.Vertices > b.Vertices {
		r.add(SevWarning, AreaBudget, fmt.Sprintf(decimate, float64(b.Vertices)/float64(c.Vertices)),
			"%d vertices is over the %d kin can skin smoothly on the CPU: expect a low frame rate.", c.Vertices, b.Vertices)
	}
	if c.Joints > b.JointsPerSkin {
		r.add(SevWarning, AreaBudget, "Remove helper, twist and physics bones that nothing is weighted to, then re-export.",
			"A skin has %d joints, over the %d of a real-time character.", c.Joints, b.JointsPerSkin)
	}
	if c.MorphTargets > b.MorphTargets {
		r.add(SevWarning, AreaBudget, "Delete shape keys kin does not use (keep ARKit, visemes and VRM presets) and re-export.",
			"A mesh has %d morph targets, over the %d kin morphs smoothly.", c.MorphTargets, b.MorphTargets)
	}
}
