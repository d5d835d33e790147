//go:build !linux

package fs

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
)

// openRead opens p for reading.
func openRead(p string) (*os.File, error) { return os.Open(p) }

// openWrite opens real inside root with flag, making missing parent folders
// first. Outside Linux the final name is checked with Lstat just before the
// open, which leaves a small race.
func openWrite(root, real string, flag int, perm os.FileMode) (*os.File, error) {
	if err := os.MkdirAll(filepath.Dir(real), 0o755); err != nil {
		return nil, err
	}
	if fi, err := os.Lstat(real); err == nil && fi.Mode()&fs.ModeSymlink != 0 {
		return nil, fmt.Errorf("%s became a symbolic link while kin was working; nothing was written", real)
	}
	return os.OpenFile(real, flag, perm)
}

// devOf is not known outside Linux: every place counts as one filesystem.
func devOf(string) (uint64, bool) { return 0, false }

// ownedByMe cannot be checked outside Linux; it trusts the folder.
func ownedByMe(os.FileInfo) bool { return true }
