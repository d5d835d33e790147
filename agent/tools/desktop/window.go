package desktop

import (
	"fmt"
	"image"
	"strconv"
	"strings"

	"github.com/jezek/xgb/xproto"
)

// window is a top-level window found by id or title.
type window struct {
	id    xproto.Window
	title string
}

// findWindow resolves a window argument: an id ("0x1a00003" or decimal) of
// an existing window, else a case-insensitive substring of a visible
// window's title. It returns the first match and how many matched.
func (x *xconn) findWindow(arg string) (window, int, error) {
	arg = strings.TrimSpace(arg)
	if id, ok := parseWindowID(arg); ok {
		if _, err := xproto.GetGeometry(x.c, xproto.Drawable(id)).Reply(); err == nil {
			return window{id: id, title: x.windowTitle(id)}, 1, nil
		}
	}
	all, err := x.listWindows()
	if err != nil {
		return window{}, 0, err
	}
	want := strings.ToLower(arg)
	var found []window
	for _, w := range all {
		if strings.Contains(strings.ToLower(w.title), want) {
			found = append(found, w)
		}
	}
	if len(found) == 0 {
		return window{}, 0, fmt.Errorf("no visible window has a title containing %q; "+
			"visible windows: %s", arg, titles(all, 12))
	}
	return found[0], len(found), nil
}

func parseWindowID(s string) (xproto.Window, bool) {
	base := 10
	if h, ok := strings.CutPrefix(strings.ToLower(s), "0x"); ok {
		s, base = h, 16
	}
	n, err := strconv.ParseUint(s, base, 32)
	return xproto.Window(n), err == nil && n != 0
}

// titles lists up to n window titles for an error message.
func titles(ws []window, n int) string {
	if len(ws) == 0 {
		return "none"
	}
	var b strings.Builder
	for i, w := range ws {
		if i == n {
			fmt.Fprintf(&b, " and %d more", len(ws)-n)
			break
		}
		if i > 0 {
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, "%q", w.title)
	}
	return b.String()
}

// listWindows returns the visible, titled top-level windows: the window
// manager's _NET_CLIENT_LIST, or without a window manager the root's
// children and grandchildren.
func (x *xconn) listWindows() ([]window, error) {
	ids, err := x.clientList()
	if err != nil {
		return nil, err
	}
	if len(ids) == 0 {
		ids, err = x.treeWindows()
		if err != nil {
			return nil, err
		}
	}
	var out []window
	for _, id := range ids {
		a, err := xproto.GetWindowAttributes(x.c, id).Reply()
		if err != nil || a.MapState != xproto.MapStateViewable {
			continue
		}
		if t := x.windowTitle(id); t != "" {
			out = append(out, window{id: id, title: t})
		}
	}
	return out, nil
}

func (x *xconn) clientList() ([]xproto.Window, error) {
	a, err := x.atom("_NET_CLIENT_LIST")
	if err != nil {
		return nil, err
	}
	r, err := xproto.GetProperty(x.c, false, x.screen.Root, a, xproto.AtomWindow, 0, 4096).Reply()
	if err != nil || r.Format != 32 {
		return nil, nil
	}
	ids := make([]xproto.Window, 0, r.ValueLen)
	for i := 0; i+4 <= len(r.Value); i += 4 {
		ids = append(ids, xproto.Window(le32(r.Value[i:])))
	}
	return ids, nil
}

func (x *xconn) treeWindows() ([]xproto.Window, error) {
	top, err := xproto.QueryTree(x.c, x.screen.Root).Reply()
	if err != nil {
		return nil, fmt.Errorf("could not list the windows on %q: %w", x.display, err)
	}
	out := append([]xproto.Window(nil), top.Children...)
	for _, w := range top.Children {
		if kids, err := xproto.QueryTree(x.c, w).Reply(); err == nil {
			out = append(out, kids.Children...)
		}
	}
	return out, nil
}

// windowTitle is _NET_WM_NAME, or WM_NAME when that is unset.
func (x *xconn) windowTitle(w xproto.Window) string {
	if a, err := x.atom("_NET_WM_NAME"); err == nil {
		if s := x.textProperty(w, a); s != "" {
			return s
		}
	}
	return x.textProperty(w, xproto.AtomWmName)
}

func (x *xconn) textProperty(w xproto.Window, prop xproto.Atom) string {
	r, err := xproto.GetProperty(x.c, false, w, prop, xproto.GetPropertyTypeAny, 0, 256).Reply()
	if err != nil || r.Format != 8 {
		return ""
	}
	return string(r.Value)
}

// windowRect is w's area on the screen, clipped to the screen.
func (x *xconn) windowRect(w window) (image.Rectangle, error) {
	a, err := xproto.GetWindowAttributes(x.c, w.id).Reply()
	if err != nil {
		return image.Rectangle{}, fmt.Errorf("window %q (0x%x) is gone", w.title, uint32(w.id))
	}
	if a.MapState != xproto.MapStateViewable {
		return image.Rectangle{}, fmt.Errorf("window %q (0x%x) is minimised or hidden, "+
			"so it cannot be captured", w.title, uint32(w.id))
	}
	g, err := xproto.GetGeometry(x.c, xproto.Drawable(w.id)).Reply()
	if err != nil {
		return image.Rectangle{}, fmt.Errorf("window %q (0x%x) is gone", w.title, uint32(w.id))
	}
	t, err := xproto.TranslateCoordinates(x.c, w.id, x.screen.Root, 0, 0).Reply()
	if err != nil {
		return image.Rectangle{}, fmt.Errorf("could not place window %q on the screen: %w", w.title, err)
	}
	r := image.Rect(int(t.DstX), int(t.DstY), int(t.DstX)+int(g.Width), int(t.DstY)+int(g.Height))
	r = r.Intersect(x.screenRect())
	if r.Empty() {
		return r, fmt.Errorf("window %q (0x%x) is off the screen", w.title, uint32(w.id))
	}
	return r, nil
}

func (x *xconn) screenRect() image.Rectangle {
	return image.Rect(0, 0, int(x.screen.WidthInPixels), int(x.screen.HeightInPixels))
}

func le32(b []byte) uint32 {
	return uint32(b[0]) | uint32(b[1])<<8 | uint32(b[2])<<16 | uint32(b[3])<<24
}
