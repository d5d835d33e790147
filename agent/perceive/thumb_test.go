package perceive

import (
	"bytes"
	"image"
	"image/png"
	"testing"
)

func pngOf(t testing.TB, w, h int) []byte {
	t.Helper()
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for i := range img.Pix {
		img.Pix[i] = byte(i * 7)
	}
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func thumbOf(w, h int, fill byte) Thumb {
	t := Thumb{W: w, H: h, Pix: make([]byte, w*h)}
	for i := range t.Pix {
		t.Pix[i] = fill
	}
	return t
}

// TestChanged: the share of pixels that moved more than a small step.
func TestChanged(t *testing.T) {
	base := thumbOf(10, 10, 100)
	some := thumbOf(10, 10, 100)
	for i := range 5 {
		some.Pix[i] = 200
	}
	cases := []struct {
		name string
		a, b Thumb
		want float64
	}{
		{"same", base, thumbOf(10, 10, 100), 0},
		{"noise within the step", base, thumbOf(10, 10, 100+changeStep), 0},
		{"all past the step", base, thumbOf(10, 10, 99-changeStep), 1},
		{"five pixels", base, some, 0.05},
		{"other size", base, thumbOf(10, 9, 100), 1},
		{"empty", Thumb{}, Thumb{}, 1},
	}
	for _, tc := range cases {
		if got := Changed(tc.a, tc.b); got != tc.want {
			t.Errorf("%s: %v, want %v", tc.name, got, tc.want)
		}
	}
}

// TestDecodeThumb: PNG and JPEG screenshots become luma; other types and
// broken data are errors.
func TestDecodeThumb(t *testing.T) {
	th, err := decodeThumb("image/png", pngOf(t, 6, 4))
	if err != nil || th.W != 6 || th.H != 4 || len(th.Pix) != 24 {
		t.Fatalf("png: %+v %v", th, err)
	}
	if _, err := decodeThumb("image/webp", nil); err == nil {
		t.Error("webp: no error")
	}
	if _, err := decodeThumb("image/jpeg", []byte("not a jpeg")); err == nil {
		t.Error("broken jpeg: no error")
	}
}
