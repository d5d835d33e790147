//go:build !linux

package engine

import "errors"

// edgeWindow is the glow's own window on X11 (see edgewin_linux.go); on
// other systems the glow is drawn inside the canvas window.
type edgeWindow struct{}

const edgeWindowTitle = "kin glow"

func openEdgeWindow() (*edgeWindow, error) {
	return nil, errors.New("the glow's own window needs X11")
}

func (*edgeWindow) show(*glow, string, int, float64) error { return nil }
func (*edgeWindow) hide()                                  {}
func (*edgeWindow) close()                                 {}
