//go:build linux

package engine

import (
	"fmt"

	"github.com/jezek/xgb"
	"github.com/jezek/xgb/shm"
	"github.com/jezek/xgb/xproto"
	"golang.org/x/sys/unix"
)

// shmImage is pixel memory shared with the X server (MIT-SHM): the glow's
// window is painted in place and the server reads it from there, so a
// frame sends a request of a few bytes instead of the pixels, and nothing
// is copied or allocated. It needs the X server on this machine; kin
// falls back to sending the pixels (PutImage) where it is not.
type shmImage struct {
	seg shm.Seg
	pix []byte
}

// newShmImage makes a segment of size bytes and attaches it here and in
// the X server.
func newShmImage(c *xgb.Conn, size int) (*shmImage, error) {
	if err := shm.Init(c); err != nil {
		return nil, fmt.Errorf("no MIT-SHM: %w", err)
	}
	id, err := unix.SysvShmGet(unix.IPC_PRIVATE, size, unix.IPC_CREAT|0o600)
	if err != nil {
		return nil, fmt.Errorf("shared memory of %d bytes: %w", size, err)
	}
	// Marked for removal at once: it goes when both sides detach, even if
	// kin is killed.
	defer unix.SysvShmCtl(id, unix.IPC_RMID, nil)
	pix, err := unix.SysvShmAttach(id, 0, 0)
	if err != nil {
		return nil, fmt.Errorf("attach shared memory: %w", err)
	}
	seg, err := shm.NewSegId(c)
	if err == nil {
		err = shm.AttachChecked(c, seg, uint32(id), false).Check()
	}
	if err != nil {
		unix.SysvShmDetach(pix)
		return nil, fmt.Errorf("the X server cannot attach shared memory (not on this machine?): %w", err)
	}
	return &shmImage{seg: seg, pix: pix[:size]}, nil
}

// put shows the w×h image at the top left of drawable d.
func (s *shmImage) put(c *xgb.Conn, d xproto.Drawable, gc xproto.Gcontext, w, h int) {
	shm.PutImage(c, d, gc, uint16(w), uint16(h), 0, 0, uint16(w), uint16(h), 0, 0, 32, xproto.ImageFormatZPixmap, 0, s.seg, 0)
}

// close detaches the segment on both sides.
func (s *shmImage) close(c *xgb.Conn) {
	shm.Detach(c, s.seg)
	unix.SysvShmDetach(s.pix)
}
