package engine

import (
	"cmp"
	"math"
	"slices"

	"github.com/go-gl/mathgl/mgl32"

	"github.com/kin-companion/kin/avatar"
)

// defaultMaterial is used by primitives without a material: a light grey,
// opaque and single-sided, as glTF specifies.
var defaultMaterial = avatar.Material{Name: "default", BaseColor: [4]float32{0.8, 0.8, 0.8, 1}, AlphaCutoff: 0.5}

// primInfo is the static data the frame builder needs about one posed
// primitive: where its vertices go in the frame buffer and how to treat its
// triangles.
type primInfo struct {
	inst, prim int               // indices into Pose.Instances and Instance.Prims
	material   int               // index into Model.Materials, -1 for default
	indices    []uint32          // the primitive's triangle list
	src        *avatar.Primitive // the model's primitive, for its levels of detail (see lodIndices)
	uv         [][2]float32      // base colour UVs after the texture transform (nil: none)
	colors     [][4]float32      // COLOR_0, linear RGBA (nil: none)
	base       int               // first vertex in Frame.Verts
	ibase      int               // first index in Frame.Indices
	nverts     int               // the primitive's own vertices
	size       float32           // the diagonal of its bounding box at rest, to order draws
	spare      int               // vertices after the primitive's own for near-plane clipping
	cull       bool              // back faces are culled (not doubleSided)
	blend      bool              // alpha-blended: drawn last, sorted back to front
	texels     float32           // texel count of the base colour texture, 0 without one
	maxLOD     int               // highest mip level of that texture
	hull       float32           // an MToon outline (inverted hull): its width, 0 for the primitive itself
	hullScreen bool              // the hull's width is a fraction of the screen height, not metres
	hullScale  []float32         // per vertex, the outline-width texture's factor on hull (nil: 1)
	lit        bool              // lit per vertex on the CPU (see vertexLit)
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
// smallest first (by the diagonal of their bounding box), file order among
// equals. The depth test resolves a 1020th of the model's depth; of two
// surfaces closer than that the one drawn later shows, and the small parts
// that sit just behind a larger surface — teeth behind the lips, eyeballs
// under the eyelids — must not show through it.
func prepare(m *avatar.Model, p *avatar.Pose) (prims []primInfo, nverts, nindices int) {
	prims = listPrims(m, p)
	slices.SortStableFunc(prims, func(a, b primInfo) int { return cmp.Compare(a.size, b.size) })
	for i := range prims {
		pi := &prims[i]
		pi.base, pi.ibase = nverts, nindices
		nverts += pi.nverts + pi.spare
		nindices += len(pi.indices) + 2*pi.spare
	}
	return prims, nverts, nindices
}

// listPrims lists the primitives of the pose's instances in file order,
// each followed by its outline hull if it has one.
func listPrims(m *avatar.Model, p *avatar.Pose) (prims []primInfo) {
	for i, inst := range p.Instances {
		for k := range inst.Prims {
			src := &m.Meshes[inst.Mesh].Primitives[k]
			mat := material(m, src.Material)
			pi := primInfo{
				inst: i, prim: k, material: src.Material, indices: src.Indices, src: src, nverts: len(src.Positions),
				cull: !mat.DoubleSided, blend: mat.AlphaMode == avatar.AlphaBlend, size: diagonal(src.Positions),
				lit: vertexLit(m, mat),
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
			if h, ok := outlineHull(pi, mat); ok {
				h.hullScale = outlineScales(m, mat, src.UV0, len(src.Positions))
				prims = append(prims, h)
			}
		}
	}
	return prims
}

// diagonal is the length of the diagonal of the points' bounding box.
func diagonal(ps []mgl32.Vec3) float32 {
	if len(ps) == 0 {
		return 0
	}
	lo, hi := ps[0], ps[0]
	for _, p := range ps {
		for k := range 3 {
			lo[k], hi[k] = min(lo[k], p[k]), max(hi[k], p[k])
		}
	}
	return hi.Sub(lo).Len()
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
	pi.cull, pi.spare, pi.uv, pi.texels, pi.maxLOD, pi.lit = true, 0, nil, 0, 0, false
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
const maxTextureSize = avatar.TextureSide

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
