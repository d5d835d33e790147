package engine

import (
	"math"

	"github.com/kin-companion/kin/avatar"
)

// defaultMaterial is used by primitives without a material: a light grey,
// opaque and single-sided, as glTF specifies.
var defaultMaterial = avatar.Material{Name: "default", BaseColor: [4]float32{0.8, 0.8, 0.8, 1}, AlphaCutoff: 0.5}

// primInfo is the static data the frame builder needs about one posed
// primitive: where its vertices go in the frame buffer and how to treat its
// triangles.
type primInfo struct {
	inst, prim int          // indices into Pose.Instances and Instance.Prims
	material   int          // index into Model.Materials, -1 for default
	indices    []uint32     // the primitive's triangle list
	uv         [][2]float32 // base colour UVs after the texture transform (nil: none)
	colors     [][4]float32 // COLOR_0, linear RGBA (nil: none)
	base       int          // first vertex in Frame.Verts
	spare      int          // vertices after the primitive's own for near-plane clipping
	cull       bool         // back faces are culled (not doubleSided)
	blend      bool         // alpha-blended: drawn last, sorted back to front
	texels     float32      // texel count of the base colour texture, 0 without one
	maxLOD     int          // highest mip level of that texture
	hull       float32      // an MToon outline (inverted hull): its width, 0 for the primitive itself
	hullScreen bool         // the hull's width is a fraction of the screen height, not metres
}

// material returns the material of a primitive, or the default one.
func material(m *avatar.Model, i int) *avatar.Material {
	if i < 0 || i >= len(m.Materials) {
		return &defaultMaterial
	}
	return &m.Materials[i]
}

// baseTexture returns the model texture index of a material's base colour,
// or -1 when it has none with a decoded image.
func baseTexture(m *avatar.Model, mat *avatar.Material) int { return decoded(m, mat.BaseColorTexture) }

// emissiveTexture is baseTexture for the emissive slot. It is sampled at
// the base colour's UVs (and transform): models rarely give it its own.
func emissiveTexture(m *avatar.Model, mat *avatar.Material) int {
	return decoded(m, mat.EmissiveTexture)
}

func decoded(m *avatar.Model, ref *avatar.TextureRef) int {
	if ref == nil || ref.Texture < 0 || ref.Texture >= len(m.Textures) || m.Textures[ref.Texture].Image == nil {
		return -1
	}
	return ref.Texture
}

// prepare lists the primitives of the pose's instances in draw order: the
// file's order, which keeps the draw calls of one frame stable.
func prepare(m *avatar.Model, p *avatar.Pose) (prims []primInfo, nverts, nindices int) {
	for i, inst := range p.Instances {
		for k := range inst.Prims {
			src := &m.Meshes[inst.Mesh].Primitives[k]
			mat := material(m, src.Material)
			pi := primInfo{
				inst: i, prim: k, material: src.Material, indices: src.Indices,
				base: nverts, cull: !mat.DoubleSided, blend: mat.AlphaMode == avatar.AlphaBlend,
			}
			pi.uv = transformedUVs(src.UV0, mat)
			if len(src.Colors) == len(src.Positions) {
				pi.colors = src.Colors
			}
			if t := baseTexture(m, mat); t >= 0 {
				w, h := textureSize(m.Textures[t].Image.Bounds().Dx(), m.Textures[t].Image.Bounds().Dy())
				pi.texels = float32(w * h)
				pi.maxLOD = mipLevels(w, h) - 1
			}
			pi.spare = min(2*(len(src.Indices)/3), maxClipVerts)
			prims = append(prims, pi)
			nverts += len(src.Positions) + pi.spare
			nindices += len(src.Indices) + 2*pi.spare
			if h, ok := outlineHull(pi, mat); ok {
				h.base = nverts
				prims = append(prims, h)
				nverts += len(src.Positions)
				nindices += len(src.Indices)
			}
		}
	}
	return prims, nverts, nindices
}

// outlineHull returns the inverted hull that draws an MToon material's
// outline after primitive pi: the same triangles, pushed out along the
// normals and seen from inside (front faces culled), so only a rim around
// the silhouette shows. Only opaque materials get one (a hull around a
// cut-out hair card would outline the whole card); its triangles are not
// clipped at the near plane but dropped there (spare 0).
func outlineHull(pi primInfo, mat *avatar.Material) (primInfo, bool) {
	mt := mat.MToon
	if mt == nil || mat.Unlit || mt.OutlineMode == avatar.OutlineNone || mt.OutlineWidth <= 0 ||
		mat.AlphaMode != avatar.AlphaOpaque {
		return primInfo{}, false
	}
	pi.hull, pi.hullScreen = mt.OutlineWidth, mt.OutlineMode == avatar.OutlineScreen
	pi.cull, pi.spare, pi.uv, pi.texels, pi.maxLOD = true, 0, nil, 0, 0
	return pi, true
}

// maxClipVerts bounds the vertices a primitive may add when its triangles
// are clipped at the near plane (two per clipped triangle); beyond it,
// further crossing triangles are dropped. Only a camera inside the model
// clips many triangles, and then a few hundred cover the view.
const maxClipVerts = 512

// transformedUVs applies the base colour texture's KHR_texture_transform
// once, at load; UVs are static.
func transformedUVs(uv [][2]float32, mat *avatar.Material) [][2]float32 {
	if uv == nil || mat.BaseColorTexture == nil || mat.BaseColorTexture.Transform.IsIdentity() {
		return uv
	}
	out := make([][2]float32, len(uv))
	for i, c := range uv {
		out[i] = mat.BaseColorTexture.Transform.Apply(c)
	}
	return out
}

// maxTextureSize bounds uploaded textures; larger images are halved until
// they fit, which saves memory without a visible loss at kin's sizes.
const maxTextureSize = 2048

// textureSize returns the uploaded size of a w×h image.
func textureSize(w, h int) (int, int) {
	for w > maxTextureSize || h > maxTextureSize {
		w, h = max(w/2, 1), max(h/2, 1)
	}
	return w, h
}

// mipLevels returns how many mip levels a w×h texture gets, down to 16 px.
func mipLevels(w, h int) int {
	n := 1
	for w > 16 && h > 16 && n < 8 {
		w, h = w/2, h/2
		n++
	}
	return n
}

// lodFor picks a mip level from the visible triangles' summed screen and UV
// areas: log2 of texels per pixel along one axis.
func lodFor(pi *primInfo, screenArea, uvArea float32) int {
	if pi.texels == 0 || screenArea <= 0 || uvArea <= 0 {
		return 0
	}
	ratio := uvArea * pi.texels / screenArea
	lod := int(0.5*math.Log2(float64(ratio)) + 0.3)
	return max(0, min(lod, pi.maxLOD))
}
