package doctor

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/kin-companion/kin/avatar"
)

// Textures is what became of the file's textures.
type Textures struct {
	// Decoded counts the textures kin draws (base colour and emissive)
	// whose image decoded.
	Decoded int `json:"decoded"`
	// NotDrawn counts textures kin leaves undecoded because it does not
	// draw their slot (normal, metallic-roughness, occlusion maps).
	NotDrawn int `json:"notDrawn"`
	// Failed lists drawn textures kin could not decode; they show blank.
	Failed []TextureFailure `json:"failed"`
}

// TextureFailure is one texture kin could not show.
type TextureFailure struct {
	Texture int    `json:"texture"`
	Name    string `json:"name"`
	Reason  string `json:"reason"` // plain words
	Detail  string `json:"detail"` // the loader's own message
}

// Materials counts the file's materials by how kin draws them.
type Materials struct {
	Count   int `json:"count"`
	Toon    int `json:"toon"`    // MToon (VRM)
	Unlit   int `json:"unlit"`   // KHR_materials_unlit or a VRM unlit shader
	Blended int `json:"blended"` // alpha BLEND, drawn back to front
}

var (
	imageWarning   = regexp.MustCompile(`^image (\d+): (.*) \(texture left blank\)$`)
	textureWarning = regexp.MustCompile(`^texture (\d+) \(.*\): (no image kin can decode.*)$`)
)

// checkTextures fills r.Textures and r.Materials and reports textures that
// will show blank.
func (r *Report) checkTextures(m *avatar.Model, h *header) {
	imageWhy, textureWhy := decodeWarnings(m.Warnings)
	drawn := drawnTextures(m)
	for i, t := range m.Textures {
		switch {
		case !drawn[i]:
			r.Textures.NotDrawn++
		case t.Image != nil:
			r.Textures.Decoded++
		default:
			detail := textureWhy[i]
			if img := h.textureImage(i); img >= 0 && imageWhy[img] != "" {
				detail = imageWhy[img]
			}
			r.textureFailed(i, t.Name, detail, h)
		}
	}
	r.Materials = Materials{Count: len(m.Materials)}
	for _, mat := range m.Materials {
		r.Materials.Toon += b2i(mat.Toon)
		r.Materials.Unlit += b2i(mat.Unlit)
		r.Materials.Blended += b2i(mat.AlphaMode == avatar.AlphaBlend)
	}
}

// decodeWarnings indexes the loader's texture warnings by image and by
// texture.
func decodeWarnings(warnings []string) (byImage, byTexture map[int]string) {
	byImage, byTexture = map[int]string{}, map[int]string{}
	for _, w := range warnings {
		if g := imageWarning.FindStringSubmatch(w); g != nil {
			n, _ := strconv.Atoi(g[1])
			byImage[n] = g[2]
		} else if g := textureWarning.FindStringSubmatch(w); g != nil {
			n, _ := strconv.Atoi(g[1])
			byTexture[n] = g[2]
		}
	}
	return byImage, byTexture
}

// isTextureWarning reports whether the loader warning w is about decoding
// a texture (reported by checkTextures, not as a loader warning).
func isTextureWarning(w string) bool {
	return imageWarning.MatchString(w) || textureWarning.MatchString(w)
}

// drawnTextures marks the textures materials draw: base colour and
// emissive, the only slots kin decodes.
func drawnTextures(m *avatar.Model) []bool {
	drawn := make([]bool, len(m.Textures))
	mark := func(ref *avatar.TextureRef) {
		if ref != nil && ref.Texture >= 0 && ref.Texture < len(drawn) {
			drawn[ref.Texture] = true
		}
	}
	for _, mat := range m.Materials {
		mark(mat.BaseColorTexture)
		mark(mat.EmissiveTexture)
	}
	return drawn
}

// textureFailed records a drawn texture that will show blank.
func (r *Report) textureFailed(i int, name, detail string, h *header) {
	reason, fix := explainTexture(detail, h, i)
	r.Textures.Failed = append(r.Textures.Failed, TextureFailure{Texture: i, Name: name, Reason: reason, Detail: detail})
	label := fmt.Sprintf("Texture %d", i)
	if name != "" {
		label = fmt.Sprintf("Texture %d (%s)", i, name)
	}
	r.add(SevError, AreaTextures, fix, "%s will show blank: %s.", label, reason)
}

// explainTexture turns a loader message into plain words and a fix.
func explainTexture(detail string, h *header, tex int) (reason, fix string) {
	const reexport = "Re-export with the textures as PNG or JPEG (in Blender's glTF exporter: Textures → Images: Automatic, not WebP or KTX2)."
	mime := ""
	if img := h.textureImage(tex); img >= 0 {
		mime = h.Images[img].MimeType
	}
	switch {
	case strings.Contains(detail, "no such file") || strings.Contains(detail, "does not exist"):
		return "its image file is missing", "Keep the image files next to the .gltf file, or export as .glb so they travel inside it."
	case strings.Contains(detail, "pixels a side"):
		return "the image is larger than 8192 pixels a side", "Scale the image down to 4096 pixels or less and re-export."
	case strings.Contains(detail, "source missing or in an extension"):
		return "its image is in a format kin cannot read (such as KTX2 or WebP)", reexport
	case mime != "" && mime != "image/png" && mime != "image/jpeg":
		return fmt.Sprintf("its image is %s, which kin cannot read", mime), reexport
	case detail == "":
		return "kin could not decode its image", reexport
	}
	return "its image data is damaged or not a PNG or JPEG", reexport
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}
