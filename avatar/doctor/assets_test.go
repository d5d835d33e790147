package doctor

import (
	"os"
	"path/filepath"
	"testing"
)

// sharedAssets returns the shared development models' folder:
// $KIN_SHARED_ASSETS, or else ../shared/assets beside the module root.
func sharedAssets(t testing.TB) string {
	t.Helper()
	dir := os.Getenv("KIN_SHARED_ASSETS")
	if dir == "" {
		root, err := moduleRoot()
		if err != nil {
			t.Fatalf("shared assets: %v", err)
		}
		dir = filepath.Join(root, "..", "shared", "assets")
	}
	if _, err := os.Stat(dir); err != nil {
		t.Fatalf("shared assets missing (set KIN_SHARED_ASSETS): %v", err)
	}
	return dir
}

// moduleRoot walks up from the working directory to the one holding go.mod.
func moduleRoot() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", os.ErrNotExist
		}
		dir = parent
	}
}

// sharedModels lists every model file in the shared assets.
func sharedModels(t testing.TB) []string {
	t.Helper()
	var files []string
	for _, pat := range []string{"*.glb", "*.gltf", "*.vrm", "*.vrma"} {
		m, err := filepath.Glob(filepath.Join(sharedAssets(t), pat))
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, m...)
	}
	if len(files) == 0 {
		t.Fatal("no models in the shared assets")
	}
	return files
}
