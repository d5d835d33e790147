package avatar

import (
	"bytes"
	"errors"
	"image/color"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// texturedGLB is a one-triangle GLB whose material draws image files
// (stored in the binary chunk, each with a mime type) through textures
// built by texture(i); material and doc extras are merged in.
func texturedGLB(t *testing.T, images [][2]string, texture func(i int) map[string]any, material, extra map[string]any) []byte {
	g := &glbBuilder{}
	pos := g.accessor(g.view(le32s(0, 0, 0, 1, 0, 0, 0, 1, 0), nil), cFloat, 3, "VEC3", false)
	var imgs, texs []any
	for i, im := range images {
		data, err := os.ReadFile(filepath.Join("testdata", im[0]))
		if err != nil {
			t.Fatal(err)
		}
		imgs = append(imgs, map[string]any{"bufferView": g.view(data, nil), "mimeType": im[1]})
		texs = append(texs, texture(i))
	}
	mat := map[string]any{"pbrMetallicRoughness": map[string]any{"baseColorTexture": map[string]any{"index": 0}}}
	for k, v := range material {
		mat[k] = v
	}
	doc := map[string]any{
		"images": imgs, "textures": texs, "materials": []any{mat},
		"meshes": []any{map[string]any{"primitives": []any{map[string]any{"attributes": map[string]int{"POSITION": pos}, "material": 0}}}},
		"nodes":  []any{map[string]any{"mesh": 0}},
	}
	for k, v := range extra {
		doc[k] = v
	}
	return g.glb(t, doc)
}

// TestWebPTextures decodes lossy and lossless WebP textures given by
// EXT_texture_webp, alone (required) or beside a fallback image.
// quad-*.webp are an 8x4 image, red on the left half and blue on the
// right, made with cwebp from a PNG.
func TestWebPTextures(t *testing.T) {
	webpOnly := func(i int) map[string]any {
		return map[string]any{"extensions": map[string]any{"EXT_texture_webp": map[string]any{"source": i}}}
	}
	withFallback := func(i int) map[string]any { // image 0, a 2x2 PNG, is the fallback the WebP replaces
		return map[string]any{"source": 0, "extensions": map[string]any{"EXT_texture_webp": map[string]any{"source": 1}}}
	}
	required := map[string]any{"extensionsUsed": []string{"EXT_texture_webp"}, "extensionsRequired": []string{"EXT_texture_webp"}}
	cases := []struct {
		name    string
		images  [][2]string
		texture func(int) map[string]any
		extra   map[string]any
		lossy   bool
	}{
		{"lossless", [][2]string{{"quad-lossless.webp", "image/webp"}}, webpOnly, required, false},
		{"lossy", [][2]string{{"quad-lossy.webp", "image/webp"}}, webpOnly, required, true},
		{"with fallback", [][2]string{{"decoy-2x2.png", "image/png"}, {"quad-lossless.webp", "image/webp"}}, withFallback, nil, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			m, err := LoadReader(bytes.NewReader(texturedGLB(t, c.images, c.texture, nil, c.extra)), "webp.glb")
			if err != nil {
				t.Fatal(err)
			}
			img := m.Textures[0].Image
			if img == nil {
				t.Fatalf("texture not decoded; warnings %v", m.Warnings)
			}
			if b := img.Bounds(); b.Dx() != 8 || b.Dy() != 4 {
				t.Fatalf("image is %v, want 8x4", b)
			}
			tol := uint8(0)
			if c.lossy {
				tol = 40
			}
			for _, p := range []struct {
				x    int
				want color.RGBA
			}{{1, color.RGBA{255, 0, 0, 255}}, {6, color.RGBA{0, 0, 255, 255}}} {
				got := color.RGBAModel.Convert(img.At(p.x, 2)).(color.RGBA)
				if !nearColor(got, p.want, tol) {
					t.Errorf("pixel %d,2 is %v, want %v", p.x, got, p.want)
				}
			}
		})
	}
}

func nearColor(a, b color.RGBA, tol uint8) bool {
	d := func(x, y uint8) uint8 { return max(x, y) - min(x, y) }
	return d(a.R, b.R) <= tol && d(a.G, b.G) <= tol && d(a.B, b.B) <= tol && d(a.A, b.A) <= tol
}

// TestEmissiveStrength multiplies the emissive factor by
// KHR_materials_emissive_strength.
func TestEmissiveStrength(t *testing.T) {
	tex := func(int) map[string]any { return map[string]any{"source": 0} }
	images := [][2]string{{"quad-lossless.webp", "image/webp"}}
	cases := []struct {
		name string
		mat  map[string]any
		want [3]float32
	}{
		{"none", map[string]any{"emissiveFactor": []float64{1, 0.5, 0}}, [3]float32{1, 0.5, 0}},
		{"strength 4", map[string]any{"emissiveFactor": []float64{1, 0.5, 0},
			"extensions": map[string]any{"KHR_materials_emissive_strength": map[string]any{"emissiveStrength": 4}}}, [3]float32{4, 2, 0}},
		{"default strength", map[string]any{"emissiveFactor": []float64{1, 0.5, 0},
			"extensions": map[string]any{"KHR_materials_emissive_strength": map[string]any{}}}, [3]float32{1, 0.5, 0}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			m, err := LoadReader(bytes.NewReader(texturedGLB(t, images, tex, c.mat, nil)), "glow.glb")
			if err != nil {
				t.Fatal(err)
			}
			if got := m.Materials[0].Emissive; got != c.want {
				t.Errorf("emissive %v, want %v", got, c.want)
			}
		})
	}
}

// TestUnsupportedAssets: real files that require an extension kin cannot
// decode are refused with the extension's name and a way to convert them.
func TestUnsupportedAssets(t *testing.T) {
	cases := map[string][]string{
		"Box_Draco.glb":                     {"KHR_draco_mesh_compression", "Draco", "gltf-transform", "gltfpack -cc"},
		"TextureVariants-Embedded-KTX.gltf": {"KHR_texture_basisu", "KTX2", "PNG or JPEG"},
	}
	for name, want := range cases {
		_, err := Load(sharedAsset(t, name))
		if !errors.Is(err, ErrUnsupportedExtension) {
			t.Fatalf("%s: %v, want ErrUnsupportedExtension", name, err)
		}
		for _, w := range want {
			if !strings.Contains(err.Error(), w) {
				t.Errorf("%s: error %q does not mention %q", name, err, w)
			}
		}
	}
}

// TestUsedExtensionsWarn: an extension a file uses but does not require,
// and that kin ignores, is a warning; one kin reads is not.
func TestUsedExtensionsWarn(t *testing.T) {
	tex := func(int) map[string]any { return map[string]any{"source": 0} }
	extra := map[string]any{"extensionsUsed": []string{"KHR_draco_mesh_compression", "KHR_materials_emissive_strength", "EXT_lights_image_based"}}
	m, err := LoadReader(bytes.NewReader(texturedGLB(t, [][2]string{{"quad-lossless.webp", "image/webp"}}, tex, nil, extra)), "used.glb")
	if err != nil {
		t.Fatal(err)
	}
	all := strings.Join(m.Warnings, "\n")
	for _, w := range []string{"KHR_draco_mesh_compression", "EXT_lights_image_based"} {
		if !strings.Contains(all, "extension "+w) {
			t.Errorf("no warning about %s in %q", w, all)
		}
	}
	if strings.Contains(all, "emissive_strength") {
		t.Errorf("warned about an extension kin reads: %q", all)
	}
}
