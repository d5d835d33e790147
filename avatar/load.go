package avatar

import (
	"bufio"
	"errors"
	"fmt"
	"image"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strings"
	"sync"

	"github.com/qmuntal/gltf"
	_ "github.com/qmuntal/gltf/ext/texturetransform" // typed KHR_texture_transform
	_ "github.com/qmuntal/gltf/ext/unlit"            // typed KHR_materials_unlit
)

// ErrUnsupportedExtension is wrapped by load errors for files that require a
// glTF extension kin cannot decode.
var ErrUnsupportedExtension = errors.New("unsupported required extension")

// ErrNotFinite is wrapped by load errors for files whose positions or node
// transforms hold a NaN or an infinity (or a number too large for a
// float32), which would put nothing sensible on screen.
var ErrNotFinite = errors.New("not a finite number")

// maxElements bounds any accessor count so a corrupt file cannot make the
// loader allocate without limit.
const maxElements = 1 << 22

// Load reads a .glb, .gltf or .vrm file. External buffers and images of a
// .gltf are read from the file's folder.
func Load(name string) (*Model, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, fmt.Errorf("avatar: %w", err)
	}
	defer f.Close()
	return load(f, os.DirFS(filepath.Dir(name)), filepath.Base(name))
}

// LoadFS reads a model from fsys; external resources are resolved relative
// to the model's folder within fsys.
func LoadFS(fsys fs.FS, name string) (*Model, error) {
	f, err := fsys.Open(name)
	if err != nil {
		return nil, fmt.Errorf("avatar: %w", err)
	}
	defer f.Close()
	dir := path.Dir(name)
	sub, err := fs.Sub(fsys, dir)
	if err != nil {
		return nil, fmt.Errorf("avatar: %s: %w", name, err)
	}
	return load(f, sub, path.Base(name))
}

// LoadReader reads a self-contained model (GLB, VRM, or glTF with data:
// URIs) from r. name is used in messages only.
func LoadReader(r io.Reader, name string) (*Model, error) {
	return load(r, nil, name)
}

func load(r io.Reader, fsys fs.FS, name string) (m *Model, err error) {
	defer func() {
		if p := recover(); p != nil {
			m, err = nil, fmt.Errorf("avatar: %s: malformed file: %v", name, p)
		}
	}()
	doc, isGLB, err := decodeDocument(bufio.NewReaderSize(r, 1<<16), fsys)
	if err != nil {
		return nil, fmt.Errorf("avatar: %s: %w", name, describeDecodeError(err))
	}
	m, err = build(doc, fsys)
	if err != nil {
		return nil, fmt.Errorf("avatar: %s: %w", name, err)
	}
	m.Name = strings.TrimSuffix(name, path.Ext(name))
	nameVRMAClips(m)
	if m.Format == "" {
		m.Format = FormatGLTF
		if isGLB {
			m.Format = FormatGLB
		}
	}
	return m, nil
}

func describeDecodeError(err error) error {
	switch {
	case errors.As(err, new(*plainError)):
		return err
	case errors.Is(err, io.ErrUnexpectedEOF), errors.Is(err, io.EOF):
		return &plainError{"the file ends too early (truncated file): it was cut off while being downloaded, copied or saved — get or export it again", err}
	case errors.Is(err, fs.ErrNotExist):
		return fmt.Errorf("missing external buffer: %w", err)
	}
	return err
}

// build turns a decoded document into a Model.
func build(doc *gltf.Document, fsys fs.FS) (*Model, error) {
	warnings, err := checkExtensions(doc)
	if err != nil {
		return nil, err
	}
	m := &Model{Warnings: warnings}
	b := &builder{doc: doc, fsys: fsys, m: m}
	steps := []func() error{b.decompress, b.nodes, b.startTextures, b.materials, b.meshes, b.skins, b.animations, b.finishTextures, b.maps}
	for _, step := range steps {
		if err := step(); err != nil {
			b.decoding.wg.Wait() // no decoder left writing after a failed load
			return nil, err
		}
	}
	m.Stats = fileStats(doc, m)
	return m, nil
}

// builder carries the document while a Model is filled in.
type builder struct {
	doc      *gltf.Document
	fsys     fs.FS
	m        *Model
	fallback map[int]bool // buffers that hold only decompressed views
	decoding imageDecoding
	unbacked map[int]bool // accessors with no bufferView counted so far
	// unbackedTotal is the sum of their counts.
	unbackedTotal int
}

// imageDecoding holds the images being decoded while the rest of a model
// is read (see builder.startTextures).
type imageDecoding struct {
	wg     sync.WaitGroup
	images []image.Image
	files  [][]byte
	errs   []error
}

func (b *builder) warnf(format string, args ...any) {
	b.m.Warnings = append(b.m.Warnings, fmt.Sprintf(format, args...))
}

// maps fills the humanoid and expression maps from VRM data or names.
func (b *builder) maps() error {
	if err := readVRM(b.doc.Extensions, b.m); err != nil {
		return err
	}
	if len(b.m.Humanoid) == 0 {
		names := make([]string, len(b.m.Nodes))
		for i, n := range b.m.Nodes {
			names[i] = n.Name
		}
		b.m.Humanoid = HumanoidFromNames(names)
	}
	if b.m.Expressions == nil {
		b.m.Expressions = ExpressionsFromTargets(b.m.Meshes)
	}
	return nil
}

// fileStats counts what the file holds: each mesh once however many nodes
// use it, each primitive by its own POSITION and index counts.
func fileStats(doc *gltf.Document, m *Model) Stats {
	s := Stats{
		Nodes: len(doc.Nodes), Meshes: len(doc.Meshes), Materials: len(doc.Materials),
		Textures: len(doc.Textures), Skins: len(doc.Skins),
	}
	for _, mesh := range doc.Meshes {
		for _, p := range mesh.Primitives {
			s.Primitives++
			count := 0
			if i, ok := p.Attributes[gltf.POSITION]; ok && i >= 0 && i < len(doc.Accessors) {
				count = doc.Accessors[i].Count
			}
			s.Vertices += count
			if p.Indices != nil && *p.Indices >= 0 && *p.Indices < len(doc.Accessors) {
				count = doc.Accessors[*p.Indices].Count
			}
			s.Triangles += triangleCount(p.Mode, count)
		}
	}
	for _, sk := range m.Skins {
		s.Joints = max(s.Joints, len(sk.Joints))
	}
	return s
}

func triangleCount(mode gltf.PrimitiveMode, n int) int {
	switch mode {
	case gltf.PrimitiveTriangles:
		return n / 3
	case gltf.PrimitiveTriangleStrip, gltf.PrimitiveTriangleFan:
		return max(0, n-2)
	}
	return 0
}
