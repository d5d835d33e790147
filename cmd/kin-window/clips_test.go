package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kin-companion/kin/agent/manifest"
)

// copyAsset copies a shared asset to dst.
func copyAsset(t *testing.T, name, dst string) {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "..", "..", "shared", "assets", name))
	if os.IsNotExist(err) {
		t.Skipf("shared asset %s not here", name)
	}
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(dst, data, 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestClipSources reads a --clips folder and a manifest whose animation
// slots name a clip of the folder, a clip file beside the manifest and a
// file that is not there: the clips are read, the missing file becomes a
// notice.
func TestClipSources(t *testing.T) {
	root := t.TempDir()
	clips := filepath.Join(root, "clips")
	copyAsset(t, "rpm-visage-maleIdle.glb", filepath.Join(clips, "rpm-visage-maleIdle.glb"))
	copyAsset(t, "three-vrm_test.vrma", filepath.Join(root, "agent", "anim", "wave.vrma"))
	data := `{"name": "Kin", "meta": {"edits": {"animations": {
		"idle": "rpm-visage-maleIdle", "greet": "anim/wave.vrma", "dance": "anim/dance.vrma"}}}}`
	if err := os.WriteFile(filepath.Join(root, "agent", "manifest.json"), []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
	man, err := manifest.Load(filepath.Join(root, "agent"))
	if err != nil {
		t.Fatal(err)
	}
	srcs, notices := clipSources(clips, man)
	var names []string
	for _, m := range srcs {
		for _, c := range m.Clips {
			names = append(names, c.Name)
		}
	}
	if strings.Join(names, ",") != "rpm-visage-maleIdle,wave" {
		t.Errorf("clips %v, want the folder's and the greet slot's file", names)
	}
	if len(notices) != 1 || !strings.Contains(notices[0], `"dance"`) || !strings.Contains(notices[0], "dance.vrma") {
		t.Errorf("notices %q, want one for the missing dance slot file", notices)
	}
	if _, notices := clipSources(filepath.Join(root, "nowhere"), &manifest.Manifest{}); len(notices) != 1 {
		t.Errorf("a missing clips folder: notices %q, want one", notices)
	}
}
