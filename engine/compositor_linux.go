//go:build linux

package engine

import (
	"fmt"
	"io"
	"log"
	"os"

	"github.com/jezek/xgb"
	"github.com/jezek/xgb/xproto"
)

func init() {
	// The X library Ebitengine uses logs where $XAUTHORITY is unset ("Could
	// not get authority info") and then connects anyway; kin reports what
	// matters itself.
	xgb.Logger = log.New(io.Discard, "", 0)
}

// compositing reports whether a compositing manager runs on the X display
// (DISPLAY): it owns the _NET_WM_CM_S<screen> selection. Without one, an
// X window cannot be see-through and the overlay's background shows black.
// On Wayland the compositor runs XWayland's window manager, which owns it.
func compositing() (bool, error) {
	if os.Getenv("DISPLAY") == "" {
		return true, nil // not X11: nothing to ask
	}
	c, err := xgb.NewConn()
	if err != nil {
		return false, fmt.Errorf("engine: connect to the X display: %w", err)
	}
	defer c.Close()
	name := fmt.Sprintf("_NET_WM_CM_S%d", c.DefaultScreen)
	atom, err := xproto.InternAtom(c, false, uint16(len(name)), name).Reply()
	if err != nil {
		return false, fmt.Errorf("engine: ask for %s: %w", name, err)
	}
	owner, err := xproto.GetSelectionOwner(c, atom.Atom).Reply()
	if err != nil {
		return false, fmt.Errorf("engine: ask who owns %s: %w", name, err)
	}
	return owner.Owner != xproto.WindowNone, nil
}
