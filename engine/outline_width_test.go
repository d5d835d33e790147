package engine

import (
	"image"
	"image/color"
	"testing"

	"github.com/kin-companion/kin/avatar"
)

// withWidthTexture gives every MToon material of m an outline-width
// texture made by mask(u, v), a grey level.
func withWidthTexture(m *avatar.Model, mask func(u, v float64) uint8) {
	const n = 64
	img := image.NewGray(image.Rect(0, 0, n, n))
	for y := range n {
		for x := range n {
			img.SetGray(x, y, color.Gray{mask((float64(x)+0.5)/n, (float64(y)+0.5)/n)})
		}
	}
	m.Textures = append(m.Textures, avatar.Texture{Name: "outline width", Image: img})
	for i := range m.Materials {
		if mt := m.Materials[i].MToon; mt != nil {
			mt.OutlineWidthTexture = &avatar.TextureRef{Texture: len(m.Textures) - 1, Transform: avatar.UVTransform{Scale: [2]float32{1, 1}}}
		}
	}
}

// TestOutlineWidthTexture: the outline-width texture scales the hull's
// push at each vertex — black removes the outline (the silhouette is the
// character's own), white keeps it whole, grey halves it.
func TestOutlineWidthTexture(t *testing.T) {
	bounds := func(outline string, mask func(u, v float64) uint8) image.Rectangle {
		m := mtoonModel(t, "rpm-visage-male.glb", false, [4]float32{1, 1, 1, 1}, outline, 0.03)
		if mask != nil {
			withWidthTexture(m, mask)
		}
		l := Prepare("visage", m)
		f := NewFrame(l.Scene.Pose)
		cam := l.Scene.Camera(0.75)
		f.Build(l.Scene.Pose, &cam, 300, 400)
		return f.Bounds
	}
	level := func(g uint8) func(u, v float64) uint8 { return func(u, v float64) uint8 { return g } }
	plain := bounds(avatar.OutlineNone, nil)
	whole := bounds(avatar.OutlineWorld, nil)
	for _, tc := range []struct {
		name string
		mask func(u, v float64) uint8
		want image.Rectangle
	}{
		{"black", level(0), plain},
		{"white", level(255), whole},
	} {
		if got := bounds(avatar.OutlineWorld, tc.mask); got != tc.want {
			t.Errorf("%s width texture: bounds %v, want %v (no outline %v, whole outline %v)", tc.name, got, tc.want, plain, whole)
		}
	}
	half := bounds(avatar.OutlineWorld, level(128))
	if !plain.In(half) || !half.In(whole) || half == plain || half == whole {
		t.Errorf("grey width texture: bounds %v, want between %v and %v", half, plain, whole)
	}
}

// TestGoldenMToonOutlineWidth draws the MToon visage avatar outlined
// with a wide orange outline (screen width) and an outline-width texture
// that is white on the left half of the UV square and black on the right:
// outlines only where the texture lets them.
func TestGoldenMToonOutlineWidth(t *testing.T) {
	m := mtoonModel(t, "rpm-visage-male.glb", false, [4]float32{1, 1, 1, 1}, avatar.OutlineScreen, 0.01)
	for i := range m.Materials {
		m.Materials[i].MToon.OutlineColor, m.Materials[i].MToon.OutlineLightingMix = [3]float32{1, 0.35, 0}, 0
	}
	withWidthTexture(m, func(u, v float64) uint8 {
		if u < 0.5 {
			return 255
		}
		return 0
	})
	l := Prepare("visage", m)
	checkGolden(t, "mtoon-outline-width", shot(t, l, 360, 480, 1, true, false))
}
