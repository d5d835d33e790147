package engine

import (
	"image"
	"image/color"
	"math"
	"testing"

	"github.com/kin-companion/kin/avatar"
	"github.com/kin-companion/kin/shaders"
)

// testMToon is an MToon look in the range VRoid exports: a warm shade, a
// fairly hard ramp shifted toward the light, a cool rim.
func testMToon(shadeTex, matcap *avatar.TextureRef) *avatar.MToon {
	return &avatar.MToon{
		ShadeColor: [3]float32{0.45, 0.3, 0.38}, ShadeTexture: shadeTex,
		ShadingShift: -0.1, ShadingToony: 0.9, GIEqualization: 0.9,
		RimColor: [3]float32{0.25, 0.3, 0.45}, RimFresnelPower: 3, RimLift: 0.05, RimLightingMix: 0.5,
		MatcapFactor: [3]float32{1, 1, 1}, MatcapTexture: matcap,
		OutlineMode: avatar.OutlineNone,
	}
}

// loadMToon loads a shared model and makes every material MToon (none of
// ../shared/assets has MToon materials of its own), their base colours
// multiplied by tint, outlined in outline mode at width. With matcap, a MatCap
// texture (a lit sphere, made here) is added; the shade texture is the
// base colour texture, as in VRoid's exports.
func loadMToon(t *testing.T, name string, matcap bool, tint [4]float32, outline string, width float32) *Loaded {
	t.Helper()
	return Prepare(name, mtoonModel(t, name, matcap, tint, outline, width))
}

// mtoonModel is loadMToon's model before it is prepared.
func mtoonModel(t *testing.T, name string, matcap bool, tint [4]float32, outline string, width float32) *avatar.Model {
	t.Helper()
	m := loadModel(t, name)
	var mc *avatar.TextureRef
	if matcap {
		m.Textures = append(m.Textures, avatar.Texture{Name: "matcap", Image: matcapImage(64)})
		mc = &avatar.TextureRef{Texture: len(m.Textures) - 1, Transform: avatar.UVTransform{Scale: [2]float32{1, 1}}}
	}
	for i := range m.Materials {
		mat := &m.Materials[i]
		mat.Toon, mat.Unlit = true, false
		mat.MToon = testMToon(mat.BaseColorTexture, mc)
		mat.MToon.MatcapFactor = [3]float32{0.35, 0.35, 0.35}
		mat.MToon.OutlineMode, mat.MToon.OutlineWidth = outline, width
		mat.MToon.OutlineColor, mat.MToon.OutlineLightingMix = [3]float32{0.05, 0.03, 0.04}, 0.5
		for k := range mat.BaseColor {
			mat.BaseColor[k] *= tint[k]
		}
	}
	return m
}

// matcapImage is a dim sphere with a highlight at its upper left: what a
// MatCap texture looks like.
func matcapImage(n int) *image.RGBA {
	img := image.NewRGBA(image.Rect(0, 0, n, n))
	for y := range n {
		for x := range n {
			dx, dy := 2*(float64(x)+0.5)/float64(n)-1, 2*(float64(y)+0.5)/float64(n)-1
			h := math.Max(0, 1-math.Hypot(dx+0.35, dy+0.35)*2.2)
			v := uint8(math.Min(255, 30+200*h*h))
			img.SetRGBA(x, y, color.RGBA{v, v, v, 255})
		}
	}
	return img
}

// TestGoldenMToon draws VRM characters with MToon materials: the VRM 1.0
// sample untextured (shade colour, ramp, rim) and the textured avatar
// whose shade texture is its base colour texture, with a MatCap; both
// outlined (in metres, then as a fraction of the screen's height).
func TestGoldenMToon(t *testing.T) {
	l := loadMToon(t, "vrm1-blenderaddon-Example.vrm", false, [4]float32{0.85, 0.6, 0.45, 1}, avatar.OutlineWorld, 0.01)
	l.Scene.Orbit = Orbit{Yaw: 1.1, Pitch: 0.2, Zoom: 1}
	checkGolden(t, "mtoon-vrm1", shot(t, l, 240, 360, 1, false, false))
	l = loadMToon(t, "rpm-visage-male.glb", true, [4]float32{1, 1, 1, 1}, avatar.OutlineScreen, 0.004)
	checkGolden(t, "mtoon-visage", shot(t, l, 360, 480, 1, true, false))
}

// TestMToonFeatures: an MToon material picks the MToon variant and binds
// one MToon texture beside its emissive one — its own shade texture
// first, then the MatCap; a shade texture that is the base colour texture
// costs no slot; a material without MToon compiles none of it.
func TestMToonFeatures(t *testing.T) {
	img := image.NewRGBA(image.Rect(0, 0, 4, 4))
	m := &avatar.Model{Textures: []avatar.Texture{{Image: img}, {Image: img}, {Image: img}, {}}}
	ref := func(i int) *avatar.TextureRef { return &avatar.TextureRef{Texture: i} }
	tests := []struct {
		name    string
		mat     avatar.Material
		wantAux int
		want    shaders.Features
	}{
		{"plain toon", avatar.Material{Toon: true, BaseColorTexture: ref(0)}, -1,
			shaders.Features{Textured: true, Toon: true}},
		{"shade is base", avatar.Material{Toon: true, BaseColorTexture: ref(0), MToon: testMToon(ref(0), nil)}, -1,
			shaders.Features{Textured: true, MToon: true, ShadeTex: 1, ToonRim: true}},
		{"own shade", avatar.Material{Toon: true, BaseColorTexture: ref(0), MToon: testMToon(ref(1), ref(2))}, 1,
			shaders.Features{Textured: true, MToon: true, ShadeTex: 2, ToonRim: true}},
		{"matcap", avatar.Material{Toon: true, MToon: testMToon(nil, ref(2))}, 2,
			shaders.Features{MToon: true, Matcap: true, ToonRim: true}},
		{"emissive beside shade", avatar.Material{Toon: true, EmissiveTexture: ref(2), MToon: testMToon(ref(1), ref(2))}, 1,
			shaders.Features{MToon: true, EmissiveTex: true, ShadeTex: 2, ToonRim: true}},
		{"undecoded shade", avatar.Material{Toon: true, MToon: testMToon(ref(3), nil)}, -1,
			shaders.Features{MToon: true, ToonRim: true}},
	}
	for _, tc := range tests {
		base := baseTexture(m, &tc.mat)
		aux, kind := auxTexture(m, &tc.mat, base)
		got := materialFeatures(m, &tc.mat, base, emissiveTexture(m, &tc.mat), aux, kind)
		if aux != tc.wantAux || got != tc.want {
			t.Errorf("%s: aux %d, features %+v; want %d, %+v", tc.name, aux, got, tc.wantAux, tc.want)
		}
	}
}

// TestOutlineHull: an opaque MToon material with an outline gets an
// inverted hull drawn after its primitive, which widens the character's
// silhouette; cut-out and blended materials and a zero width get none.
func TestOutlineHull(t *testing.T) {
	for _, tc := range []struct {
		mode  avatar.AlphaMode
		width float32
		want  bool
	}{{avatar.AlphaOpaque, 0.01, true}, {avatar.AlphaMask, 0.01, false}, {avatar.AlphaBlend, 0.01, false}, {avatar.AlphaOpaque, 0, false}} {
		mat := avatar.Material{Toon: true, AlphaMode: tc.mode, MToon: testMToon(nil, nil)}
		mat.MToon.OutlineMode, mat.MToon.OutlineWidth = avatar.OutlineWorld, tc.width
		if _, ok := outlineHull(primInfo{}, &mat); ok != tc.want {
			t.Errorf("alpha mode %v, width %v: hull %v, want %v", tc.mode, tc.width, ok, tc.want)
		}
	}
	bounds := func(outline string) (image.Rectangle, int) {
		l := loadMToon(t, "vrm1-blenderaddon-Example.vrm", false, [4]float32{1, 1, 1, 1}, outline, 0.02)
		f := NewFrame(l.Scene.Pose)
		cam := l.Scene.Camera(0.75)
		f.Build(l.Scene.Pose, &cam, 300, 400)
		n := 0
		for _, d := range f.Draws {
			if d.Outline {
				n++
			}
		}
		return f.Bounds, n
	}
	plain, n0 := bounds(avatar.OutlineNone)
	hull, n1 := bounds(avatar.OutlineWorld)
	if n0 != 0 || n1 == 0 || !plain.In(hull) || hull == plain {
		t.Errorf("outline draws %d → %d, bounds %v → %v: want draws and a wider silhouette", n0, n1, plain, hull)
	}
}
