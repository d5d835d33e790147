package avatar

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl32"
)

// worldVertices poses m at rest and returns every vertex of every
// primitive as "position normal" strings rounded to 1/1000, sorted.
func worldVertices(t *testing.T, m *Model) []string {
	t.Helper()
	p := NewPose(m)
	p.Update()
	var out []string
	r := func(v mgl32.Vec3) string {
		return fmt.Sprintf("%.3f %.3f %.3f", v[0]+0, v[1]+0, v[2]+0) // +0 folds -0 into 0
	}
	for _, inst := range p.Instances {
		for _, pp := range inst.Prims {
			for k := range pp.Positions {
				out = append(out, r(pp.Positions[k])+" | "+r(pp.Normals[k].Normalize()))
			}
		}
	}
	sort.Strings(out)
	return out
}

// TestBoxMeshopt loads the gltfpack box (compressed views decoding into a
// fallback buffer, quantized positions and normals) and compares it with
// the uncompressed Khronos box in world space.
func TestBoxMeshopt(t *testing.T) {
	m, err := Load(sharedAsset(t, "BoxMeshopt.glb"))
	if err != nil {
		t.Fatal(err)
	}
	ref, err := Load(sharedAsset(t, "BoxTextured.glb"))
	if err != nil {
		t.Fatal(err)
	}
	if m.Stats.Vertices != 24 || m.Stats.Triangles != 12 {
		t.Errorf("stats %+v, want 24 vertices and 12 triangles", m.Stats)
	}
	got, want := worldVertices(t, m), worldVertices(t, ref)
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("compressed box differs from the plain one:\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	checkWinding(t, m)
}

// checkWinding expects every triangle to face the way its vertex normals
// point, which a wrong index decode or a rotated triangle would break.
func checkWinding(t *testing.T, m *Model) {
	t.Helper()
	for _, mesh := range m.Meshes {
		for _, p := range mesh.Primitives {
			for k := 0; k+2 < len(p.Indices); k += 3 {
				a, b, c := p.Positions[p.Indices[k]], p.Positions[p.Indices[k+1]], p.Positions[p.Indices[k+2]]
				face := b.Sub(a).Cross(c.Sub(a))
				if face.Dot(p.Normals[p.Indices[k]]) <= 0 {
					t.Fatalf("triangle %d faces away from its normals", k/3)
				}
			}
		}
	}
}

// meshoptFixture reads one case written by meshopt/testdata/encode.mjs.
func meshoptFixture(t *testing.T, name string) (encoded, decoded []byte) {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("meshopt", "testdata", "fixtures.json"))
	if err != nil {
		t.Fatal(err)
	}
	var file struct {
		Cases []struct{ Name, Encoded, Decoded string }
	}
	if err := json.Unmarshal(data, &file); err != nil {
		t.Fatal(err)
	}
	for _, c := range file.Cases {
		if c.Name == name {
			enc, _ := base64.StdEncoding.DecodeString(c.Encoded)
			dec, _ := base64.StdEncoding.DecodeString(c.Decoded)
			return enc, dec
		}
	}
	t.Fatalf("no meshopt fixture %s", name)
	return nil, nil
}

// meshoptGLB is a GLB whose positions (17 float vertices) and indices
// (4 triangles) are compressed views decoding into buffer 1; fallback
// describes buffer 1 and ext names the extension. It returns the file and
// the positions and indices it should decode to.
func meshoptGLB(t *testing.T, vertexCase, ext string, fallback map[string]any, damage func([]byte)) ([]byte, []byte, []byte) {
	venc, vdec := meshoptFixture(t, vertexCase)
	ienc, idec := meshoptFixture(t, "tri-degenerate-2")
	if damage != nil {
		damage(venc)
	}
	g := &glbBuilder{}
	compressed := func(src []byte, offset, count, stride int, mode string) map[string]any {
		view := g.view(src, nil)
		return map[string]any{"buffer": 1, "byteOffset": offset, "byteLength": count * stride, "extensions": map[string]any{ext: map[string]any{
			"buffer": 0, "byteOffset": g.views[view]["byteOffset"], "byteLength": len(src), "byteStride": stride, "count": count, "mode": mode}}}
	}
	pv := compressed(venc, 0, 17, 12, "ATTRIBUTES")
	pv["byteStride"] = 12
	iv := compressed(ienc, 204, 12, 2, "TRIANGLES")
	g.views = append(g.views[:0], pv, iv) // only the two compressed views
	g.accessor(0, cFloat, 17, "VEC3", false)
	g.accessor(1, cUshort, 12, "SCALAR", false)
	doc := map[string]any{
		"meshes":             []any{map[string]any{"primitives": []any{map[string]any{"attributes": map[string]int{"POSITION": 0}, "indices": 1}}}},
		"nodes":              []any{map[string]any{"mesh": 0}},
		"extensionsUsed":     []string{ext},
		"extensionsRequired": []string{ext},
	}
	return g.glb(t, doc, fallback), vdec, idec
}

// TestMeshoptViews loads crafted files: both extension names, bitstream
// versions 0 and 1, a fallback buffer with and without data, and damaged or
// incomplete files, which must fail with an error naming the problem.
func TestMeshoptViews(t *testing.T) {
	fallback := map[string]any{"byteLength": 228, "extensions": map[string]any{"EXT_meshopt_compression": map[string]any{"fallback": true}}}
	plain := map[string]any{"byteLength": 228}
	withData := map[string]any{"byteLength": 228, "uri": "data:application/octet-stream;base64," + base64.StdEncoding.EncodeToString(make([]byte, 228))}
	cases := []struct {
		name, vertices, ext string
		fallback            map[string]any
		damage              func([]byte)
		want                string // error text; "" loads
	}{
		{"EXT v0", "v0-l2-floats-17x12", "EXT_meshopt_compression", fallback, nil, ""},
		{"EXT v1", "v1-l3-floats-17x12", "EXT_meshopt_compression", fallback, nil, ""},
		{"KHR v1", "v1-l3-floats-17x12", "KHR_meshopt_compression", plain, nil, ""},
		{"fallback with data", "v1-l3-floats-17x12", "EXT_meshopt_compression", withData, nil, ""},
		{"damaged", "v0-l2-floats-17x12", "EXT_meshopt_compression", fallback, func(b []byte) { b[0] = 0x17 }, "bufferView 0 (EXT_meshopt_compression)"},
		{"newer version", "v0-l2-floats-17x12", "EXT_meshopt_compression", fallback, func(b []byte) { b[0] = 0xa7 }, "newer format"},
		{"bad channel", "v1-l3-floats-17x12", "EXT_meshopt_compression", fallback, func(b []byte) { b[len(b)-1] = 3 }, "damaged"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			file, pos, idx := meshoptGLB(t, c.vertices, c.ext, c.fallback, c.damage)
			m, err := LoadReader(bytes.NewReader(file), "crafted.glb")
			if c.want != "" {
				if err == nil || !strings.Contains(err.Error(), c.want) || !strings.Contains(err.Error(), "crafted.glb") {
					t.Fatalf("error %v, want one naming crafted.glb and %q", err, c.want)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			p := m.Meshes[0].Primitives[0]
			if got := le32s(flatVec3(p.Positions)...); !bytes.Equal(got, pos) {
				t.Errorf("positions differ from the reference decoder's")
			}
			wantIdx := make([]uint16, 12)
			for k := range wantIdx {
				wantIdx[k] = uint16(idx[2*k]) | uint16(idx[2*k+1])<<8
			}
			if fmt.Sprint(p.Indices) != fmt.Sprint(wantIdx) {
				t.Errorf("indices %v, want %v", p.Indices, wantIdx)
			}
		})
	}
}

func flatVec3(v []mgl32.Vec3) []float32 {
	out := make([]float32, 0, 3*len(v))
	for _, x := range v {
		out = append(out, x[:]...)
	}
	return out
}

// TestMeshoptBadViews: inconsistent extension objects and a buffer with no
// data at all are refused with a sentence that says what is wrong.
func TestMeshoptBadViews(t *testing.T) {
	fallback := map[string]any{"byteLength": 228}
	cases := []struct {
		name, from, to, want string
	}{
		{"count", `"count":17,"mode"`, `"count":16,"mode"`, "do not fill"},
		{"stride", `"byteStride":12,"count"`, `"byteStride":16,"count"`, "do not fill"},
		{"mode", `"mode":"ATTRIBUTES"`, `"mode":"POINTS"`, "unknown mode"},
		{"filter", `"mode":"ATTRIBUTES"`, `"mode":"ATTRIBUTES","filter":"QUATERNION"`, "QUATERNION"},
		{"source buffer", `"buffer":0,"byteLength":243`, `"buffer":5,"byteLength":243`, "buffer 5"},
		{"source range", `"byteLength":243`, `"byteLength":9999`, "outside buffer 0"},
		{"no source", `"extensions":{"EXT_meshopt_compression":{"buffer":0,"byteLength":243`, `"extras":{"x":{"buffer":0,"byteLength":243`, "no uri and no compressed data"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			file, _, _ := meshoptGLB(t, "v0-l2-floats-17x12", "EXT_meshopt_compression", fallback, nil)
			bad := replaceJSON(t, file, c.from, c.to)
			_, err := LoadReader(bytes.NewReader(bad), "bad.glb")
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("error %v, want one mentioning %q", err, c.want)
			}
			if errors.Is(err, ErrUnsupportedExtension) {
				t.Errorf("a damaged file is not an unsupported extension: %v", err)
			}
		})
	}
}

// replaceJSON edits the JSON chunk of a GLB made by glbBuilder (keys are
// sorted, so the text is predictable) and fixes the lengths.
func replaceJSON(t *testing.T, glb []byte, from, to string) []byte {
	t.Helper()
	jsonLen := int(glb[12]) | int(glb[13])<<8
	js := string(glb[20 : 20+jsonLen])
	if !strings.Contains(js, from) {
		t.Fatalf("%q not in %s", from, js)
	}
	var doc map[string]any
	if err := json.Unmarshal([]byte(strings.Replace(js, from, to, 1)), &doc); err != nil {
		t.Fatal(err)
	}
	g := &glbBuilder{bin: glb[20+jsonLen+8:]}
	views, _ := json.Marshal(doc["bufferViews"])
	accs, _ := json.Marshal(doc["accessors"])
	json.Unmarshal(views, &g.views)
	json.Unmarshal(accs, &g.accessors)
	bufs := doc["buffers"].([]any)
	var extra []map[string]any
	for _, b := range bufs[1:] {
		extra = append(extra, b.(map[string]any))
	}
	delete(doc, "buffers")
	return g.glb(t, doc, extra...)
}
