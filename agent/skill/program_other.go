//go:build !unix

package skill

import "os/exec"

// ownGroup does nothing where process groups are not available: only the
// program itself is stopped when the call is cancelled.
func ownGroup(*exec.Cmd) {}
