package engine

import (
	"image"
	"image/draw"

	"github.com/hajimehoshi/ebiten/v2"
)

// texture is a base colour texture uploaded with its mip chain. Kage
// samples without mipmaps, so the frame builder picks one level per draw
// from the primitive's on-screen texel density.
type texture struct {
	levels []*ebiten.Image
}

// level returns mip level i, clamped to the chain.
func (t *texture) level(i int) *ebiten.Image {
	return t.levels[min(max(i, 0), len(t.levels)-1)]
}

// dispose frees the GPU images.
func (t *texture) dispose() {
	for _, l := range t.levels {
		l.Deallocate()
	}
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

// uploadTexture uploads a base level and builds the mip chain on the GPU:
// each level is the previous one drawn at half size with linear filtering,
// which at exactly half size averages 2×2 texels.
func uploadTexture(base *image.RGBA) *texture {
	w, h := base.Rect.Dx(), base.Rect.Dy()
	n := mipLevels(w, h)
	t := &texture{levels: make([]*ebiten.Image, n)}
	t.levels[0] = newImageFromRGBA(base)
	for i := 1; i < n; i++ {
		w, h = max(w/2, 1), max(h/2, 1)
		l := ebiten.NewImageWithOptions(image.Rect(0, 0, w, h), &ebiten.NewImageOptions{Unmanaged: true})
		op := &ebiten.DrawImageOptions{Filter: ebiten.FilterLinear, Blend: ebiten.BlendCopy}
		op.GeoM.Scale(0.5, 0.5)
		l.DrawImage(t.levels[i-1], op)
		t.levels[i] = l
	}
	return t
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

// uploadTextures uploads the prepared base levels of a model's base colour
// textures; the others (normal, metallic maps…) stay unused.
func uploadTextures(bases []*image.RGBA) []*texture {
	out := make([]*texture, len(bases))
	for i, b := range bases {
		if b != nil {
			out[i] = uploadTexture(b)
		}
	}
	return out
}
