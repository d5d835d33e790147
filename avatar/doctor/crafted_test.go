package doctor

import (
	"bytes"
	"encoding/base64"
	"encoding/binary"
	"encoding/json"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// craft describes a small glTF file built for one test.
type craft struct {
	height   float32               // of the one triangle, in file units; 0 means no mesh
	bones    []string              // names of extra nodes, children of the root
	at       map[string][3]float32 // a bone's position (default: mid-height)
	required []string              // extensionsRequired (and extensionsUsed)
	texture  []byte                // image data of a base colour texture, or nil
	nan      bool                  // a position is NaN
	far      [3]float64            // the root's translation
}

// doc returns the glTF JSON: one triangle height tall under a root node,
// its positions in a data: URI buffer.
func (c craft) doc() map[string]any {
	d := map[string]any{"asset": map[string]any{"version": "2.0"}, "scene": 0}
	root := map[string]any{"name": "root", "translation": c.far}
	nodes := []any{root}
	var children []int
	for _, b := range c.bones {
		children = append(children, len(nodes))
		p, ok := c.at[b]
		if !ok {
			p = [3]float32{0, c.height / 2, 0}
		}
		nodes = append(nodes, map[string]any{"name": b, "translation": p})
	}
	if len(children) > 0 {
		root["children"] = children
	}
	if c.height > 0 {
		c.addMesh(d, root)
	}
	if len(c.required) > 0 {
		d["extensionsUsed"], d["extensionsRequired"] = c.required, c.required
	}
	d["nodes"] = nodes
	d["scenes"] = []any{map[string]any{"nodes": []int{0}}}
	return d
}

// addMesh adds the triangle (and the texture, if any) to d on node root.
func (c craft) addMesh(d, root map[string]any) {
	h := c.height
	pos := []float32{-h / 8, 0, 0, h / 8, 0, 0, 0, h, 0}
	if c.nan {
		pos[4] = float32(math.NaN())
	}
	var buf bytes.Buffer
	_ = binary.Write(&buf, binary.LittleEndian, pos)
	d["buffers"] = []any{map[string]any{"byteLength": buf.Len(),
		"uri": "data:application/octet-stream;base64," + base64.StdEncoding.EncodeToString(buf.Bytes())}}
	d["bufferViews"] = []any{map[string]any{"buffer": 0, "byteLength": buf.Len()}}
	d["accessors"] = []any{map[string]any{"bufferView": 0, "componentType": 5126, "count": 3, "type": "VEC3",
		"min": []float32{-h / 8, 0, 0}, "max": []float32{h / 8, h, 0}}}
	prim := map[string]any{"attributes": map[string]int{"POSITION": 0}}
	if c.texture != nil {
		prim["material"] = 0
		d["materials"] = []any{map[string]any{"pbrMetallicRoughness": map[string]any{"baseColorTexture": map[string]int{"index": 0}}}}
		d["textures"] = []any{map[string]int{"source": 0}}
		d["images"] = []any{map[string]any{"uri": "data:image/png;base64," + base64.StdEncoding.EncodeToString(c.texture)}}
	}
	d["meshes"] = []any{map[string]any{"primitives": []any{prim}}}
	root["mesh"] = 0
}

// write saves the craft as a .gltf in dir and returns its path.
func (c craft) write(t *testing.T, dir, name string) string {
	t.Helper()
	data, err := json.Marshal(c.doc())
	if err != nil {
		t.Fatal(err)
	}
	return writeFile(t, dir, name, data)
}

// glb wraps glTF JSON in a GLB container with no binary chunk.
func glb(js []byte) []byte {
	for len(js)%4 != 0 {
		js = append(js, ' ')
	}
	var b bytes.Buffer
	b.WriteString("glTF")
	_ = binary.Write(&b, binary.LittleEndian, []uint32{2, uint32(12 + 8 + len(js)), uint32(len(js))})
	b.WriteString("JSON")
	b.Write(js)
	return b.Bytes()
}

func writeFile(t *testing.T, dir, name string, data []byte) string {
	t.Helper()
	path := filepath.Join(dir, name)
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// humanBones are Mixamo names kin maps onto hips, spine, neck, both arms
// and both legs: a body with no head.
var humanBones = []string{"Hips", "Spine", "Neck", "LeftArm", "RightArm", "LeftForeArm", "RightForeArm",
	"LeftUpLeg", "RightUpLeg", "LeftLeg", "RightLeg", "LeftFoot", "RightFoot"}

// withHead is humanBones and a head.
var withHead = append(humanBones[:len(humanBones):len(humanBones)], "Head")

// sides places the left arm at x = left and the right arm opposite.
func sides(left float32) map[string][3]float32 {
	return map[string][3]float32{"Hips": {0, 0.9, 0}, "Head": {0, 1.6, 0}, "LeftArm": {left, 1.4, 0}, "RightArm": {-left, 1.4, 0}}
}

// lying puts the head beside the hips rather than above them.
var lying = map[string][3]float32{"Hips": {0, 0.1, 0}, "Head": {0, 0.2, 1.5}}

// TestCraftedFiles checks the verdict on broken and borderline files.
func TestCraftedFiles(t *testing.T) {
	dir := t.TempDir()
	rng := rand.New(rand.NewPCG(1, 2))
	noise := make([]byte, 4096)
	for i := range noise {
		noise[i] = byte(rng.IntN(256))
	}
	box, err := os.ReadFile(filepath.Join(sharedAssets(t), "BoxTextured.glb"))
	if err != nil {
		t.Fatal(err)
	}
	emptyGLB, _ := json.Marshal(craft{}.doc())
	tests := []struct {
		name string
		path string
		exit int
		says string // a fragment of some problem's message
	}{
		{"random bytes", writeFile(t, dir, "noise.glb", noise), 2, "is not a GLB, glTF or VRM model"},
		{"truncated GLB", writeFile(t, dir, "cut.glb", box[:len(box)*6/10]), 2, "ends too early"},
		{"GLB header only", writeFile(t, dir, "stub.glb", box[:14]), 2, "ends too early"},
		{"GLB without a JSON chunk", writeFile(t, dir, "nojson.glb", append([]byte("glTF\x02\x00\x00\x00\x20\x00\x00\x00\x04\x00\x00\x00BIN\x00"), 0, 0, 0, 0)), 2, "container"},
		{"broken JSON", writeFile(t, dir, "broken.gltf", []byte(`{"asset": {"version": "2.0"`)), 2, "ends too early"},
		{"no meshes", writeFile(t, dir, "empty.glb", glb(emptyGLB)), 1, "no mesh"},
		{"missing file", filepath.Join(dir, "absent.vrm"), 2, "cannot find absent.vrm"},
		{"a folder", dir, 2, "is a folder"},
		{"unknown required extension", craft{height: 1.7, required: []string{"EXT_kin_unknown"}}.write(t, dir, "ext.gltf"), 2, "needs EXT_kin_unknown, which"},
		{"100 times too large", craft{height: 170}.write(t, dir, "huge.gltf"), 1, "centimetres"},
		{"1000 times too small", craft{height: 0.0017}.write(t, dir, "tiny.gltf"), 1, "tiny"},
		{"a bit large", craft{height: 4}.write(t, dir, "tall.gltf"), 0, "check its units"},
		{"humanoid without a head", craft{height: 1.7, bones: humanBones}.write(t, dir, "headless.gltf"), 1, "no head bone"},
		{"undecodable texture", craft{height: 1.7, texture: noise[:64]}.write(t, dir, "badtex.gltf"), 1, "will show blank"},
		{"facing backwards", craft{height: 1.7, bones: withHead, at: sides(-0.2)}.write(t, dir, "back.gltf"), 0, "faces -Z"},
		{"lying down", craft{height: 1.7, bones: withHead, at: lying}.write(t, dir, "lying.gltf"), 1, "lying down"},
		{"a position not a number", craft{height: 1.7, nan: true}.write(t, dir, "nan.gltf"), 2, "are not numbers"},
		{"a translation too large", craft{height: 1.7, far: [3]float64{1e39, 0, 0}}.write(t, dir, "far.gltf"), 2, "are not numbers"},
		{"a plain triangle", craft{height: 1.7}.write(t, dir, "ok.gltf"), 0, "No humanoid skeleton"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := Examine(tt.path)
			if r.ExitCode() != tt.exit || r.Usable() != (tt.exit == 0) || r.Loadable != (tt.exit < 2) {
				t.Errorf("exit %d usable %v loadable %v, want exit %d:\n%s", r.ExitCode(), r.Usable(), r.Loadable, tt.exit, r)
			}
			if !mentions(r, tt.says) {
				t.Errorf("no problem mentions %q:\n%s", tt.says, r)
			}
			checkPlain(t, r)
		})
	}
}

// jargon is Go decoder talk that must never reach a user's messages.
var jargon = []string{"invalid character", "unexpected EOF", "looking for beginning", "gltf:", "avatar:", "json:", "%!"}

// checkPlain fails when a message or fix carries decoder jargon, or when
// an error or warning comes without a fix.
func checkPlain(t *testing.T, r Report) {
	t.Helper()
	for _, p := range r.Problems {
		for _, j := range jargon {
			if strings.Contains(p.Message, j) || strings.Contains(p.Fix, j) {
				t.Errorf("%s %q carries jargon %q", p.Severity, p.Message, j)
			}
		}
		if p.Severity != SevNote && p.Fix == "" {
			t.Errorf("%s %q has no fix", p.Severity, p.Message)
		}
		if strings.Contains(p.Message, ",,") {
			t.Errorf("%q doubles a comma", p.Message)
		}
		if !strings.HasSuffix(p.Message, ".") {
			t.Errorf("%q is not a sentence", p.Message)
		}
	}
	if !r.Loadable && (len(r.Errors) != 1 || !strings.Contains(r.Errors[0], filepath.Base(r.File))) {
		t.Errorf("a load failure should be one error naming the file, got %q", r.Errors)
	}
}

// TestSharedPlain holds every shared model's messages to the same rules.
func TestSharedPlain(t *testing.T) {
	for _, path := range sharedModels(t) {
		t.Run(filepath.Base(path), func(t *testing.T) { checkPlain(t, Examine(path)) })
	}
}

// TestReadExtensionsNotIgnored: the doctor does not call extensions kin
// reads ignored (spring bones, their colliders, VRM animations).
func TestReadExtensionsNotIgnored(t *testing.T) {
	for _, name := range []string{"springbone/sphere-collider.gltf", "springbone/plane-collider.gltf", "three-vrm_test.vrma"} {
		r := Examine(filepath.Join(sharedAssets(t), name))
		if len(r.Extensions.Used) == 0 {
			t.Errorf("%s: no extensions used, want VRMC ones: %+v", name, r.Extensions)
		}
		if len(r.Extensions.Ignored) > 0 || mentions(r, "ignores") {
			t.Errorf("%s: ignored %v:\n%s", name, r.Extensions.Ignored, r)
		}
	}
}

// TestHeightFactor checks the units hint.
func TestHeightFactor(t *testing.T) {
	for _, tt := range []struct {
		h    float64
		want string
	}{{170, "about 100×"}, {1700, "about 1000×"}, {25, "about 10×"}} {
		if got := factor(tt.h); got != tt.want {
			t.Errorf("factor(%g) = %q, want %q", tt.h, got, tt.want)
		}
	}
}
