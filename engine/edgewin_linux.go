//go:build linux

package engine

import (
	"errors"
	"fmt"
	"image"
	"os"

	"github.com/jezek/xgb"
	"github.com/jezek/xgb/randr"
	"github.com/jezek/xgb/shape"
	"github.com/jezek/xgb/xproto"
)

// edgeWindow is a second X window, apart from Ebitengine's, that shows the
// edge glow along the bottom of a monitor on the desktop canvas: a
// 32-bit (see-through under a compositor), override-redirect window that
// takes no input, its pixels painted on the CPU (glow.paint) into memory
// shared with the X server (see shmImage). Presenting the glow inside the canvas window would make that
// window span the monitor's width, and on a software renderer presenting
// a window costs by the pixel (see fitDesktop); this window costs one
// multiply a pixel and a socket write a frame.
type edgeWindow struct {
	conn   *xgb.Conn
	win    xproto.Window
	gc     xproto.Gcontext
	root   xproto.Window
	at     image.Rectangle // where the window is, in X screen pixels
	mon    string          // the monitor monRect was found for
	monAt  image.Rectangle // where it is on the X screen
	mapped bool
	chunk  int       // bytes a PutImage request may carry
	shared *shmImage // the pixels shared with the server; nil: sent with PutImage
	noShm  bool      // shared memory failed: send the pixels
	pix    []byte
	rows   []float32
	cols   []byte
}

// edgeWindowTitle names the window (WM_NAME) for tests and tools.
const edgeWindowTitle = "kin glow"

// openEdgeWindow connects to the X display and creates the (unmapped)
// window, or says why it cannot: no X display, no 32-bit visual, no SHAPE
// extension to let clicks through.
func openEdgeWindow() (*edgeWindow, error) {
	if os.Getenv("DISPLAY") == "" {
		return nil, errors.New("no X display")
	}
	c, err := xgb.NewConn()
	if err != nil {
		return nil, fmt.Errorf("connect to the X display: %w", err)
	}
	e := &edgeWindow{conn: c}
	if err := e.create(); err != nil {
		c.Close()
		return nil, err
	}
	return e, nil
}

// create makes the window, its colormap and graphics context.
func (e *edgeWindow) create() error {
	c := e.conn
	setup := xproto.Setup(c)
	scr := setup.DefaultScreen(c)
	e.root = scr.Root
	visual, ok := argbVisual(scr)
	if !ok {
		return errors.New("the X screen has no 32-bit TrueColor visual")
	}
	if err := shape.Init(c); err != nil {
		return fmt.Errorf("the X server has no SHAPE extension to let clicks through: %w", err)
	}
	cmap, err := xproto.NewColormapId(c)
	if err != nil {
		return fmt.Errorf("make an X colormap id: %w", err)
	}
	if err := xproto.CreateColormapChecked(c, xproto.ColormapAllocNone, cmap, scr.Root, visual).Check(); err != nil {
		return fmt.Errorf("make an X colormap: %w", err)
	}
	if e.win, err = xproto.NewWindowId(c); err != nil {
		return fmt.Errorf("make an X window id: %w", err)
	}
	mask := uint32(xproto.CwBackPixel | xproto.CwBorderPixel | xproto.CwOverrideRedirect | xproto.CwColormap)
	if err := xproto.CreateWindowChecked(c, 32, e.win, scr.Root, 0, 0, 1, 1, 0, xproto.WindowClassInputOutput,
		visual, mask, []uint32{0, 0, 1, uint32(cmap)}).Check(); err != nil {
		return fmt.Errorf("make an X window: %w", err)
	}
	// No input region: clicks and the pointer go to what is below.
	if err := shape.RectanglesChecked(c, shape.SoSet, shape.SkInput, xproto.ClipOrderingUnsorted, e.win, 0, 0, nil).Check(); err != nil {
		return fmt.Errorf("set the X window's input shape: %w", err)
	}
	setText(c, e.win, xproto.AtomWmName, edgeWindowTitle)
	setText(c, e.win, xproto.AtomWmClass, "kin\x00kin\x00")
	if e.gc, err = xproto.NewGcontextId(c); err != nil {
		return fmt.Errorf("make an X graphics context id: %w", err)
	}
	if err := xproto.CreateGCChecked(c, e.gc, xproto.Drawable(e.win), 0, nil).Check(); err != nil {
		return fmt.Errorf("make an X graphics context: %w", err)
	}
	// A request is at most MaximumRequestLength 4-byte units; PutImage's
	// header takes 24 bytes.
	e.chunk = (int(setup.MaximumRequestLength)*4 - 24)
	return nil
}

// argbVisual finds a 32-bit TrueColor visual of the screen.
func argbVisual(scr *xproto.ScreenInfo) (xproto.Visualid, bool) {
	for _, d := range scr.AllowedDepths {
		if d.Depth != 32 {
			continue
		}
		for _, v := range d.Visuals {
			if v.Class == xproto.VisualClassTrueColor {
				return v.VisualId, true
			}
		}
	}
	return 0, false
}

// setText sets a STRING property of window w.
func setText(c *xgb.Conn, w xproto.Window, prop xproto.Atom, s string) {
	xproto.ChangeProperty(c, xproto.PropModeReplace, w, prop, xproto.AtomString, 8, uint32(len(s)), []byte(s))
}

// show paints the glow into the band of height h along the bottom of the
// monitor named monitor (Ebitengine's name, which is the RandR output's;
// the whole X screen when it is not found), mapping the window the first
// time, at time now.
func (e *edgeWindow) show(gl *glow, monitor string, h int, now float64) error {
	if monitor != e.mon || e.monAt.Empty() {
		e.mon, e.monAt = monitor, e.monitorRect(monitor)
	}
	mon := e.monAt
	want := image.Rect(mon.Min.X, mon.Max.Y-h, mon.Max.X, mon.Max.Y)
	if want.Empty() {
		return nil
	}
	c := e.conn
	if want != e.at {
		e.at = want
		xproto.ConfigureWindow(c, e.win, xproto.ConfigWindowX|xproto.ConfigWindowY|xproto.ConfigWindowWidth|xproto.ConfigWindowHeight,
			[]uint32{uint32(int32(want.Min.X)), uint32(int32(want.Min.Y)), uint32(want.Dx()), uint32(want.Dy())})
	}
	w := want.Dx()
	pix := e.buffer(w, h)
	if !e.mapped { // an unmapped window keeps no pixels drawn into it
		e.mapped = true
		xproto.MapWindow(c, e.win)
	}
	gl.paint(pix, w, h, now, e.rows, e.cols)
	if e.shared != nil {
		e.shared.put(c, xproto.Drawable(e.win), e.gc, w, h)
	} else {
		step := max(1, e.chunk/(4*w))
		for y := 0; y < h; y += step {
			n := min(step, h-y)
			xproto.PutImage(c, xproto.ImageFormatZPixmap, xproto.Drawable(e.win), e.gc, uint16(w), uint16(n), 0, int16(y), 0, 32,
				pix[4*w*y:4*w*(y+n)])
		}
	}
	// Above the canvas and other windows, each frame it changes.
	xproto.ConfigureWindow(c, e.win, xproto.ConfigWindowStackMode, []uint32{xproto.StackModeAbove})
	// The server has read the pixels when it answers: the next frame may
	// paint over them.
	return e.sync()
}

// buffer returns the pixels of a w×h frame: shared with the X server
// where it can be, else kin's own, sized anew only when the band's size
// changes.
func (e *edgeWindow) buffer(w, h int) []byte {
	n := 4 * w * h
	if len(e.cols) != w || len(e.rows) != 4*h {
		e.cols, e.rows = make([]byte, w), make([]float32, 4*h)
		if e.shared != nil {
			e.shared.close(e.conn)
			e.shared = nil
		}
		if !e.noShm {
			s, err := newShmImage(e.conn, n)
			e.shared, e.noShm = s, err != nil
		}
	}
	if e.shared != nil {
		return e.shared.pix
	}
	if len(e.pix) != n {
		e.pix = make([]byte, n)
	}
	return e.pix
}

// sync waits for the X server to have handled what was sent, returning
// the first error it reported.
func (e *edgeWindow) sync() error {
	if _, err := xproto.GetInputFocus(e.conn).Reply(); err != nil {
		return fmt.Errorf("the X display: %w", err)
	}
	return nil
}

// hide unmaps the window.
func (e *edgeWindow) hide() {
	if e.mapped {
		e.mapped = false
		xproto.UnmapWindow(e.conn, e.win)
		e.sync()
	}
}

// close destroys the window and closes the connection.
func (e *edgeWindow) close() {
	if e.shared != nil {
		e.shared.close(e.conn)
	}
	xproto.DestroyWindow(e.conn, e.win)
	e.sync()
	e.conn.Close()
}

// monitorRect is the X screen rectangle of the RandR output named name,
// or the whole screen.
func (e *edgeWindow) monitorRect(name string) image.Rectangle {
	scr := xproto.Setup(e.conn).DefaultScreen(e.conn)
	whole := image.Rect(0, 0, int(scr.WidthInPixels), int(scr.HeightInPixels))
	if name == "" || randr.Init(e.conn) != nil {
		return whole
	}
	res, err := randr.GetScreenResourcesCurrent(e.conn, e.root).Reply()
	if err != nil {
		return whole
	}
	for _, o := range res.Outputs {
		info, err := randr.GetOutputInfo(e.conn, o, res.ConfigTimestamp).Reply()
		if err != nil || info.Crtc == 0 || string(info.Name) != name {
			continue
		}
		crtc, err := randr.GetCrtcInfo(e.conn, info.Crtc, res.ConfigTimestamp).Reply()
		if err != nil {
			break
		}
		return image.Rect(int(crtc.X), int(crtc.Y), int(crtc.X)+int(crtc.Width), int(crtc.Y)+int(crtc.Height))
	}
	return whole
}
