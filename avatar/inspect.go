package avatar

import "sort"

// Summary is what `kin inspect --json` prints: the file's counts and what
// kin can drive on it. Field names are a contract for other tools.
type Summary struct {
	Format       Format            `json:"format"`
	Nodes        int               `json:"nodes"`
	Meshes       int               `json:"meshes"`
	Primitives   int               `json:"primitives"`
	Vertices     int               `json:"vertices"`
	Triangles    int               `json:"triangles"`
	Materials    int               `json:"materials"`
	Textures     int               `json:"textures"`
	Skins        int               `json:"skins"`
	Joints       int               `json:"joints"`
	MorphTargets []string          `json:"morphTargets"`
	Animations   []ClipSummary     `json:"animations"`
	Humanoid     map[string]string `json:"humanoid"`
	Expressions  []string          `json:"expressions"`
	SpringBones  SpringCounts      `json:"springBones"` // zeros without spring bones
	Warnings     []string          `json:"warnings"`
}

// ClipSummary describes one animation in a Summary.
type ClipSummary struct {
	Name     string  `json:"name"`
	Duration float32 `json:"duration"`
	Channels int     `json:"channels"`
}

// Summarize builds the inspect summary of m.
func (m *Model) Summarize() Summary {
	s := Summary{
		Format: m.Format, Nodes: m.Stats.Nodes, Meshes: m.Stats.Meshes, Primitives: m.Stats.Primitives,
		Vertices: m.Stats.Vertices, Triangles: m.Stats.Triangles, Materials: m.Stats.Materials,
		Textures: m.Stats.Textures, Skins: m.Stats.Skins, Joints: m.Stats.Joints,
		MorphTargets: m.TargetNames(),
		Animations:   []ClipSummary{},
		Humanoid:     map[string]string{},
		Expressions:  []string{},
		Warnings:     append([]string{}, m.Warnings...),
	}
	if m.Springs != nil {
		counts := m.Springs.Counts()
		s.SpringBones = counts
	}
	for _, c := range m.Clips {
		s.Animations = append(s.Animations, ClipSummary{Name: c.Name, Duration: c.Duration, Channels: len(c.Channels)})
	}
	for bone, node := range m.Humanoid {
		if node >= 0 && node < len(m.Nodes) {
			s.Humanoid[string(bone)] = m.Nodes[node].Name
		}
	}
	if m.Expressions != nil {
		s.Expressions = append(s.Expressions, m.Expressions.Names()...)
	}
	return s
}

// TargetNames returns the sorted distinct names of all morph targets.
func (m *Model) TargetNames() []string {
	seen := map[string]bool{}
	names := []string{}
	for _, mesh := range m.Meshes {
		for _, n := range mesh.TargetNames {
			if n != "" && !seen[n] {
				seen[n] = true
				names = append(names, n)
			}
		}
	}
	sort.Strings(names)
	return names
}
