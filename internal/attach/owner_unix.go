//go:build unix

package attach

import (
	"fmt"
	"io/fs"
	"os"
	"syscall"
)

// checkOwner refuses a socket directory another user owns.
func checkOwner(fi fs.FileInfo, dir string) error {
	if st, ok := fi.Sys().(*syscall.Stat_t); ok && int(st.Uid) != os.Getuid() {
		return fmt.Errorf("attach: %s belongs to another user; kin will not put its socket there", dir)
	}
	return nil
}
