//go:build !(linux || darwin || freebsd || netbsd || openbsd || dragonfly)

package store

// freeBytes is unknown on this platform: the free-space check is skipped.
func freeBytes(string) (int64, bool) { return 0, false }
