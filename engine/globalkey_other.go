//go:build !linux

package engine

import (
	"context"
	"errors"
)

// GrabKey makes k a global key; on this system kin cannot yet, so it says
// so and the talk key works only while kin's window has the focus.
func GrabKey(ctx context.Context, k KeySpec, fn func(down bool)) error {
	return errors.New("a global push-to-talk key works only on Linux with X11 for now; hold Space in kin's window instead")
}
