//go:build !linux

package engine

// compositing is true where windows are always composited (Windows, macOS).
func compositing() (bool, error) { return true, nil }
