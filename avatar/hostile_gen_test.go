package avatar

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
)

// The hostile corpus in testdata/hostile is written by hostileFiles; `go test
// ./avatar -run TestHostileCorpus -update` rewrites it. Each file lies in one way.

// hostileFiles returns every file of the hostile corpus by name.
func hostileFiles() map[string][]byte {
	good := dataURI(triangleBuffer(0, 1, 2))
	tri := func(extra string) string { return triangleGLTF(good, extra) }
	swap := func(old, new string) []byte { return []byte(strings.Replace(tri(""), old, new, 1)) }
	const nodes = `"nodes":[{"mesh":0}]`
	const asset = `{"asset":{"version":"2.0"},"buffers":[{"byteLength":1000000000000}]}`
	return map[string][]byte{
		"random.bin":                    randomBytes(4096),
		"not-json.glb":                  glb(2, "this is not JSON, it only sits where JSON should be", nil, 0),
		"glb-version-1.glb":             glb(1, asset, nil, 0),
		"asset-version-3.gltf":          swap(`"asset":{"version":"2.0"}`, `"asset":{"version":"3.0"}`),
		"required-extension.gltf":       []byte(tri(`"extensionsRequired":["EXT_future_thing"],`)),
		"terabyte-buffer.glb":           glb(2, asset, make([]byte, 16), 16),
		"terabyte-buffer.gltf":          swap(`"byteLength":44`, `"byteLength":1000000000000`),
		"lying-chunk.glb":               glb(2, asset, make([]byte, 16), 1<<31),
		"lying-count.gltf":              swap(`"count":3,"type":"VEC3"`, `"count":1000000,"type":"VEC3"`),
		"huge-count.gltf":               swap(`"count":3,"type":"VEC3"`, `"count":4000000000,"type":"VEC3"`),
		"view-past-end.gltf":            swap(`{"buffer":0,"byteOffset":0,"byteLength":36}`, `{"buffer":0,"byteOffset":1000000,"byteLength":36}`),
		"view-too-long.gltf":            swap(`{"buffer":0,"byteOffset":0,"byteLength":36}`, `{"buffer":0,"byteOffset":0,"byteLength":36000000}`),
		"accessor-past-end.gltf":        swap(`"componentType":5126,"count":3`, `"byteOffset":1073741824,"componentType":5126,"count":3`),
		"node-cycle.gltf":               swap(nodes, `"nodes":[{"mesh":0,"children":[1]},{"children":[2]},{"children":[1]}]`),
		"node-own-child.gltf":           swap(nodes, `"nodes":[{"mesh":0,"children":[0]}]`),
		"skin-joint-cycle.gltf":         swap(nodes, `"skins":[{"joints":[1,2]}],"nodes":[{"mesh":0,"skin":0},{"children":[2]},{"children":[1]}]`),
		"huge-sparse.gltf":              hugeSparse(maxElements, maxElements),
		"many-unbacked.gltf":            manyUnbacked(3, maxUnbacked),
		"sparse-lying-count.gltf":       hugeSparse(3, 1000000000),
		"inf-translation.gltf":          swap(nodes, `"nodes":[{"mesh":0,"translation":[1e999,0,0]}]`),
		"nan-animation.gltf":            nanAnimation(),
		"nan-inverse-bind.gltf":         nanInverseBind(),
		"deep-json.gltf":                swap(`"scene":0`, `"scene":0,"extras":`+strings.Repeat("[", 20000)+strings.Repeat("]", 20000)),
		"deep-node-chain.gltf":          nodeChain(1500),
		"many-children-one-parent.gltf": swap(nodes, `"nodes":[{"mesh":0,"children":[1,1,1]},{}]`),
	}
}

// randomBytes is n fixed pseudo-random bytes starting with 0x17.
func randomBytes(n int) []byte {
	rng := rand.New(rand.NewPCG(1, 2))
	b := make([]byte, n)
	for i := range b {
		b[i] = byte(rng.UintN(256))
	}
	b[0] = 0x17
	return b
}

// floatsURI is a data: URI of little-endian float32s.
func floatsURI(fs ...float32) string {
	var b bytes.Buffer
	binary.Write(&b, binary.LittleEndian, fs)
	return dataURI(b.Bytes())
}

// hugeSparse is a triangle whose positions are a sparse accessor of count elements
// (no bufferView: all zeros) with a sparse part claiming sparseCount of them.
func hugeSparse(count, sparseCount int) []byte {
	return []byte(fmt.Sprintf(`{"asset":{"version":"2.0"},
 "buffers":[{"uri":%q,"byteLength":24}],
 "bufferViews":[{"buffer":0,"byteOffset":0,"byteLength":12},{"buffer":0,"byteOffset":12,"byteLength":12}],
 "accessors":[{"componentType":5126,"count":%d,"type":"VEC3","min":[0,0,0],"max":[1,1,0],
  "sparse":{"count":%d,"indices":{"bufferView":0,"componentType":5125},"values":{"bufferView":1}}}],
 "meshes":[{"primitives":[{"attributes":{"POSITION":0}}]}],
 "nodes":[{"mesh":0}],"scenes":[{"nodes":[0]}],"scene":0}`, floatsURI(0, 0, 0, 1, 1, 1), count, sparseCount))
}

// nanAnimation is a node animated to a NaN translation at its second key.
func nanAnimation() []byte {
	nan := float32(math.NaN())
	return []byte(fmt.Sprintf(`{"asset":{"version":"2.0"},
 "buffers":[{"uri":%q,"byteLength":32}],
 "bufferViews":[{"buffer":0,"byteOffset":0,"byteLength":8},{"buffer":0,"byteOffset":8,"byteLength":24}],
 "accessors":[{"bufferView":0,"componentType":5126,"count":2,"type":"SCALAR","min":[0],"max":[1]},
  {"bufferView":1,"componentType":5126,"count":2,"type":"VEC3"}],
 "animations":[{"name":"Drift","samplers":[{"input":0,"output":1}],"channels":[{"sampler":0,"target":{"node":0,"path":"translation"}}]}],
 "nodes":[{"name":"Hips"}],"scenes":[{"nodes":[0]}],"scene":0}`, floatsURI(0, 1, 0, 0, 0, nan, 0, 0)))
}

// nanInverseBind is a skin whose one inverse bind matrix is all NaN.
func nanInverseBind() []byte {
	m := make([]float32, 16)
	for i := range m {
		m[i] = float32(math.NaN())
	}
	return []byte(fmt.Sprintf(`{"asset":{"version":"2.0"},
 "buffers":[{"uri":%q,"byteLength":64}],
 "bufferViews":[{"buffer":0,"byteOffset":0,"byteLength":64}],
 "accessors":[{"bufferView":0,"componentType":5126,"count":1,"type":"MAT4"}],
 "skins":[{"joints":[0],"inverseBindMatrices":0}],
 "nodes":[{"name":"Hips"}],"scenes":[{"nodes":[0]}],"scene":0}`, floatsURI(m...)))
}

// nodeChain is n nodes, each the only child of the one before.
func nodeChain(n int) []byte {
	var b strings.Builder
	b.WriteString(`{"asset":{"version":"2.0"},"nodes":[`)
	for i := range n - 1 {
		fmt.Fprintf(&b, `{"children":[%d]},`, i+1)
	}
	b.WriteString(`{}],"scenes":[{"nodes":[0]}],"scene":0}`)
	return []byte(b.String())
}

// manyUnbacked is a mesh of n primitives, each with its own POSITION accessor of count
// elements and no bufferView: each one allowed, together too many.
func manyUnbacked(n, count int) []byte {
	var acc, prims []string
	for i := range n {
		acc = append(acc, fmt.Sprintf(`{"componentType":5126,"count":%d,"type":"VEC3","min":[0,0,0],"max":[0,0,0]}`, count))
		prims = append(prims, fmt.Sprintf(`{"attributes":{"POSITION":%d}}`, i))
	}
	return []byte(fmt.Sprintf(`{"asset":{"version":"2.0"},"accessors":[%s],"meshes":[{"primitives":[%s]}],
 "nodes":[{"mesh":0}],"scenes":[{"nodes":[0]}],"scene":0}`, strings.Join(acc, ","), strings.Join(prims, ",")))
}
