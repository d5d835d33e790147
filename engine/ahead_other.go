//go:build !linux

package engine

// lowestPriority leaves the thread's priority as it is on this system.
func lowestPriority() {}
