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

// mipChain converts an image to premultiplied RGBA, bounded by
// maxTextureSize, and builds its mip chain with a 2×2 box filter.
func mipChain(img image.Image) []*image.RGBA {
	src := toRGBA(img)
	w, h := textureSize(src.Rect.Dx(), src.Rect.Dy())
	for src.Rect.Dx() > w || src.Rect.Dy() > h {
		src = halve(src)
	}
	n := mipLevels(w, h)
	levels := make([]*image.RGBA, 0, n)
	for i := 0; i < n; i++ {
		if i > 0 {
			src = halve(src)
		}
		levels = append(levels, src)
	}
	return levels
}

// uploadTexture uploads every level of a mip chain.
func uploadTexture(levels []*image.RGBA) *texture {
	t := &texture{levels: make([]*ebiten.Image, len(levels))}
	for i, l := range levels {
		t.levels[i] = newImageFromRGBA(l)
	}
	return t
}

// newImageFromRGBA uploads pixels into an unmanaged image (off the atlas,
// so wrapping in the shader sees the texture's own edges).
func newImageFromRGBA(src *image.RGBA) *ebiten.Image {
	b := src.Rect
	img := ebiten.NewImageWithOptions(image.Rect(0, 0, b.Dx(), b.Dy()), &ebiten.NewImageOptions{Unmanaged: true})
	img.WritePixels(src.Pix)
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

// uploadTextures uploads the prepared mip chains of a model's base colour
// textures; the others (normal, metallic maps…) stay unused.
func uploadTextures(mips [][]*image.RGBA) []*texture {
	out := make([]*texture, len(mips))
	for i, m := range mips {
		if m != nil {
			out[i] = uploadTexture(m)
		}
	}
	return out
}
