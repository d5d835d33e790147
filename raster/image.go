package raster

import (
	"image"
	"math"
)

// Image is one level of a texture: premultiplied sRGB RGBA, one uint32 a
// texel with red in the low byte (the byte order of image.RGBA's Pix).
// Four bytes a texel keep a level's texels in the caches, which decides
// how fast a pixel samples.
type Image struct {
	W, H int
	Pix  []uint32
}

// NewImage copies w×h texels of premultiplied sRGB RGBA bytes
// (image.RGBA's Pix, tightly packed) into an Image.
func NewImage(w, h int, pix []byte) *Image {
	img := &Image{W: w, H: h, Pix: make([]uint32, w*h)}
	for i := range img.Pix {
		p := pix[4*i : 4*i+4]
		img.Pix[i] = uint32(p[0]) | uint32(p[1])<<8 | uint32(p[2])<<16 | uint32(p[3])<<24
	}
	return img
}

// RGBA copies the texels back into an image.RGBA (premultiplied).
func (img *Image) RGBA() *image.RGBA {
	out := image.NewRGBA(image.Rect(0, 0, img.W, img.H))
	for i, p := range img.Pix {
		out.Pix[4*i], out.Pix[4*i+1], out.Pix[4*i+2], out.Pix[4*i+3] = byte(p), byte(p>>8), byte(p>>16), byte(p>>24)
	}
	return out
}

// Wrap is a glTF wrap mode.
type Wrap uint8

// The glTF wrap modes, numbered as avatar.Wrap numbers them.
const (
	Repeat Wrap = iota
	Clamp
	Mirror
)

// Sampler is how a material reads its textures.
type Sampler struct {
	Nearest      bool
	WrapS, WrapT Wrap
}

// texel is a filtered texel: premultiplied sRGB RGBA, each channel in
// [0, 1].
type texel = [4]float32

// wrap1 applies a wrap mode to an integer texel coordinate.
func wrap1(i, size int, m Wrap) int {
	switch m {
	case Clamp:
		return min(max(i, 0), size-1)
	case Mirror:
		p := 2 * size
		k := i % p
		if k < 0 {
			k += p
		}
		return min(k, p-1-k)
	}
	k := i % size
	if k < 0 {
		k += size
	}
	return k
}

// floorInt is ⌊x⌋ for the texel coordinates a sampler meets (a NaN or a
// huge coordinate lands somewhere in the texture, never outside it).
func floorInt(x float32) int {
	if !(x > -floorRange && x < floorRange) {
		return 0
	}
	// Truncating a positive number floors it; R + x is exact in float64.
	return int(floorRange+float64(x)) - floorRange
}

const floorRange = 1 << 30

// sample filters img at uv as shaders/common.kage's sampleTex does: texel
// centres at half-integers, bilinear (or nearest) with the sampler's wrap.
func (s *Sampler) sample(img *Image, u, v float32) texel {
	px, py := u*float32(img.W)-0.5, v*float32(img.H)-0.5
	if s.Nearest {
		x, y := wrap1(floorInt(px+0.5), img.W, s.WrapS), wrap1(floorInt(py+0.5), img.H, s.WrapT)
		return unpack(img.Pix[y*img.W+x])
	}
	ix, iy := floorInt(px), floorInt(py)
	fx, fy := px-float32(ix), py-float32(iy)
	x0, x1 := wrapPair(ix, img.W, s.WrapS)
	y0, y1 := wrapPair(iy, img.H, s.WrapT)
	r0, r1 := img.Pix[y0*img.W:], img.Pix[y1*img.W:]
	a, b, c, d := r0[x0], r0[x1], r1[x0], r1[x1]
	const k = 1.0 / 255
	w00, w10, w01, w11 := (1-fx)*(1-fy)*k, fx*(1-fy)*k, (1-fx)*fy*k, fx*fy*k
	ch := func(s uint) float32 {
		return float32(a>>s&255)*w00 + float32(b>>s&255)*w10 + float32(c>>s&255)*w01 + float32(d>>s&255)*w11
	}
	return texel{ch(0), ch(8), ch(16), ch(24)}
}

// unpack is one texel's channels in [0, 1].
func unpack(p uint32) texel {
	const k = 1.0 / 255
	return texel{float32(p&255) * k, float32(p>>8&255) * k, float32(p>>16&255) * k, float32(p>>24) * k}
}

// wrapPair wraps texel coordinate i and the next one.
func wrapPair(i, size int, m Wrap) (int, int) {
	if m == Repeat && i >= 0 && i+1 < size {
		return i, i + 1
	}
	return wrap1(i, size, m), wrap1(i+1, size, m)
}

// toLinearLUT decodes gamma 2.2 (as the shaders do) by linear
// interpolation in a table of lutSize+1 points.
const lutSize = 4096

var toLinearLUT [lutSize + 2]float32

func init() {
	for i := range toLinearLUT {
		toLinearLUT[i] = float32(math.Pow(min(float64(i)/lutSize, 1), 2.2))
	}
}

// toLinear decodes gamma 2.2; x is clamped to [0, 1].
func toLinear(x float32) float32 {
	if !(x > 0) {
		return 0
	}
	if x >= 1 {
		return 1
	}
	p := x * lutSize
	i := int(p)
	f := p - float32(i)
	return toLinearLUT[i] + (toLinearLUT[i+1]-toLinearLUT[i])*f
}

// output is the last step of the colour shader as a table: a linear
// colour channel, times the exposure, tone-mapped (the shaders' filmic
// curve, ACES fit by Narkowicz), encoded with gamma 1/2.2 and written as a
// byte. The table covers exposed values up to outRange in steps of
// 1/outSteps; the curve is flat beyond (tonemap(16) rounds to 255).
type output struct {
	scale float32 // the exposure · outSteps
	built bool
	// t is held in place, not behind a pointer: a fragment reads it three
	// times, each a pointer load and nil test fewer.
	t [outLen]byte
}

const (
	outSteps = 4096
	outRange = 16
	outLen   = outSteps*outRange + 1
)

// set readies the table for an exposure: the table, of exposed values,
// is built once; the exposure scales the channels that index it.
func (o *output) set(exposure float32) {
	o.scale = exposure * outSteps
	if o.built {
		return
	}
	for i := range o.t {
		x := float64(i) / outSteps
		c := (x * (2.51*x + 0.03)) / (x*(2.43*x+0.59) + 0.14)
		o.t[i] = byte(math.Round(math.Pow(min(max(c, 0), 1), 1/2.2) * 255))
	}
	o.built = true
}

// byteOf is the byte a linear channel value c is written as.
func (o *output) byteOf(c float32) byte {
	x := c*o.scale + 0.5
	// One test for the usual case. int(x) of a NaN or of a number beyond
	// int's range is some int the machine chooses (amd64: the lowest;
	// arm64: 0 or the nearest end), never one in range but 0, whose byte
	// is 0 as well.
	if i := int(x); uint(i) < outLen-1 {
		return o.t[i]
	}
	if x > 0 {
		return o.t[outLen-1]
	}
	return 0
}
