package engine

import (
	"image"
	"math"

	"github.com/kin-companion/kin/avatar"
)

// outlineScales samples a material's MToon outline-width texture at each
// vertex's UV (nearest texel, repeating, the texture's transform applied):
// the green channel, 0..1, scales the outline's width there, so a mask can
// thin or remove it around eyes, mouth and fingers. Nil when the material
// has no such texture, its image is not decoded or the primitive has not
// one UV per vertex (n): the width is then the same everywhere.
func outlineScales(m *avatar.Model, mat *avatar.Material, uv [][2]float32, n int) []float32 {
	if mat.MToon == nil || len(uv) != n || n == 0 {
		return nil
	}
	t := decoded(m, mat.MToon.OutlineWidthTexture)
	if t < 0 {
		return nil
	}
	img, ref := m.Textures[t].Image, mat.MToon.OutlineWidthTexture
	b := img.Bounds()
	out := make([]float32, len(uv))
	for i, c := range uv {
		c = ref.Transform.Apply(c)
		x := b.Min.X + nearestTexel(c[0], b.Dx())
		y := b.Min.Y + nearestTexel(c[1], b.Dy())
		out[i] = green(img, x, y)
	}
	return out
}

// nearestTexel is the nearest texel of coordinate u on a repeating axis of n texels.
func nearestTexel(u float32, n int) int {
	f := float64(u) - math.Floor(float64(u))
	return min(int(f*float64(n)), n-1)
}

// green is the green channel of a texel, 0..1 (un-premultiplied: a mask's
// value, whatever its alpha).
func green(img image.Image, x, y int) float32 {
	_, g, _, a := img.At(x, y).RGBA()
	if a == 0 {
		return 0
	}
	return float32(g) / float32(a)
}
