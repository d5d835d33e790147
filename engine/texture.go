package engine

import (
	"image"
	"image/draw"

	"github.com/hajimehoshi/ebiten/v2"
)

// texture is a material texture whose mip levels are built when a draw
// first needs them. Kage samples without mipmaps, so the frame builder
// picks one level per draw from the primitive's on-screen texel density;
// at kin's window sizes most draws need a level well below the full size
// (the default avatar's 1024² outfit and skin textures draw at 1/2 to 1/8
// in the full-body view), so only those levels take GPU memory.
//
// Until level 0 is needed, the texture keeps its decoded source (a JPEG's
// YCbCr planes are 1.5 bytes a pixel, against 4 for an uploaded level);
// once level 0 is on the GPU every other level derives from it and the
// source is dropped.
type texture struct {
	src    image.Image     // decoded or premultiplied source; nil once level 0 is built
	w, h   int             // level 0 size (the source capped to maxTextureSize)
	levels []*ebiten.Image // nil where not built yet
}

// newTexture wraps a decoded image. Nothing is uploaded yet.
func newTexture(img image.Image) *texture {
	b := img.Bounds()
	w, h := textureSize(b.Dx(), b.Dy())
	t := &texture{src: img, w: w, h: h, levels: make([]*ebiten.Image, mipLevels(w, h))}
	if compactBytes(img) > 4*w*h {
		t.src = baseLevel(img) // keep the smaller, capped copy instead
	}
	return t
}

// level returns mip level i, clamped to the chain, building it first when
// needed. It runs on the game loop (it uploads).
func (t *texture) level(i int) *ebiten.Image {
	i = min(max(i, 0), len(t.levels)-1)
	if t.levels[i] == nil {
		t.build(i)
	}
	return t.levels[i]
}

// build makes level i: by halving the nearest finer level on the GPU when
// one exists, otherwise from the source on the CPU.
func (t *texture) build(i int) {
	j := i - 1
	for j >= 0 && t.levels[j] == nil {
		j--
	}
	if j < 0 {
		base := baseLevel(t.src)
		for k := 0; k < i; k++ {
			base = halve(base)
		}
		t.levels[i] = newImageFromRGBA(base)
		if i == 0 {
			t.src = nil
		}
		return
	}
	for k := j + 1; k <= i; k++ {
		if t.levels[k] == nil {
			t.levels[k] = downsample(t.levels[k-1])
		}
	}
}

// downsample draws an image at half size with linear filtering, which at
// exactly half size averages 2×2 texels.
func downsample(src *ebiten.Image) *ebiten.Image {
	w, h := max(src.Bounds().Dx()/2, 1), max(src.Bounds().Dy()/2, 1)
	l := ebiten.NewImageWithOptions(image.Rect(0, 0, w, h), &ebiten.NewImageOptions{Unmanaged: true})
	op := &ebiten.DrawImageOptions{Filter: ebiten.FilterLinear, Blend: ebiten.BlendCopy}
	op.GeoM.Scale(0.5, 0.5)
	l.DrawImage(src, op)
	return l
}

// dispose frees the GPU images and the source.
func (t *texture) dispose() {
	for i, l := range t.levels {
		if l != nil {
			l.Deallocate()
			t.levels[i] = nil
		}
	}
	t.src = nil
}

// compactBytes estimates the memory an image's pixels take.
func compactBytes(img image.Image) int {
	switch m := img.(type) {
	case *image.YCbCr:
		return len(m.Y) + len(m.Cb) + len(m.Cr)
	case *image.Gray:
		return len(m.Pix)
	case *image.Paletted:
		return len(m.Pix)
	case *image.RGBA:
		return len(m.Pix)
	case *image.NRGBA:
		return len(m.Pix)
	}
	b := img.Bounds()
	return 4 * b.Dx() * b.Dy()
}

// baseLevel converts an image to premultiplied RGBA, halved until it fits
// maxTextureSize: the CPU half of a texture upload.
func baseLevel(img image.Image) *image.RGBA {
	src := toRGBA(img)
	w, h := textureSize(src.Rect.Dx(), src.Rect.Dy())
	for src.Rect.Dx() > w || src.Rect.Dy() > h {
		src = halve(src)
	}
	return src
}

// uploadRows is the height of the strips a texture is uploaded in.
// Ebitengine keeps up to 32 recent upload buffers for reuse; small strips
// keep that cache small instead of holding whole textures.
const uploadRows = 64

// newImageFromRGBA uploads pixels into an unmanaged image (off the atlas,
// so wrapping in the shader sees the texture's own edges).
func newImageFromRGBA(src *image.RGBA) *ebiten.Image {
	w, h := src.Rect.Dx(), src.Rect.Dy()
	img := ebiten.NewImageWithOptions(image.Rect(0, 0, w, h), &ebiten.NewImageOptions{Unmanaged: true})
	for y := 0; y < h; y += uploadRows {
		y1 := min(y+uploadRows, h)
		img.SubImage(image.Rect(0, y, w, y1)).(*ebiten.Image).WritePixels(src.Pix[y*src.Stride : y1*src.Stride])
	}
	return img
}

// toRGBA returns img as a tightly packed, premultiplied *image.RGBA at the
// origin.
func toRGBA(img image.Image) *image.RGBA {
	if r, ok := img.(*image.RGBA); ok && r.Rect.Min == (image.Point{}) && r.Stride == 4*r.Rect.Dx() {
		return r
	}
	b := img.Bounds()
	dst := image.NewRGBA(image.Rect(0, 0, b.Dx(), b.Dy()))
	draw.Draw(dst, dst.Rect, img, b.Min, draw.Src)
	return dst
}

// halve downsamples by two in each axis with a 2×2 box filter.
func halve(src *image.RGBA) *image.RGBA {
	w, h := max(src.Rect.Dx()/2, 1), max(src.Rect.Dy()/2, 1)
	dst := image.NewRGBA(image.Rect(0, 0, w, h))
	sw, sh := src.Rect.Dx(), src.Rect.Dy()
	for y := 0; y < h; y++ {
		y0, y1 := min(2*y, sh-1), min(2*y+1, sh-1)
		for x := 0; x < w; x++ {
			x0, x1 := min(2*x, sw-1), min(2*x+1, sw-1)
			o := dst.PixOffset(x, y)
			a, b := src.PixOffset(x0, y0), src.PixOffset(x1, y0)
			c, d := src.PixOffset(x0, y1), src.PixOffset(x1, y1)
			for k := 0; k < 4; k++ {
				s := int(src.Pix[a+k]) + int(src.Pix[b+k]) + int(src.Pix[c+k]) + int(src.Pix[d+k])
				dst.Pix[o+k] = uint8((s + 2) / 4)
			}
		}
	}
	return dst
}

// modelTextures wraps the decoded images a model's materials draw with,
// one texture per distinct image (textures sharing an image share it).
func modelTextures(imgs []image.Image, used []bool) []*texture {
	out := make([]*texture, len(imgs))
	seen := make(map[image.Image]*texture)
	for i, img := range imgs {
		if img == nil || !used[i] {
			continue
		}
		if t, ok := seen[img]; ok {
			out[i] = t
			continue
		}
		out[i] = newTexture(img)
		seen[img] = out[i]
	}
	return out
}
