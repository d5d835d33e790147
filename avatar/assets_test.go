package avatar

import (
	"os"
	"path/filepath"
	"testing"
)

// sharedAsset returns the path of a file in the shared test assets: the
// directory named by $KIN_SHARED_ASSETS, or else ../shared/assets beside
// the module root (the directory holding go.mod). It fails the test when
// the file is missing.
func sharedAsset(t testing.TB, name string) string {
	t.Helper()
	dir := os.Getenv("KIN_SHARED_ASSETS")
	if dir == "" {
		root, err := moduleRoot()
		if err != nil {
			t.Fatalf("shared assets: %v", err)
		}
		dir = filepath.Join(root, "..", "shared", "assets")
	}
	path := filepath.Join(dir, name)
	if _, err := os.Stat(path); err != nil {
		t.Fatalf("shared asset %s missing (set KIN_SHARED_ASSETS): %v", name, err)
	}
	return path
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
