package desktop

import (
	"fmt"
	"image"
	"math/bits"

	"github.com/jezek/xgb/xproto"
)

// pixelFormat says where red, green and blue sit in the server's pixels.
type pixelFormat struct {
	bpp     int // bytes per pixel: 3 or 4
	r, g, b int // byte offset of each channel within a pixel
	rowPad  int // scanline padding in bytes
}

// pixels is a raw screen capture: rows of stride bytes in format f, in
// bands of bandRows rows as the server sent them.
type pixels struct {
	bands         [][]byte
	bandRows      int
	width, height int
	stride        int
	f             pixelFormat
}

// row returns source row y.
func (p *pixels) row(y int) []byte {
	b := p.bands[y/p.bandRows]
	off := (y % p.bandRows) * p.stride
	return b[off : off+p.stride]
}

// screenFormat reads the root window's pixel layout; screens of other than
// 24 or 32 bits of true colour get a clear error.
func (x *xconn) screenFormat() (pixelFormat, error) {
	depth := x.screen.RootDepth
	if depth != 24 && depth != 32 {
		return pixelFormat{}, fmt.Errorf("the screen uses %d-bit colour; screenshots "+
			"work on 24- and 32-bit screens only", depth)
	}
	var f pixelFormat
	for _, pf := range x.setup.PixmapFormats {
		if pf.Depth == depth {
			f.bpp, f.rowPad = int(pf.BitsPerPixel)/8, int(pf.ScanlinePad)/8
		}
	}
	v := x.rootVisual()
	if (f.bpp != 3 && f.bpp != 4) || f.rowPad == 0 || v == nil {
		return f, fmt.Errorf("the screen's %d-bit pixel layout is not one screenshots understand", depth)
	}
	var off [3]int
	good := true
	for i, m := range []uint32{v.RedMask, v.GreenMask, v.BlueMask} {
		shift := bits.TrailingZeros32(m)
		off[i] = shift / 8
		if x.setup.ImageByteOrder == xproto.ImageOrderMSBFirst {
			off[i] = f.bpp - 1 - off[i]
		}
		good = good && m>>shift == 0xff && shift%8 == 0 && off[i] >= 0 && off[i] < f.bpp
	}
	f.r, f.g, f.b = off[0], off[1], off[2]
	if !good {
		return f, fmt.Errorf("the screen's colour masks (%#x, %#x, %#x) are not 8 bits "+
			"a channel; screenshots cannot read them", v.RedMask, v.GreenMask, v.BlueMask)
	}
	return f, nil
}

func (x *xconn) rootVisual() *xproto.VisualInfo {
	for _, d := range x.screen.AllowedDepths {
		for i := range d.Visuals {
			if d.Visuals[i].VisualId == x.screen.RootVisual {
				return &d.Visuals[i]
			}
		}
	}
	return nil
}

// capture reads rectangle r of the root window. Large areas are read in
// bands so no single reply exceeds the protocol's request size limits.
func (x *xconn) capture(r image.Rectangle) (*pixels, error) {
	f, err := x.screenFormat()
	if err != nil {
		return nil, err
	}
	w, h := r.Dx(), r.Dy()
	stride := (w*f.bpp + f.rowPad - 1) / f.rowPad * f.rowPad
	band := max(1, (16<<20)/stride) // rows per request, up to 16 MiB each
	p := &pixels{bandRows: band, width: w, height: h, stride: stride, f: f}
	for y := 0; y < h; y += band {
		n := min(band, h-y)
		rep, err := xproto.GetImage(x.c, xproto.ImageFormatZPixmap, xproto.Drawable(x.screen.Root),
			int16(r.Min.X), int16(r.Min.Y+y), uint16(w), uint16(n), 0xffffffff).Reply()
		if err != nil {
			return nil, fmt.Errorf("could not read the screen of %q: %w", x.display, err)
		}
		if len(rep.Data) < stride*n {
			return nil, fmt.Errorf("the X server sent %d bytes for a %dx%d area; expected %d",
				len(rep.Data), w, n, stride*n)
		}
		p.bands = append(p.bands, rep.Data)
	}
	return p, nil
}
