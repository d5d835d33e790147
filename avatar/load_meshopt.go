package avatar

import (
	"encoding/json"
	"fmt"

	"github.com/kin-companion/kin/avatar/meshopt"
	"github.com/qmuntal/gltf"
)

// meshoptNames are the two names of the compression extension gltfpack
// writes: the vendor one (-c, -cc) and its Khronos successor (-ce khr),
// which share their JSON.
var meshoptNames = []string{"EXT_meshopt_compression", "KHR_meshopt_compression"}

// maxDecompressed bounds the bytes all compressed views of one file may
// decode to.
const maxDecompressed = 1 << 30

// meshoptView is a bufferView's compression extension object.
type meshoptView struct {
	Buffer     int    `json:"buffer"`
	ByteOffset int    `json:"byteOffset"`
	ByteLength int    `json:"byteLength"`
	ByteStride int    `json:"byteStride"`
	Count      int    `json:"count"`
	Mode       string `json:"mode"`
	Filter     string `json:"filter"`

	index  int // the bufferView
	ext    string
	mode   meshopt.Mode
	filter meshopt.Filter
	src    []byte
}

// decompress decodes every compressed bufferView into the buffer it names,
// so the rest of the loader reads plain data. A fallback buffer without
// data is given just enough memory for its views, packed one after the
// other (their offsets are moved to match).
func (b *builder) decompress() error {
	views, err := b.meshoptViews()
	if err != nil {
		return err
	}
	if err := b.placeFallbackViews(views); err != nil {
		return err
	}
	for _, v := range views {
		bv := b.doc.BufferViews[v.index]
		dst := b.doc.Buffers[bv.Buffer].Data[bv.ByteOffset : bv.ByteOffset+bv.ByteLength]
		if err := meshopt.Decode(dst, v.src, v.Count, v.ByteStride, v.mode, v.filter); err != nil {
			return fmt.Errorf("bufferView %d (%s): %w; re-export the file", v.index, v.ext, err)
		}
	}
	return b.checkViewBuffers(views)
}

// meshoptViews parses and checks the compression extension of every
// bufferView that has one.
func (b *builder) meshoptViews() ([]*meshoptView, error) {
	var views []*meshoptView
	total := 0
	for i, bv := range b.doc.BufferViews {
		if bv == nil {
			continue
		}
		for _, name := range meshoptNames {
			raw, ok := bv.Extensions[name]
			if !ok {
				continue
			}
			v, err := b.meshoptView(i, bv, name, raw)
			if err != nil {
				return nil, fmt.Errorf("bufferView %d (%s): %w", i, name, err)
			}
			if total += bv.ByteLength; total > maxDecompressed {
				return nil, fmt.Errorf("compressed views decode to more than %d MiB; kin refuses files this large", maxDecompressed>>20)
			}
			views = append(views, v)
			break
		}
	}
	return views, nil
}

func (b *builder) meshoptView(i int, bv *gltf.BufferView, name string, raw any) (*meshoptView, error) {
	data, err := json.Marshal(raw)
	if err != nil {
		return nil, err
	}
	v := &meshoptView{index: i, ext: name, ByteStride: -1}
	if err := json.Unmarshal(data, v); err != nil {
		return nil, fmt.Errorf("unreadable extension object: %w", err)
	}
	if v.mode, err = meshopt.ParseMode(v.Mode); err != nil {
		return nil, err
	}
	if v.filter, err = meshopt.ParseFilter(v.Filter); err != nil {
		return nil, err
	}
	if v.Count < 0 || v.ByteStride <= 0 || v.Count*v.ByteStride != bv.ByteLength || (bv.ByteStride != 0 && bv.ByteStride != v.ByteStride) {
		return nil, fmt.Errorf("%d elements of %d bytes do not fill the view's %d bytes (stride %d)", v.Count, v.ByteStride, bv.ByteLength, bv.ByteStride)
	}
	if v.Buffer < 0 || v.Buffer >= len(b.doc.Buffers) || b.doc.Buffers[v.Buffer] == nil {
		return nil, fmt.Errorf("compressed data in buffer %d, which does not exist", v.Buffer)
	}
	src := b.doc.Buffers[v.Buffer].Data
	if v.ByteOffset < 0 || v.ByteLength < 0 || v.ByteOffset > len(src) || v.ByteLength > len(src)-v.ByteOffset {
		return nil, fmt.Errorf("compressed bytes %d..%d lie outside buffer %d (%d bytes)", v.ByteOffset, v.ByteOffset+v.ByteLength, v.Buffer, len(src))
	}
	v.src = src[v.ByteOffset : v.ByteOffset+v.ByteLength]
	return v, meshopt.Validate(v.src, v.Count, v.ByteStride, v.mode, v.filter)
}

// placeFallbackViews gives each buffer without data (a fallback buffer)
// memory for the compressed views that decode into it, and checks that
// views into buffers with data fit.
func (b *builder) placeFallbackViews(views []*meshoptView) error {
	size := map[int]int{}
	for _, v := range views {
		bv := b.doc.BufferViews[v.index]
		if bv.Buffer < 0 || bv.Buffer >= len(b.doc.Buffers) || b.doc.Buffers[bv.Buffer] == nil {
			return fmt.Errorf("bufferView %d: buffer %d does not exist", v.index, bv.Buffer)
		}
		if buf := b.doc.Buffers[bv.Buffer]; buf.Data != nil || buf.URI != "" {
			if bv.ByteOffset < 0 || bv.ByteOffset > len(buf.Data)-bv.ByteLength {
				return fmt.Errorf("bufferView %d: bytes %d..%d lie outside buffer %d (%d bytes)", v.index, bv.ByteOffset, bv.ByteOffset+bv.ByteLength, bv.Buffer, len(buf.Data))
			}
			continue
		}
		bv.ByteOffset = size[bv.Buffer]
		size[bv.Buffer] += (bv.ByteLength + 3) &^ 3
	}
	b.fallback = map[int]bool{}
	for i, n := range size {
		b.fallback[i] = true
		b.doc.Buffers[i].Data = make([]byte, n)
		b.doc.Buffers[i].ByteLength = n
	}
	return nil
}

// checkViewBuffers refuses a plain bufferView into a buffer that has no
// uri: such a buffer holds only what compressed views decode into it.
func (b *builder) checkViewBuffers(views []*meshoptView) error {
	compressed := map[int]bool{}
	for _, v := range views {
		compressed[v.index] = true
	}
	for i, bv := range b.doc.BufferViews {
		if bv == nil || compressed[i] || bv.Buffer < 0 || bv.Buffer >= len(b.doc.Buffers) || b.doc.Buffers[bv.Buffer] == nil {
			continue
		}
		if buf := b.doc.Buffers[bv.Buffer]; buf.Data == nil || b.fallback[bv.Buffer] {
			return fmt.Errorf("bufferView %d: buffer %d has no uri and no compressed data to fill it; the file is incomplete", i, bv.Buffer)
		}
	}
	return nil
}
