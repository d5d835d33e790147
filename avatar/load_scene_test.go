package avatar

import (
	"slices"
	"strings"
	"testing"
)

// TestSceneRootsWarn: a scene that lists a node the file does not have, or
// a default scene that does not exist, loads with a warning naming it.
func TestSceneRootsWarn(t *testing.T) {
	tri := triangleGLTF(dataURI(triangleBuffer(0, 1, 2)), "")
	const scenes = `"scenes":[{"nodes":[0]}],"scene":0`
	if !strings.Contains(tri, scenes) {
		t.Fatal("triangleGLTF changed: no scenes to replace")
	}
	cases := []struct {
		name, scenes string
		roots        []int
		warning      string
	}{
		{"good", scenes, []int{0}, ""},
		{"missing node", `"scenes":[{"name":"Main","nodes":[42]}],"scene":0`, nil, "scene 0 (Main): node 42 out of range (the file has 1 nodes; ignored)"},
		{"negative node", `"scenes":[{"nodes":[0,-1]}]`, []int{0}, "scene 0: node -1 out of range"},
		{"missing scene", `"scenes":[{"nodes":[0]}],"scene":3`, []int{0}, "default scene 3 out of range (the file has 1); showing scene 0"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			m, err := LoadReader(strings.NewReader(strings.Replace(tri, scenes, c.scenes, 1)), "tri.gltf")
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(m.Roots, c.roots) {
				t.Errorf("roots %v, want %v", m.Roots, c.roots)
			}
			all := strings.Join(m.Warnings, "\n")
			if c.warning == "" && all != "" || !strings.Contains(all, c.warning) {
				t.Errorf("warnings %q, want %q", m.Warnings, c.warning)
			}
		})
	}
}
