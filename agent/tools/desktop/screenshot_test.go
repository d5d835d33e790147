package desktop

import (
	"bytes"
	"fmt"
	"image"
	"image/jpeg"
	"strings"
	"testing"
)

// decodeShot checks a screenshot result has one JPEG and decodes it.
func decodeShot(t *testing.T, data []byte, mediaType string) image.Image {
	t.Helper()
	if mediaType != "image/jpeg" {
		t.Fatalf("media type %q, want image/jpeg", mediaType)
	}
	img, err := jpeg.Decode(bytes.NewReader(data))
	if err != nil {
		t.Fatalf("decode screenshot: %v", err)
	}
	return img
}

// near reports whether img's pixel at (x, y) is within 24 of colour 0xRRGGBB.
func near(img image.Image, x, y int, colour uint32) bool {
	r, g, b, _ := img.At(x, y).RGBA()
	want := [3]int{int(colour >> 16 & 0xff), int(colour >> 8 & 0xff), int(colour & 0xff)}
	for i, v := range []uint32{r >> 8, g >> 8, b >> 8} {
		if d := int(v) - want[i]; d > 24 || d < -24 {
			return false
		}
	}
	return true
}

func TestScreenshotCaptures(t *testing.T) {
	d := newDesktop(t)
	win := newTestWin(t, needX(t), "kin screenshot target", 100, 120, 200, 150, 0xd02020, 0)
	tests := []struct {
		name       string
		args       string
		w, h       int
		red        image.Point // a point that must be the window's red
		wantInText string
	}{
		{"whole screen", `{}`, 1568, 882, image.Pt(163, 159), "(scaled by 0.8167)"},
		{"whole screen small", `{"max_size":640}`, 640, 360, image.Pt(66, 65), "× 3.0000"},
		{"window by title", `{"window":"SCREENSHOT target"}`, 200, 150, image.Pt(100, 75), "at (100, 120)"},
		{"window by id", fmt.Sprintf(`{"window":"0x%x"}`, uint32(win.id)), 200, 150, image.Pt(5, 5), "kin screenshot target"},
		{"region", `{"x":150,"y":150,"width":40,"height":30}`, 40, 30, image.Pt(20, 15), "a region"},
		{"region cut at the edge", `{"x":1900,"y":1000,"width":100,"height":100}`, 20, 80, image.Pt(-1, -1), "cut to the screen"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := mustCall(t, d, "screenshot", tt.args)
			if len(r.Images) != 1 {
				t.Fatalf("%d images, want 1", len(r.Images))
			}
			img := decodeShot(t, r.Images[0].Data, r.Images[0].MediaType)
			if b := img.Bounds(); b.Dx() != tt.w || b.Dy() != tt.h {
				t.Errorf("image is %dx%d, want %dx%d", b.Dx(), b.Dy(), tt.w, tt.h)
			}
			if tt.red.X >= 0 && !near(img, tt.red.X, tt.red.Y, 0xd02020) {
				t.Errorf("pixel %v is %v, want the window's red", tt.red, img.At(tt.red.X, tt.red.Y))
			}
			if !strings.Contains(r.Text, tt.wantInText) {
				t.Errorf("text %q lacks %q", r.Text, tt.wantInText)
			}
		})
	}
}

func TestScreenshotRefuses(t *testing.T) {
	d := newDesktop(t)
	newTestWin(t, needX(t), "kin refuse test", 10, 10, 50, 50, 0x00ff00, 0)
	tests := []struct{ name, args, want string }{
		{"bad window", `{"window":"no-such-window-xyz"}`, `no visible window has a title containing "no-such-window-xyz"`},
		{"lists windows", `{"window":"no-such-window-xyz"}`, `"kin refuse test"`},
		{"window and region", `{"window":"kin","x":1,"y":1,"width":5,"height":5}`, "not both"},
		{"region without size", `{"x":10,"y":10}`, "needs width and height"},
		{"region off screen", `{"x":5000,"y":10,"width":5,"height":5}`, "outside the 1920x1080 screen"},
		{"negative region", `{"x":-5,"y":10,"width":5,"height":5}`, "invalid"},
		{"max_size too small", `{"max_size":10}`, "max_size must be between 64 and 4096"},
		{"mistyped argument", `{"window":42}`, "screenshot: bad arguments"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := call(t, d, "screenshot", tt.args)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("error %v, want one containing %q", err, tt.want)
			}
		})
	}
}
