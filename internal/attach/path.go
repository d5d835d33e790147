package attach

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// Path returns the socket of agent id: $XDG_RUNTIME_DIR/kin/ID.sock, or
// kin-UID/ID.sock in the temporary directory when XDG_RUNTIME_DIR is not
// set. getenv is os.Getenv unless a test gives its own.
func Path(id string, getenv func(string) string) (string, error) {
	if getenv == nil {
		getenv = os.Getenv
	}
	if id == "" || strings.ContainsAny(id, `/\`) || id == "." || id == ".." {
		return "", fmt.Errorf("attach: %q cannot name an agent's socket; use letters, digits, - or _", id)
	}
	dir := getenv("XDG_RUNTIME_DIR")
	if dir == "" {
		dir = filepath.Join(os.TempDir(), fmt.Sprintf("kin-%d", os.Getuid()))
	} else {
		dir = filepath.Join(dir, "kin")
	}
	return filepath.Join(dir, id+".sock"), nil
}

// prepareDir makes the socket's directory, user-only, and refuses one
// that others may enter or that another user owns.
func prepareDir(dir string) error {
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return fmt.Errorf("attach: cannot make the socket directory %s: %w", dir, err)
	}
	fi, err := os.Lstat(dir)
	if err != nil {
		return fmt.Errorf("attach: cannot check the socket directory %s: %w", dir, err)
	}
	if !fi.IsDir() {
		return fmt.Errorf("attach: %s should be a directory for kin's socket but is not; remove it", dir)
	}
	if fi.Mode().Perm()&0o077 != 0 {
		if err := os.Chmod(dir, 0o700); err != nil {
			return fmt.Errorf("attach: %s is open to other users and cannot be closed: %w", dir, err)
		}
	}
	return checkOwner(fi, dir)
}
