package engine

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/kin-companion/kin/avatar"
)

// sharedAssets finds the shared development models: $KIN_SHARED_ASSETS, or
// ../shared/assets beside the repository root (found by walking up to
// go.mod).
func sharedAssets(tb testing.TB) string {
	tb.Helper()
	if d := os.Getenv("KIN_SHARED_ASSETS"); d != "" {
		return d
	}
	dir, err := os.Getwd()
	if err != nil {
		tb.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			d := filepath.Join(dir, "..", "shared", "assets")
			if _, err := os.Stat(d); err != nil {
				tb.Skipf("shared assets not found at %s (set KIN_SHARED_ASSETS)", d)
			}
			return d
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			tb.Skip("no go.mod above the test directory")
		}
		dir = parent
	}
}

// loadModel loads a shared model by file name.
func loadModel(tb testing.TB, name string) *avatar.Model {
	tb.Helper()
	m, err := avatar.Load(filepath.Join(sharedAssets(tb), name))
	if err != nil {
		tb.Fatal(err)
	}
	return m
}

// loadLoaded loads and prepares a shared model.
func loadLoaded(tb testing.TB, name string) *Loaded {
	tb.Helper()
	return Prepare(name, loadModel(tb, name))
}

// loadScene loads a shared model's scene.
func loadScene(tb testing.TB, name string) *Scene {
	tb.Helper()
	return NewScene(loadModel(tb, name))
}
