// Package xshot reads what the X screen shows, for the tests that check
// a window's pixels as the user would see them.
package xshot

import (
	"fmt"
	"image"
	"image/png"
	"os"

	"github.com/jezek/xgb"
	"github.com/jezek/xgb/xproto"
)

// Grab reads rectangle r of the root window on connection c as opaque
// RGBA. It reads the 32-bit pixels of a depth-24 true-colour screen (as
// Xvfb's are), blue first in memory.
func Grab(c *xgb.Conn, r image.Rectangle) (*image.RGBA, error) {
	root := xproto.Setup(c).DefaultScreen(c).Root
	img, err := xproto.GetImage(c, xproto.ImageFormatZPixmap, xproto.Drawable(root),
		int16(r.Min.X), int16(r.Min.Y), uint16(r.Dx()), uint16(r.Dy()), ^uint32(0)).Reply()
	if err != nil {
		return nil, fmt.Errorf("xshot: read %v of the screen: %w", r, err)
	}
	out := image.NewRGBA(image.Rect(0, 0, r.Dx(), r.Dy()))
	if len(img.Data) < len(out.Pix) {
		return nil, fmt.Errorf("xshot: the screen sent %d bytes for %v, want %d", len(img.Data), r, len(out.Pix))
	}
	for i := 0; i+3 < len(out.Pix); i += 4 {
		out.Pix[i], out.Pix[i+1], out.Pix[i+2], out.Pix[i+3] = img.Data[i+2], img.Data[i+1], img.Data[i], 255
	}
	return out, nil
}

// Save writes rectangle r of the screen to path as a PNG.
func Save(c *xgb.Conn, r image.Rectangle, path string) error {
	img, err := Grab(c, r)
	if err != nil {
		return err
	}
	f, err := os.Create(path)
	if err != nil {
		return fmt.Errorf("xshot: %w", err)
	}
	if err := png.Encode(f, img); err != nil {
		f.Close()
		return fmt.Errorf("xshot: write %s: %w", path, err)
	}
	return f.Close()
}
