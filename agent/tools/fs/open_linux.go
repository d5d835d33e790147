package fs

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"syscall"
)

// openRead opens p for reading without blocking on a pipe or device (the
// caller checks it is a regular file through the descriptor).
func openRead(p string) (*os.File, error) {
	return os.OpenFile(p, os.O_RDONLY|syscall.O_NONBLOCK, 0)
}

// openWrite opens real — a resolved path inside root — with flag (O_CREATE
// and friends), making its missing parent folders inside root first. The
// parent is opened through an [os.Root], so a symbolic link swapped in on
// the way cannot lead out of root, and the final name is opened relative
// to it with O_NOFOLLOW, so a link planted there is refused, not followed.
func openWrite(root, real string, flag int, perm os.FileMode) (*os.File, error) {
	rel, err := filepath.Rel(root, real)
	if err != nil || rel == "." {
		return nil, fmt.Errorf("%s cannot be written as a file", real)
	}
	r, err := os.OpenRoot(root)
	if err != nil {
		return nil, err
	}
	defer r.Close()
	if dir := filepath.Dir(rel); dir != "." {
		if err := r.MkdirAll(dir, 0o755); err != nil {
			return nil, err
		}
	}
	d, err := r.Open(filepath.Dir(rel))
	if err != nil {
		return nil, err
	}
	defer d.Close()
	fd, err := syscall.Openat(int(d.Fd()), filepath.Base(rel), flag|syscall.O_NOFOLLOW|syscall.O_CLOEXEC, uint32(perm))
	if errors.Is(err, syscall.ELOOP) {
		return nil, fmt.Errorf("%s became a symbolic link while kin was working; nothing was written", real)
	}
	if err != nil {
		return nil, &os.PathError{Op: "open", Path: real, Err: err}
	}
	return os.NewFile(uintptr(fd), real), nil
}

// devOf returns the device of the filesystem holding the entry p.
func devOf(p string) (uint64, bool) {
	fi, err := os.Lstat(p)
	if err != nil {
		return 0, false
	}
	st, ok := fi.Sys().(*syscall.Stat_t)
	if !ok {
		return 0, false
	}
	return st.Dev, true
}

// ownedByMe reports whether fi belongs to this process's user.
func ownedByMe(fi os.FileInfo) bool {
	st, ok := fi.Sys().(*syscall.Stat_t)
	return ok && int(st.Uid) == os.Getuid()
}
