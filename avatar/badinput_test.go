package avatar

import (
	"bytes"
	"encoding/base64"
	"encoding/binary"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// triangleBuffer is three float positions followed by three uint16
// indices (i0, i1, i2), padded to 4 bytes.
func triangleBuffer(i0, i1, i2 uint16) []byte {
	var b bytes.Buffer
	for _, f := range []float32{0, 0, 0, 1, 0, 0, 0, 1, 0} {
		binary.Write(&b, binary.LittleEndian, f)
	}
	binary.Write(&b, binary.LittleEndian, []uint16{i0, i1, i2, 0})
	return b.Bytes()
}

// triangleGLTF is a one-triangle glTF whose buffer has the given URI; extra
// is spliced into the top-level object.
func triangleGLTF(uri, extra string) string {
	return fmt.Sprintf(`{"asset":{"version":"2.0"},%s
 "buffers":[{"uri":%q,"byteLength":44}],
 "bufferViews":[{"buffer":0,"byteOffset":0,"byteLength":36},{"buffer":0,"byteOffset":36,"byteLength":8}],
 "accessors":[{"bufferView":0,"componentType":5126,"count":3,"type":"VEC3","min":[0,0,0],"max":[1,1,0]},
  {"bufferView":1,"componentType":5123,"count":3,"type":"SCALAR"}],
 "meshes":[{"primitives":[{"attributes":{"POSITION":0},"indices":1}]}],
 "nodes":[{"mesh":0}],"scenes":[{"nodes":[0]}],"scene":0}`, extra, uri)
}

func dataURI(b []byte) string {
	return "data:application/octet-stream;base64," + base64.StdEncoding.EncodeToString(b)
}

func TestTriangleLoads(t *testing.T) {
	m, err := LoadReader(strings.NewReader(triangleGLTF(dataURI(triangleBuffer(0, 1, 2)), "")), "tri.gltf")
	if err != nil {
		t.Fatal(err)
	}
	if m.Stats.Triangles != 1 || len(m.Meshes[0].Primitives[0].Normals) != 3 {
		t.Fatalf("stats %+v", m.Stats)
	}
	if n := m.Meshes[0].Primitives[0].Normals[0]; n[2] < 0.99 {
		t.Errorf("computed normal %v, want +z", n)
	}
}

// TestBadInput: every broken file gives an error that names the file and
// the problem, and never a panic.
func TestBadInput(t *testing.T) {
	box, err := os.ReadFile(sharedAsset(t, "BoxTextured.glb"))
	if err != nil {
		t.Fatal(err)
	}
	good := dataURI(triangleBuffer(0, 1, 2))
	cases := []struct {
		name, data  string
		want        []string
		unsupported bool
	}{
		{"truncated.glb", string(box[:len(box)/2]), []string{"truncated.glb"}, false},
		{"header-only.glb", string(box[:20]), []string{"header-only.glb"}, false},
		{"empty.glb", "", []string{"empty.glb"}, false},
		{"garbage.gltf", "{not json", []string{"garbage.gltf"}, false},
		{"draco.gltf", triangleGLTF(good, `"extensionsRequired":["KHR_draco_mesh_compression"],`), []string{"KHR_draco_mesh_compression", "gltf-transform", "gltfpack -cc"}, true},
		{"basisu.gltf", triangleGLTF(good, `"extensionsRequired":["KHR_texture_basisu"],`), []string{"KHR_texture_basisu", "PNG or JPEG"}, true},
		{"future.gltf", triangleGLTF(good, `"extensionsRequired":["EXT_future_thing"],`), []string{"EXT_future_thing", "re-export"}, true},
		{"index.gltf", triangleGLTF(dataURI(triangleBuffer(0, 1, 99)), ""), []string{"index.gltf", "out of range"}, false},
		{"accessor.gltf", strings.Replace(triangleGLTF(good, ""), `"indices":1`, `"indices":7`, 1), []string{"accessor 7 out of range"}, false},
		{"overrun.gltf", strings.Replace(triangleGLTF(good, ""), `"count":3,"type":"VEC3"`, `"count":300,"type":"VEC3"`, 1), []string{"overruns"}, false},
		{"cycle.gltf", strings.Replace(triangleGLTF(good, ""), `"nodes":[{"mesh":0}]`, `"nodes":[{"mesh":0,"children":[1]},{"children":[0]}]`, 1), []string{"cycle"}, false},
		{"skin.gltf", strings.Replace(triangleGLTF(good, ""), `"nodes":[{"mesh":0}]`, `"nodes":[{"mesh":0,"skin":3}]`, 1), []string{"skin index out of range"}, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := LoadReader(strings.NewReader(c.data), c.name)
			if err == nil {
				t.Fatal("loaded a broken file")
			}
			for _, w := range c.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q does not mention %q", err, w)
				}
			}
			if got := errors.Is(err, ErrUnsupportedExtension); got != c.unsupported {
				t.Errorf("errors.Is(ErrUnsupportedExtension) = %v", got)
			}
		})
	}
}

func TestMissingExternalBuffer(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "model.gltf")
	if err := os.WriteFile(path, []byte(triangleGLTF("missing.bin", "")), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err := Load(path)
	if err == nil || !strings.Contains(err.Error(), "missing.bin") || !strings.Contains(err.Error(), "model.gltf") {
		t.Fatalf("error %v should name model.gltf and missing.bin", err)
	}
	// With the buffer beside it, the same file loads.
	if err := os.WriteFile(filepath.Join(dir, "missing.bin"), triangleBuffer(0, 1, 2), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := Load(path); err != nil {
		t.Fatal(err)
	}
}

func TestStripAndFan(t *testing.T) {
	if got := stripToList([]uint32{0, 1, 2, 3}); fmt.Sprint(got) != "[0 1 2 2 1 3]" {
		t.Errorf("strip: %v", got)
	}
	if got := fanToList([]uint32{0, 1, 2, 3}); fmt.Sprint(got) != "[0 1 2 0 2 3]" {
		t.Errorf("fan: %v", got)
	}
}
