//go:build !linux || !cgo

package engine

// setMalloc does nothing where the C library is not known to be glibc.
func setMalloc(mallocTuning) bool { return false }
