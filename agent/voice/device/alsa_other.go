//go:build !linux

package device

// quietALSA has nothing to silence where there is no ALSA.
func quietALSA() {}
