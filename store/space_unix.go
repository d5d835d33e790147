//go:build linux || darwin || freebsd || netbsd || openbsd || dragonfly

package store

import "syscall"

// freeBytes is the space available to unprivileged users on the file system of path.
func freeBytes(path string) (int64, bool) {
	var st syscall.Statfs_t
	if err := syscall.Statfs(path, &st); err != nil {
		return 0, false
	}
	return int64(st.Bavail) * int64(st.Bsize), true //nolint:unconvert // field types differ by OS
}
