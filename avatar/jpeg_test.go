package avatar

import (
	"bytes"
	"image"
	"image/color"
	"image/jpeg"
	"testing"

	"golang.org/x/image/draw"
)

// meanDiff is the mean absolute difference of the RGB channels of a and b,
// which must have the same bounds.
func meanDiff(t *testing.T, a, b image.Image) float64 {
	t.Helper()
	if a.Bounds().Size() != b.Bounds().Size() {
		t.Fatalf("sizes differ: %v and %v", a.Bounds(), b.Bounds())
	}
	var sum, n float64
	ab, bb := a.Bounds(), b.Bounds()
	for y := 0; y < ab.Dy(); y += 3 {
		for x := 0; x < ab.Dx(); x += 3 {
			r1, g1, b1, _ := a.At(ab.Min.X+x, ab.Min.Y+y).RGBA()
			r2, g2, b2, _ := b.At(bb.Min.X+x, bb.Min.Y+y).RGBA()
			for _, d := range [3][2]uint32{{r1, r2}, {g1, g2}, {b1, b2}} {
				sum += abs(float64(d[0]>>8) - float64(d[1]>>8))
				n++
			}
		}
	}
	return sum / n
}

func abs(x float64) float64 {
	if x < 0 {
		return -x
	}
	return x
}

// TestDecodeImageJPEGMatchesStandard decodes the real avatars' JPEG
// textures with DecodeImage and with image/jpeg: the same size and, to
// within rounding and chroma upsampling, the same pixels.
func TestDecodeImageJPEGMatchesStandard(t *testing.T) {
	m, err := Load(sharedAsset(t, "rpm-visage-male.glb"))
	if err != nil {
		t.Fatal(err)
	}
	checked := 0
	for i, tex := range m.Textures {
		if tex.Data == nil {
			continue
		}
		std, err := jpeg.Decode(bytes.NewReader(tex.Data))
		if err != nil {
			t.Fatalf("texture %d: image/jpeg: %v", i, err)
		}
		got, err := DecodeImage(tex.Data, "image/jpeg")
		if err != nil {
			t.Fatalf("texture %d: %v", i, err)
		}
		if d := meanDiff(t, got, std); d > 1.5 {
			t.Errorf("texture %d (%v): mean difference %.2f levels from image/jpeg; want ≤ 1.5", i, std.Bounds(), d)
		}
		checked++
	}
	if checked < 8 {
		t.Errorf("checked %d textures, want the 8 drawn ones", checked)
	}
}

// TestDecodeImageJPEGReduced decodes JPEGs larger than TextureSide at the
// size the renderer draws them: scaled in the DCT, close to a full decode
// halved.
func TestDecodeImageJPEGReduced(t *testing.T) {
	for _, tc := range []struct{ w, h int }{
		{TextureSide, 512}, // fits: full size
		{4096, 4096},       // halved
		{4100, 1000},       // half is 2050 wide: quartered
		{8192, 300},        // quartered, 75 high
	} {
		src := gradient(tc.w, tc.h)
		var buf bytes.Buffer
		if err := jpeg.Encode(&buf, src, &jpeg.Options{Quality: 90}); err != nil {
			t.Fatal(err)
		}
		got, err := DecodeImage(buf.Bytes(), "image/jpeg")
		if err != nil {
			t.Fatalf("%dx%d: %v", tc.w, tc.h, err)
		}
		want := reducedSize(tc.w, tc.h)
		if got.Bounds().Dx() != want.X || got.Bounds().Dy() != want.Y {
			t.Fatalf("%dx%d decodes to %v; want %v", tc.w, tc.h, got.Bounds().Size(), want)
		}
		scaled := image.NewRGBA(got.Bounds())
		draw.ApproxBiLinear.Scale(scaled, scaled.Bounds(), src, src.Bounds(), draw.Src, nil)
		if d := meanDiff(t, got, scaled); d > 3 {
			t.Errorf("%dx%d: mean difference %.2f levels from the source scaled; want ≤ 3", tc.w, tc.h, d)
		}
	}
}

// reducedSize is the size the cgo decoder gives a w×h JPEG, and the full
// size without cgo.
func reducedSize(w, h int) image.Point {
	if !jpegTurbo {
		return image.Pt(w, h)
	}
	k := 1
	for k < 8 && ((w+k-1)/k > TextureSide || (h+k-1)/k > TextureSide) {
		k *= 2
	}
	return image.Pt((w+k-1)/k, (h+k-1)/k)
}

// gradient is a smooth test picture with some detail in every channel.
func gradient(w, h int) *image.RGBA {
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := range h {
		for x := range w {
			img.Pix[img.PixOffset(x, y)+0] = uint8(x * 255 / w)
			img.Pix[img.PixOffset(x, y)+1] = uint8(y * 255 / h)
			img.Pix[img.PixOffset(x, y)+2] = uint8((x/64 + y/64) % 2 * 200)
			img.Pix[img.PixOffset(x, y)+3] = 255
		}
	}
	return img
}

// TestDecodeImageJPEGGray decodes a greyscale JPEG as grey.
func TestDecodeImageJPEGGray(t *testing.T) {
	src := image.NewGray(image.Rect(0, 0, 64, 32))
	for i := range src.Pix {
		src.Pix[i] = uint8(i % 251)
	}
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, src, &jpeg.Options{Quality: 95}); err != nil {
		t.Fatal(err)
	}
	got, err := DecodeImage(buf.Bytes(), "image/jpeg")
	if err != nil {
		t.Fatal(err)
	}
	r, g, b, _ := got.At(10, 10).RGBA()
	if r != g || g != b {
		t.Errorf("grey JPEG pixel decodes to %v", color.RGBA64Model.Convert(got.At(10, 10)))
	}
	if d := meanDiff(t, got, src); d > 2 {
		t.Errorf("mean difference %.2f levels from the source", d)
	}
}

// TestDecodeImageJPEGCorrupt: a cut-short or damaged JPEG is an error
// naming the media type, as image/jpeg has it, never a grey-filled image.
func TestDecodeImageJPEGCorrupt(t *testing.T) {
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, gradient(256, 256), nil); err != nil {
		t.Fatal(err)
	}
	file := buf.Bytes()
	damaged := bytes.Clone(file)
	for i := len(damaged) / 2; i < len(damaged)/2+200; i++ {
		damaged[i] = 0xFF
	}
	for name, data := range map[string][]byte{
		"cut in half":      file[:len(file)/2],
		"header only":      file[:200],
		"scan overwritten": damaged,
	} {
		if img, err := DecodeImage(data, "image/jpeg"); err == nil {
			t.Errorf("%s: decoded to %v, want an error", name, img.Bounds())
		} else if !bytes.Contains([]byte(err.Error()), []byte("image/jpeg")) {
			t.Errorf("%s: error %q does not name image/jpeg", name, err)
		}
	}
}

// FuzzDecodeImageJPEG feeds arbitrary bytes to DecodeImage, seeded with
// baseline colour, greyscale and wider-than-TextureSide JPEGs: it never crashes,
// and what it decodes has the size it reports for the file's header.
func FuzzDecodeImageJPEG(f *testing.F) {
	for _, img := range []image.Image{gradient(40, 24), image.NewGray(image.Rect(0, 0, 16, 9)), gradient(TextureSide+8, 16)} {
		var buf bytes.Buffer
		if err := jpeg.Encode(&buf, img, &jpeg.Options{Quality: 75}); err != nil {
			f.Fatal(err)
		}
		f.Add(buf.Bytes())
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		img, err := DecodeImage(data, "image/jpeg")
		if err != nil {
			return
		}
		cfg, err := jpeg.DecodeConfig(bytes.NewReader(data))
		if err != nil {
			return // a PNG or WebP
		}
		if want := reducedSize(cfg.Width, cfg.Height); img.Bounds().Size() != want {
			t.Errorf("a %dx%d JPEG decodes to %v, want %v", cfg.Width, cfg.Height, img.Bounds().Size(), want)
		}
	})
}
