package avatar

import (
	"bytes"
	"fmt"
	"image"
	_ "image/jpeg" // baseColor textures are PNG, JPEG or WebP
	_ "image/png"
	"io/fs"
	"net/url"

	"github.com/qmuntal/gltf"
	"github.com/qmuntal/gltf/ext/texturetransform"
	"github.com/qmuntal/gltf/ext/unlit"
	"github.com/qmuntal/gltf/modeler"
	_ "golang.org/x/image/webp" // EXT_texture_webp, lossy and lossless
)

// maxTextureSide bounds a texture's width and height, so a corrupt header
// cannot make the decoder allocate gigabytes.
const maxTextureSide = 8192

// startTextures starts decoding the images kin draws (base colour and
// emissive textures), each in its own goroutine since decoding dominates
// load time, while the meshes, skins and clips are read;
// finishTextures waits for them. Normal, metallic-roughness and occlusion
// maps are left undecoded. Model.Textures has its length at once, for the
// materials' references.
func (b *builder) startTextures() error {
	doc := b.doc
	d := &b.decoding
	d.images = make([]image.Image, len(doc.Images))
	d.files = make([][]byte, len(doc.Images))
	d.errs = make([]error, len(doc.Images))
	used := b.drawnImages()
	for i := range doc.Images {
		if !used[i] {
			continue
		}
		d.wg.Add(1)
		go func() {
			defer d.wg.Done()
			d.images[i], d.files[i], d.errs[i] = b.decodeImage(i)
		}()
	}
	b.m.Textures = make([]Texture, len(doc.Textures))
	return nil
}

// finishTextures waits for the images and fills in the textures. An image
// that cannot be decoded leaves its texture without an image and a
// warning; the model still loads.
func (b *builder) finishTextures() error {
	doc, d := b.doc, &b.decoding
	d.wg.Wait()
	images := d.images
	for i, err := range d.errs {
		if err != nil {
			b.warnf("image %d: %v (texture left blank)", i, err)
		}
	}
	for i, t := range doc.Textures {
		if t == nil {
			continue
		}
		tex := &b.m.Textures[i]
		tex.Name = t.Name
		if src := optIndex(textureSource(t), len(images)); src >= 0 {
			tex.Image, tex.Data = images[src], d.files[src]
		} else {
			b.warnf("texture %d (%s): no image kin can decode (source missing or in an extension)", i, t.Name)
		}
		if s := optIndex(t.Sampler, len(doc.Samplers)); s >= 0 && doc.Samplers[s] != nil {
			tex.Sampler = sampler(doc.Samplers[s])
		}
	}
	return nil
}

// drawnImages marks the images behind materials' base colour and emissive
// textures, and MToon's shade, MatCap and outline-width textures.
func (b *builder) drawnImages() []bool {
	doc := b.doc
	used := make([]bool, len(doc.Images))
	mark := func(ti *gltf.TextureInfo) {
		if ti == nil || ti.Index < 0 || ti.Index >= len(doc.Textures) || doc.Textures[ti.Index] == nil {
			return
		}
		if src := optIndex(textureSource(doc.Textures[ti.Index]), len(doc.Images)); src >= 0 {
			used[src] = true
		}
	}
	for _, m := range doc.Materials {
		if m == nil {
			continue
		}
		if m.PBRMetallicRoughness != nil {
			mark(m.PBRMetallicRoughness.BaseColorTexture)
		}
		mark(m.EmissiveTexture)
	}
	for _, i := range mtoonTextures(doc) {
		mark(&gltf.TextureInfo{Index: i})
	}
	return used
}

func sampler(s *gltf.Sampler) Sampler {
	wrap := func(w gltf.WrappingMode) Wrap {
		switch w {
		case gltf.WrapClampToEdge:
			return WrapClamp
		case gltf.WrapMirroredRepeat:
			return WrapMirror
		}
		return WrapRepeat
	}
	return Sampler{WrapS: wrap(s.WrapS), WrapT: wrap(s.WrapT), Nearest: s.MagFilter == gltf.MagNearest}
}

// decodeImage reads image i from a bufferView, a data: URI or a file beside
// the model, and decodes it. It returns the file's bytes too, copied out of
// the model's buffer so that the buffer can be freed.
func (b *builder) decodeImage(i int) (img image.Image, file []byte, err error) {
	file, err = b.imageFile(i)
	if err != nil {
		return nil, nil, err
	}
	img, err = DecodeImage(file, b.doc.Images[i].MimeType)
	if err != nil {
		return nil, nil, err
	}
	return img, file, nil
}

// imageFile returns image i's file bytes, owned by the caller.
func (b *builder) imageFile(i int) (data []byte, err error) {
	im := b.doc.Images[i]
	if im == nil {
		return nil, fmt.Errorf("null image")
	}
	switch {
	case im.BufferView != nil:
		bv := optIndex(im.BufferView, len(b.doc.BufferViews))
		if bv < 0 {
			return nil, fmt.Errorf("bufferView %d out of range", *im.BufferView)
		}
		data, err = modeler.ReadBufferView(b.doc, b.doc.BufferViews[bv])
		data = bytes.Clone(data)
	case im.IsEmbeddedResource():
		data, err = im.MarshalData()
	case im.URI != "":
		data, err = b.readExternal(im.URI)
	default:
		return nil, fmt.Errorf("no data")
	}
	return data, err
}

// TextureSide is the largest side the renderer draws a texture at; it
// halves larger images until they fit.
const TextureSide = 2048

// DecodeImage decodes an image file of a model (PNG, JPEG or WebP, its media
// type naming it in errors), refusing sizes over 8192 pixels a side before
// decoding and turning a decoder panic into an error. JPEGs are decoded by
// libjpeg-turbo when kin is built with cgo, those with a side over
// TextureSide at 1/2, 1/4 or 1/8 scale (in the DCT, which costs a fraction
// of a full decode) so that it fits.
func DecodeImage(data []byte, mimeType string) (img image.Image, err error) {
	defer func() {
		if p := recover(); p != nil {
			img, err = nil, fmt.Errorf("corrupt image data: %v", p)
		}
	}()
	cfg, format, err := image.DecodeConfig(bytes.NewReader(data))
	if err != nil {
		return nil, fmt.Errorf("decode %s: %w", mimeOr(mimeType, "image"), err)
	}
	if cfg.Width <= 0 || cfg.Height <= 0 || cfg.Width > maxTextureSide || cfg.Height > maxTextureSide {
		return nil, fmt.Errorf("image is %dx%d; kin takes up to %d pixels a side", cfg.Width, cfg.Height, maxTextureSide)
	}
	if format == "jpeg" {
		if rgba, ok, err := decodeJPEG(data, cfg.Width, cfg.Height); ok {
			if err != nil {
				return nil, fmt.Errorf("decode %s: %w", mimeOr(mimeType, "image"), err)
			}
			return rgba, nil
		}
	}
	img, _, err = image.Decode(bytes.NewReader(data))
	if err != nil {
		return nil, fmt.Errorf("decode %s: %w", mimeOr(mimeType, "image"), err)
	}
	return img, nil
}

func (b *builder) readExternal(uri string) ([]byte, error) {
	if b.fsys == nil {
		return nil, fmt.Errorf("external image %q: no folder to read it from", uri)
	}
	name, err := url.PathUnescape(uri)
	if err != nil || !fs.ValidPath(name) {
		return nil, fmt.Errorf("external image %q: not a relative path inside the model's folder", uri)
	}
	return fs.ReadFile(b.fsys, name)
}

func mimeOr(s, def string) string {
	if s == "" {
		return def
	}
	return s
}

// materials converts glTF materials, checking texture references.
func (b *builder) materials() error {
	b.m.Materials = make([]Material, len(b.doc.Materials))
	for i, gm := range b.doc.Materials {
		if gm == nil {
			b.m.Materials[i] = defaultMaterial()
			continue
		}
		mat := defaultMaterial()
		mat.Name = gm.Name
		if pbr := gm.PBRMetallicRoughness; pbr != nil {
			c := pbr.BaseColorFactorOrDefault()
			mat.BaseColor = [4]float32{float32(c[0]), float32(c[1]), float32(c[2]), float32(c[3])}
			mat.BaseColorTexture = b.textureRef(pbr.BaseColorTexture, i, "baseColorTexture")
		}
		e, k := gm.EmissiveFactor, emissiveStrength(gm)
		mat.Emissive = [3]float32{float32(e[0]) * k, float32(e[1]) * k, float32(e[2]) * k}
		mat.EmissiveTexture = b.textureRef(gm.EmissiveTexture, i, "emissiveTexture")
		mat.AlphaMode = AlphaMode(gm.AlphaMode)
		mat.AlphaCutoff = float32(gm.AlphaCutoffOrDefault())
		mat.DoubleSided = gm.DoubleSided
		_, mat.Unlit = gm.Extensions[unlit.ExtensionName]
		readVRMMaterial(gm.Extensions, &mat)
		b.m.Materials[i] = mat
	}
	return nil
}

func defaultMaterial() Material {
	return Material{BaseColor: [4]float32{1, 1, 1, 1}, AlphaCutoff: 0.5}
}

// textureRef resolves a material's texture slot; a bad index becomes a
// warning and no texture.
func (b *builder) textureRef(ti *gltf.TextureInfo, mat int, slot string) *TextureRef {
	if ti == nil {
		return nil
	}
	if ti.Index < 0 || ti.Index >= len(b.m.Textures) {
		b.warnf("material %d %s: texture %d out of range (ignored)", mat, slot, ti.Index)
		return nil
	}
	ref := &TextureRef{Texture: ti.Index, TexCoord: ti.TexCoord, Transform: UVTransform{Scale: [2]float32{1, 1}}}
	if tt, ok := ti.Extensions[texturetransform.ExtensionName].(*texturetransform.TextureTransform); ok {
		ref.Transform = UVTransform{
			Offset:   [2]float32{float32(tt.Offset[0]), float32(tt.Offset[1])},
			Rotation: float32(tt.Rotation),
			Scale:    [2]float32{float32(tt.Scale[0]), float32(tt.Scale[1])},
		}
		if tt.TexCoord != nil {
			ref.TexCoord = *tt.TexCoord
		}
	}
	if ref.TexCoord != 0 {
		b.warnf("material %d %s: uses TEXCOORD_%d; kin draws with TEXCOORD_0", mat, slot, ref.TexCoord)
	}
	return ref
}
