package xshot

import (
	"image"
	"image/color"
	"image/png"
	"os"
	"path/filepath"
	"testing"

	"github.com/jezek/xgb"
	"github.com/jezek/xgb/xproto"
)

// TestGrab paints a window in a known colour on the X screen and reads it
// back, from the screen and from the PNG Save writes.
func TestGrab(t *testing.T) {
	c, err := xgb.NewConn()
	if err != nil {
		t.Skipf("no X display: %v", err)
	}
	defer c.Close()
	s := xproto.Setup(c).DefaultScreen(c)
	win, err := xproto.NewWindowId(c)
	if err != nil {
		t.Fatal(err)
	}
	const x, y, w, h = 40, 30, 64, 48
	xproto.CreateWindow(c, s.RootDepth, win, s.Root, x, y, w, h, 0, xproto.WindowClassInputOutput, s.RootVisual,
		xproto.CwBackPixel|xproto.CwOverrideRedirect, []uint32{0x00c08040, 1}) // red c0, green 80, blue 40
	xproto.MapWindow(c, win)
	defer xproto.DestroyWindow(c, win)
	xproto.GetInputFocus(c).Reply() // the server has drawn it
	r := image.Rect(x+8, y+8, x+w-8, y+h-8)
	want := color.RGBA{0xc0, 0x80, 0x40, 255}
	img, err := Grab(c, r)
	if err != nil {
		t.Fatal(err)
	}
	if img.Bounds() != image.Rect(0, 0, r.Dx(), r.Dy()) || img.RGBAAt(0, 0) != want || img.RGBAAt(r.Dx()-1, r.Dy()-1) != want {
		t.Fatalf("grabbed %v: corners %v and %v, want %v", img.Bounds(), img.RGBAAt(0, 0), img.RGBAAt(r.Dx()-1, r.Dy()-1), want)
	}
	path := filepath.Join(t.TempDir(), "shot.png")
	if err := Save(c, r, path); err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	saved, err := png.Decode(f)
	if err != nil {
		t.Fatal(err)
	}
	if got := color.RGBAModel.Convert(saved.At(5, 5)); got != want {
		t.Errorf("the saved picture shows %v, want %v", got, want)
	}
	if err := Save(c, r, filepath.Join(t.TempDir(), "missing", "shot.png")); err == nil {
		t.Error("saving into a missing directory: no error")
	}
}
