package engine

import (
	"image"
	"image/color"
	"testing"

	"github.com/kin-companion/kin/avatar"
)

// emissiveModel is a dark, lit quad whose emissive texture is a 2×2 of
// red, green, blue and white, nearest-filtered so each quarter is flat.
func emissiveModel() *avatar.Model {
	img := image.NewNRGBA(image.Rect(0, 0, 2, 2))
	img.Set(0, 0, color.NRGBA{255, 0, 0, 255})
	img.Set(1, 0, color.NRGBA{0, 255, 0, 255})
	img.Set(0, 1, color.NRGBA{0, 0, 255, 255})
	img.Set(1, 1, color.NRGBA{255, 255, 255, 255})
	m := &avatar.Model{Name: "emissive", Textures: []avatar.Texture{{Image: img, Sampler: avatar.Sampler{WrapS: avatar.WrapClamp, WrapT: avatar.WrapClamp, Nearest: true}}}}
	m.Materials = []avatar.Material{{BaseColor: [4]float32{0.02, 0.02, 0.02, 1}, AlphaCutoff: 0.5, Emissive: [3]float32{1, 1, 1},
		EmissiveTexture: &avatar.TextureRef{Texture: 0, Transform: avatar.UVTransform{Scale: [2]float32{1, 1}}}}}
	(&sceneBuilder{m: m}).card(0)
	return m
}

// TestEmissiveTexture: the emissive texture lights the quad's quarters in
// their own colours over a near-black base.
func TestEmissiveTexture(t *testing.T) {
	img := shot(t, Prepare("emissive", emissiveModel()), 200, 200, 1, false, false)
	checkGolden(t, "emissive", img)
	for _, c := range []struct {
		x, y    int
		r, g, b bool // which channels must be bright
	}{{70, 70, true, false, false}, {130, 70, false, true, false}, {70, 130, false, false, true}, {130, 130, true, true, true}} {
		px := img.RGBAAt(c.x, c.y)
		bright := func(v uint8) bool { return v > 150 }
		if bright(px.R) != c.r || bright(px.G) != c.g || bright(px.B) != c.b {
			t.Errorf("pixel (%d,%d) = %v", c.x, c.y, px)
		}
	}
}
