package avatar

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"math"
	"testing"
)

// glbBuilder assembles a GLB file for tests: binary data is appended to
// one buffer, each piece in its own bufferView, aligned to 4 bytes.
type glbBuilder struct {
	bin       []byte
	views     []map[string]any
	accessors []map[string]any
}

// view appends data as a bufferView and returns its index; extra fields
// (byteStride, extensions, buffer) are merged into the view.
func (g *glbBuilder) view(data []byte, extra map[string]any) int {
	for len(g.bin)%4 != 0 {
		g.bin = append(g.bin, 0)
	}
	v := map[string]any{"buffer": 0, "byteOffset": len(g.bin), "byteLength": len(data)}
	for k, x := range extra {
		v[k] = x
	}
	g.bin = append(g.bin, data...)
	g.views = append(g.views, v)
	return len(g.views) - 1
}

// accessor appends an accessor of count elements over view.
func (g *glbBuilder) accessor(view, comp, count int, typ string, normalized bool) int {
	a := map[string]any{"bufferView": view, "componentType": comp, "count": count, "type": typ}
	if normalized {
		a["normalized"] = true
	}
	g.accessors = append(g.accessors, a)
	return len(g.accessors) - 1
}

// strided lays out count elements of elem bytes each at a stride rounded
// up to 4 bytes, as glTF requires for vertex attributes.
func strided(elems [][]byte) ([]byte, int) {
	stride := (len(elems[0]) + 3) &^ 3
	out := make([]byte, 0, stride*len(elems))
	for _, e := range elems {
		out = append(out, e...)
		out = append(out, make([]byte, stride-len(e))...)
	}
	return out, stride
}

// glb writes the file: doc gets the asset, buffers, bufferViews and
// accessors; buffers after the first may be given in extraBuffers.
func (g *glbBuilder) glb(t testing.TB, doc map[string]any, extraBuffers ...map[string]any) []byte {
	t.Helper()
	for len(g.bin)%4 != 0 {
		g.bin = append(g.bin, 0)
	}
	doc["asset"] = map[string]any{"version": "2.0"}
	doc["buffers"] = append([]map[string]any{{"byteLength": len(g.bin)}}, extraBuffers...)
	doc["bufferViews"] = g.views
	doc["accessors"] = g.accessors
	js, err := json.Marshal(doc)
	if err != nil {
		t.Fatal(err)
	}
	for len(js)%4 != 0 {
		js = append(js, ' ')
	}
	var out bytes.Buffer
	le := func(v ...uint32) { binary.Write(&out, binary.LittleEndian, v) }
	le(0x46546C67, 2, uint32(12+8+len(js)+8+len(g.bin)))
	le(uint32(len(js)), chunkJSON)
	out.Write(js)
	le(uint32(len(g.bin)), chunkBIN)
	out.Write(g.bin)
	return out.Bytes()
}

// le32s and friends encode little-endian values.
func le32s(v ...float32) []byte {
	b := make([]byte, 4*len(v))
	for i, f := range v {
		binary.LittleEndian.PutUint32(b[4*i:], math.Float32bits(f))
	}
	return b
}

func le16s(v ...uint16) []byte {
	b := make([]byte, 2*len(v))
	for i, x := range v {
		binary.LittleEndian.PutUint16(b[2*i:], x)
	}
	return b
}
