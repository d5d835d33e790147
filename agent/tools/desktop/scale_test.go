package desktop

import (
	"strings"
	"testing"

	"github.com/jezek/xgb/xproto"
)

// fakeScreen is an xconn carrying only the setup data screenFormat reads.
func fakeScreen(depth, bpp byte, order byte, r, g, b uint32) *xconn {
	setup := &xproto.SetupInfo{ImageByteOrder: order,
		PixmapFormats: []xproto.Format{{Depth: 1, BitsPerPixel: 1, ScanlinePad: 32},
			{Depth: depth, BitsPerPixel: bpp, ScanlinePad: 32}}}
	screen := &xproto.ScreenInfo{RootDepth: depth, RootVisual: 7, AllowedDepths: []xproto.DepthInfo{{Depth: depth,
		Visuals: []xproto.VisualInfo{{VisualId: 7, Class: xproto.VisualClassTrueColor, RedMask: r, GreenMask: g, BlueMask: b}}}}}
	return &xconn{setup: setup, screen: screen}
}

func TestScreenFormat(t *testing.T) {
	const lsb, msb = xproto.ImageOrderLSBFirst, xproto.ImageOrderMSBFirst
	tests := []struct {
		name    string
		x       *xconn
		want    pixelFormat
		wantErr string
	}{
		{"24 bits in 32", fakeScreen(24, 32, lsb, 0xff0000, 0xff00, 0xff), pixelFormat{4, 2, 1, 0, 4}, ""},
		{"32 bits", fakeScreen(32, 32, lsb, 0xff0000, 0xff00, 0xff), pixelFormat{4, 2, 1, 0, 4}, ""},
		{"packed 24 bits", fakeScreen(24, 24, lsb, 0xff0000, 0xff00, 0xff), pixelFormat{3, 2, 1, 0, 4}, ""},
		{"big-endian", fakeScreen(24, 32, msb, 0xff0000, 0xff00, 0xff), pixelFormat{4, 1, 2, 3, 4}, ""},
		{"BGR visual", fakeScreen(24, 32, lsb, 0xff, 0xff00, 0xff0000), pixelFormat{4, 0, 1, 2, 4}, ""},
		{"16 bits", fakeScreen(16, 16, lsb, 0xf800, 0x7e0, 0x1f), pixelFormat{}, "16-bit colour"},
		{"30 bits", fakeScreen(32, 32, lsb, 0x3ff00000, 0xffc00, 0x3ff), pixelFormat{}, "not 8 bits a channel"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := tt.x.screenFormat()
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("error %v, want one containing %q", err, tt.wantErr)
				}
				return
			}
			if err != nil || got != tt.want {
				t.Fatalf("screenFormat = %+v, %v; want %+v", got, err, tt.want)
			}
		})
	}
}

func TestFitSize(t *testing.T) {
	tests := []struct{ w, h, limit, wantW, wantH int }{
		{1920, 1080, 1568, 1568, 882},
		{1080, 1920, 1568, 882, 1568},
		{3840, 2160, 1568, 1568, 882},
		{800, 600, 1568, 800, 600},
		{5000, 3, 64, 64, 1},
	}
	for _, tt := range tests {
		if w, h := fitSize(tt.w, tt.h, tt.limit); w != tt.wantW || h != tt.wantH {
			t.Errorf("fitSize(%d, %d, %d) = %d, %d; want %d, %d", tt.w, tt.h, tt.limit, w, h, tt.wantW, tt.wantH)
		}
	}
}

// TestScaledAverages checks the box filter on a 4x2 BGRX picture split
// into bands of one row, as the server may send it.
func TestScaledAverages(t *testing.T) {
	bgrx := func(r, g, b byte) []byte { return []byte{b, g, r, 0} }
	var row0, row1 []byte
	for _, px := range [][]byte{bgrx(0, 0, 0), bgrx(100, 0, 0), bgrx(10, 20, 30), bgrx(10, 20, 30)} {
		row0 = append(row0, px...)
	}
	for _, px := range [][]byte{bgrx(200, 0, 0), bgrx(100, 0, 0), bgrx(10, 20, 30), bgrx(50, 60, 70)} {
		row1 = append(row1, px...)
	}
	p := &pixels{bands: [][]byte{row0, row1}, bandRows: 1, width: 4, height: 2, stride: 16,
		f: pixelFormat{bpp: 4, r: 2, g: 1, b: 0, rowPad: 4}}
	tests := []struct {
		w, h int
		want []byte
	}{
		{4, 2, append(append([]byte{0, 0, 0, 255, 100, 0, 0, 255, 10, 20, 30, 255, 10, 20, 30, 255},
			200, 0, 0, 255, 100, 0, 0, 255, 10, 20, 30, 255), 50, 60, 70, 255)},
		{2, 1, []byte{100, 0, 0, 255, 20, 30, 40, 255}},
		{1, 1, []byte{60, 15, 20, 255}},
	}
	for _, tt := range tests {
		img := p.scaled(tt.w, tt.h)
		if string(img.Pix) != string(tt.want) {
			t.Errorf("scaled to %dx%d: %v, want %v", tt.w, tt.h, img.Pix, tt.want)
		}
	}
}
