package engine

import (
	"image"
	"image/color"
	"testing"

	"github.com/kin-companion/kin/avatar"
)

// cardModel is a quad facing the camera whose texture is see-through on
// its left half, like a hair card, in the given alpha mode.
func cardModel(mode avatar.AlphaMode) *avatar.Model {
	img := image.NewNRGBA(image.Rect(0, 0, 64, 64))
	for y := range 64 {
		for x := range 64 {
			a := uint8(255)
			if x < 32 {
				a = 0
			}
			img.SetNRGBA(x, y, color.NRGBA{200, 150, 100, a})
		}
	}
	m := &avatar.Model{Name: "card", Textures: []avatar.Texture{{Image: img, Sampler: avatar.Sampler{WrapS: avatar.WrapClamp, WrapT: avatar.WrapClamp}}}}
	m.Materials = []avatar.Material{{BaseColor: [4]float32{1, 1, 1, 1}, AlphaMode: mode, AlphaCutoff: 0.5,
		BaseColorTexture: &avatar.TextureRef{Texture: 0, Transform: avatar.UVTransform{Scale: [2]float32{1, 1}}}}}
	(&sceneBuilder{m: m}).card(0)
	return m
}

// TestAlphaHit: the overlay's click test passes through the see-through
// half of a masked or blended card and catches the solid half; an opaque
// material's triangles count wherever they are.
func TestAlphaHit(t *testing.T) {
	for _, c := range []struct {
		name      string
		mode      avatar.AlphaMode
		leftCatch bool
	}{{"mask", avatar.AlphaMask, false}, {"blend", avatar.AlphaBlend, false}, {"opaque", avatar.AlphaOpaque, true}} {
		t.Run(c.name, func(t *testing.T) {
			l := Prepare("card", cardModel(c.mode))
			r, mesh, _ := drawOnce(t, l, l.Scene.Camera(1), 200, 200, nil)
			b := mesh.Frame.Bounds
			y := (b.Min.Y + b.Max.Y) / 2
			left, right := b.Min.X+b.Dx()/4, b.Max.X-b.Dx()/4
			if got := r.Hit(mesh, left, y); got != c.leftCatch {
				t.Errorf("see-through half (%d,%d): hit %v, want %v", left, y, got, c.leftCatch)
			}
			if !r.Hit(mesh, right, y) {
				t.Errorf("solid half (%d,%d): no hit", right, y)
			}
			if r.Hit(mesh, 2, 2) {
				t.Error("a corner off the card hits it")
			}
		})
	}
}

// TestWrapIndex: texture coordinates map to texels as the sampler wraps.
func TestWrapIndex(t *testing.T) {
	cases := []struct {
		c    float32
		w    avatar.Wrap
		want int
	}{{0.5, avatar.WrapRepeat, 5}, {1.25, avatar.WrapRepeat, 2}, {-0.25, avatar.WrapRepeat, 7}, {1.5, avatar.WrapClamp, 9},
		{-1, avatar.WrapClamp, 0}, {1.25, avatar.WrapMirror, 7}, {-0.25, avatar.WrapMirror, 2}}
	for _, c := range cases {
		if got := wrapIndex(c.c, 10, c.w); got != c.want {
			t.Errorf("wrapIndex(%v, 10, %v) = %d, want %d", c.c, c.w, got, c.want)
		}
	}
}
