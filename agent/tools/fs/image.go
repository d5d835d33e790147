package fs

import (
	"bytes"
	"context"
	"fmt"
	"image"
	"image/color"
	_ "image/gif" // decoders for fs_read's pictures
	"image/jpeg"
	"image/png"
	"io"
	"math"
	"os"
	"strings"

	"golang.org/x/image/draw"
	_ "golang.org/x/image/webp"

	"github.com/kin-companion/kin/agent/llm"
	"github.com/kin-companion/kin/agent/tools"
)

// Limits past which a picture is refused rather than decoded.
const (
	maxImageFile   = 64 << 20 // bytes on disk
	maxImagePixels = 80e6     // width × height, against decompression bombs
)

// imageType returns the media type of a PNG, JPEG, GIF or WebP head.
func imageType(head []byte) string {
	switch {
	case bytes.HasPrefix(head, []byte("\x89PNG\r\n\x1a\n")):
		return "image/png"
	case bytes.HasPrefix(head, []byte("\xff\xd8\xff")):
		return "image/jpeg"
	case bytes.HasPrefix(head, []byte("GIF87a")), bytes.HasPrefix(head, []byte("GIF89a")):
		return "image/gif"
	case len(head) >= 12 && string(head[:4]) == "RIFF" && string(head[8:12]) == "WEBP":
		return "image/webp"
	}
	return ""
}

// readImage hands the picture in f to the model, scaled down when its long
// side or its size is over the caps.
func (k *kit) readImage(ctx context.Context, f *os.File, fi os.FileInfo, mt, p string) (tools.Result, error) {
	name := strings.ToUpper(strings.TrimPrefix(mt, "image/"))
	if fi.Size() > maxImageFile {
		return tools.Result{}, fmt.Errorf("fs_read: %s is a %s picture of %s, too large to show (the limit is %s)", k.roots.Display(p), name, size(fi.Size()), size(maxImageFile))
	}
	if _, err := f.Seek(0, io.SeekStart); err != nil {
		return tools.Result{}, k.fileError("fs_read", p, err)
	}
	data, err := io.ReadAll(io.LimitReader(f, maxImageFile+1))
	if err != nil {
		return tools.Result{}, k.fileError("fs_read", p, err)
	}
	cfg, _, err := image.DecodeConfig(bytes.NewReader(data))
	if err != nil {
		return tools.Result{}, fmt.Errorf("fs_read: %s looks like a %s picture but cannot be decoded (%v); it may be damaged", k.roots.Display(p), name, err)
	}
	desc := fmt.Sprintf("%s: %s picture, %d×%d px, %s", k.roots.Display(p), name, cfg.Width, cfg.Height, size(int64(len(data))))
	if max(cfg.Width, cfg.Height) <= k.MaxImageSide && int64(len(data)) <= k.MaxImageBytes {
		return tools.Result{Text: desc, Images: []llm.Image{{MediaType: mt, Data: data}}}, nil
	}
	if float64(cfg.Width)*float64(cfg.Height) > maxImagePixels {
		return tools.Result{}, fmt.Errorf("fs_read: %s is %d×%d px, too many pixels to scale down safely", k.roots.Display(p), cfg.Width, cfg.Height)
	}
	src, _, err := image.Decode(bytes.NewReader(data))
	if err != nil {
		return tools.Result{}, fmt.Errorf("fs_read: %s cannot be decoded (%v); it may be damaged", k.roots.Display(p), err)
	}
	if ctx.Err() != nil {
		return tools.Result{}, fmt.Errorf("fs_read: stopped while decoding %s: %w", k.roots.Display(p), ctx.Err())
	}
	img, err := k.shrink(src, mt)
	if err != nil {
		return tools.Result{}, fmt.Errorf("fs_read: could not scale %s down: %w", k.roots.Display(p), err)
	}
	b := img.img.Bounds()
	desc += fmt.Sprintf("; shown scaled down to %d×%d px (%s, %s)", b.Dx(), b.Dy(), strings.TrimPrefix(img.MediaType, "image/"), size(int64(len(img.Data))))
	return tools.Result{Text: desc, Images: []llm.Image{img.Image}}, nil
}

// scaled is an encoded picture and the pixels it was made from.
type scaled struct {
	llm.Image
	img image.Image
}

// shrink scales src to fit MaxImageSide and encodes it under MaxImageBytes:
// PNG for drawings and GIFs (JPEG if PNG is too big), JPEG for photos,
// halving the sides again while it is still too big.
func (k *kit) shrink(src image.Image, mt string) (scaled, error) {
	b := src.Bounds()
	side := float64(k.MaxImageSide)
	scale := min(1, side/float64(max(b.Dx(), b.Dy())))
	for range 6 {
		w, h := max(1, int(math.Round(float64(b.Dx())*scale))), max(1, int(math.Round(float64(b.Dy())*scale)))
		dst := image.NewRGBA(image.Rect(0, 0, w, h))
		draw.BiLinear.Scale(dst, dst.Bounds(), src, b, draw.Src, nil)
		out, err := k.encode(dst, mt)
		if err != nil {
			return scaled{}, err
		}
		if int64(len(out.Data)) <= k.MaxImageBytes {
			return scaled{Image: out, img: dst}, nil
		}
		scale *= 0.7
	}
	return scaled{}, fmt.Errorf("it stays over %s even when small", size(k.MaxImageBytes))
}

// encode writes img as PNG (when the source was not a photo and the PNG
// fits) or as JPEG on white.
func (k *kit) encode(img *image.RGBA, mt string) (llm.Image, error) {
	var buf bytes.Buffer
	if mt == "image/png" || mt == "image/gif" {
		if err := png.Encode(&buf, img); err != nil {
			return llm.Image{}, err
		}
		if int64(buf.Len()) <= k.MaxImageBytes {
			return llm.Image{MediaType: "image/png", Data: buf.Bytes()}, nil
		}
		buf.Reset()
	}
	flat := image.NewRGBA(img.Bounds())
	draw.Draw(flat, flat.Bounds(), image.NewUniform(color.White), image.Point{}, draw.Src)
	draw.Draw(flat, flat.Bounds(), img, img.Bounds().Min, draw.Over)
	if err := jpeg.Encode(&buf, flat, &jpeg.Options{Quality: 85}); err != nil {
		return llm.Image{}, err
	}
	return llm.Image{MediaType: "image/jpeg", Data: buf.Bytes()}, nil
}
