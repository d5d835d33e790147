package engine

import (
	"image"
	"image/draw"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/kin-companion/kin/avatar"
	"github.com/kin-companion/kin/raster"
)

// texture is a material texture whose mip levels are built when a draw
// first needs them. Kage samples without mipmaps, so the frame builder
// picks one level per draw from the primitive's on-screen texel density;
// at kin's window sizes most draws need a level well below the full size
// (the default avatar's 1024² outfit and skin textures draw at 1/2 to 1/8
// in the full-body view), so only those levels take GPU memory.
//
// A level is built from the nearest finer level on the GPU, or else from
// the decoded source on the CPU. Once level 0 is on the GPU the source is
// dropped. When the texture has its image file, [texture.drop] lets the
// source go earlier (a decoded 2048² PNG is 16 MB, its file a few): a
// level needed later is then decoded again from the file, off the game
// loop, while draws use the nearest coarser level.
type texture struct {
	src      image.Image      // decoded source; nil once level 0 is built or after drop
	file     []byte           // the image file to decode again; nil when there is none
	w, h     int              // level 0 size (the source capped to maxTextureSize)
	levels   []*ebiten.Image  // nil where not built yet
	cpu      []*raster.Image  // the levels the CPU renderer drew with (see cpuLevel)
	decoding chan image.Image // receives the decoded file; nil when no decode runs
}

// newTexture wraps a decoded image and, when known, the file it came from.
// Nothing is uploaded yet.
func newTexture(img image.Image, file []byte) *texture {
	b := img.Bounds()
	w, h := textureSize(b.Dx(), b.Dy())
	t := &texture{file: file, w: w, h: h, levels: make([]*ebiten.Image, mipLevels(w, h))}
	t.src = t.source(img)
	return t
}

// source is what the texture keeps of a decoded image: the image itself
// or, when that is larger, its capped premultiplied copy.
func (t *texture) source(img image.Image) image.Image {
	if compactBytes(img) > 4*t.w*t.h {
		return baseLevel(img)
	}
	return img
}

// level returns mip level i, clamped to the chain, building it first when
// needed. It runs on the game loop (it uploads).
func (t *texture) level(i int) *ebiten.Image {
	i = min(max(i, 0), len(t.levels)-1)
	if t.levels[i] != nil {
		return t.levels[i]
	}
	if finer(t.levels, i) < 0 {
		if c := coarser(t.levels, i); !t.sourceReady(c != nil) {
			return c
		}
	}
	t.build(i)
	return t.levels[i]
}

// sourceReady readies the decoded source for building a level that no
// finer level can be halved into. When it was dropped and a coarser level
// can be drawn meanwhile, the file is decoded off the game loop and
// sourceReady reports false until it is done.
func (t *texture) sourceReady(coarser bool) bool {
	if t.src != nil {
		return true
	}
	if coarser && t.file != nil && !t.decodeDone() {
		return false
	}
	if t.src == nil {
		t.decodeNow()
	}
	return true
}

// finer returns the nearest built level finer than i, or -1.
func finer[T any](levels []*T, i int) int {
	j := i - 1
	for j >= 0 && levels[j] == nil {
		j--
	}
	return j
}

// coarser returns the nearest built level coarser than i, or nil.
func coarser[T any](levels []*T, i int) *T {
	for _, l := range levels[i+1:] {
		if l != nil {
			return l
		}
	}
	return nil
}

// decodeDone starts decoding the file in a goroutine unless one runs, and
// reports whether a decode has finished, making its image the source. The
// call that starts a decode always reports false (the coarser level is
// drawn this frame, whatever the scheduler does).
func (t *texture) decodeDone() bool {
	if t.decoding == nil {
		ch := make(chan image.Image, 1)
		t.decoding = ch
		go func(file []byte) {
			img, err := avatar.DecodeImage(file, "")
			if err != nil {
				img = nil
			}
			ch <- img
		}(t.file)
		return false
	}
	select {
	case img := <-t.decoding:
		t.decoding = nil
		t.adoptDecoded(img)
		return true
	default:
		return false
	}
}

// decodeNow decodes the file on the calling goroutine: for a level with
// nothing coarser to show meanwhile.
func (t *texture) decodeNow() {
	if t.decoding != nil {
		t.adoptDecoded(<-t.decoding)
		t.decoding = nil
		return
	}
	img, err := avatar.DecodeImage(t.file, "")
	if err != nil {
		img = nil
	}
	t.adoptDecoded(img)
}

// adoptDecoded makes a decoded file the source. The file decoded when the
// model loaded, so a failure now is memory running out: the texture then
// keeps a white texel rather than stopping the frame, and stops decoding.
func (t *texture) adoptDecoded(img image.Image) {
	if img == nil {
		t.file = nil
		white := image.NewRGBA(image.Rect(0, 0, 1, 1))
		copy(white.Pix, []byte{255, 255, 255, 255})
		img = white
	}
	t.src = t.source(img)
}

// drop lets the decoded source go when the file can bring it back,
// reporting whether it did. The game calls it once levels settle.
func (t *texture) drop() bool {
	if t.src == nil || t.file == nil || t.decoding != nil {
		return false
	}
	t.src = nil
	return true
}

// build makes level i: by halving the nearest finer level on the GPU when
// one exists, otherwise from the source on the CPU.
func (t *texture) build(i int) {
	j := finer(t.levels, i)
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
	t.src, t.file, t.cpu = nil, nil, nil
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
func modelTextures(texs []avatar.Texture, used []bool) []*texture {
	out := make([]*texture, len(texs))
	seen := make(map[image.Image]*texture)
	for i, tex := range texs {
		img := tex.Image
		if img == nil || !used[i] {
			continue
		}
		if t, ok := seen[img]; ok {
			out[i] = t
			continue
		}
		out[i] = newTexture(img, tex.Data)
		seen[img] = out[i]
	}
	return out
}
