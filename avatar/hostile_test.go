package avatar

import (
	"bytes"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"
)

const hostileDir = "testdata/hostile"

// hostileWant is what each file of the hostile corpus must be told with: the words
// its sentence must hold (the field, the number, the size), besides the file's name.
var hostileWant = map[string][]string{
	"random.bin":                    {"not a glTF, GLB or VRM file"},
	"not-json.glb":                  {"JSON is broken at byte 2 of 52"},
	"glb-version-1.glb":             {"GLB version 1", "glTF 2.0"},
	"asset-version-3.gltf":          {`asset.version is "3.0"`, "glTF 2.0"},
	"required-extension.gltf":       {"EXT_future_thing", "re-export"},
	"terabyte-buffer.glb":           {"buffers[0].byteLength is 1000000000000", "only 16 bytes"},
	"terabyte-buffer.gltf":          {"buffers[0].byteLength is 1000000000000", "only 44 bytes"},
	"lying-chunk.glb":               {"declares a length of 2147483648", "112 bytes long"},
	"lying-count.gltf":              {"1000000 elements", "bufferView 0, which holds 36 bytes"},
	"huge-count.gltf":               {"accessors[0].count is 4000000000"},
	"view-past-end.gltf":            {"bufferViews[0] (byteOffset 1000000, byteLength 36)", "buffer 0, which holds 44 bytes"},
	"view-too-long.gltf":            {"byteLength 36000000", "which holds 44 bytes"},
	"accessor-past-end.gltf":        {"from byte 1073741824", "holds 36 bytes"},
	"node-cycle.gltf":               {"node 2", "child 1 has two parents"},
	"node-own-child.gltf":           {"node 0", "is its own child"},
	"many-children-one-parent.gltf": {"child 1 has two parents"},
	"skin-joint-cycle.gltf":         {"node 1", "cycle in the node hierarchy"},
	"huge-sparse.gltf":              {"accessors[0].count is 4194304 with no bufferView", "262144"},
	"many-unbacked.gltf":            {"accessors[2]", "add up to 786432 elements", "524288"},
	"sparse-lying-count.gltf":       {"accessors[0].sparse.count is 1000000000", "only 3 elements"},
	"inf-translation.gltf":          {`"nodes.translation"`, "1e999"},
	"nan-animation.gltf":            {"animation 0 (Drift) channel 0", "output value 3 (key 1) is NaN"},
	"nan-inverse-bind.gltf":         {"skin 0", "inverse bind matrix 0 holds NaN"},
	"deep-json.gltf":                {"nests deeper than any model needs", "of 40584"},
	"deep-node-chain.gltf":          {"1001 levels deep", "up to 1000"},
}

// Limits each hostile file must be refused within. The time is checked loosely here
// (a loaded machine is slow); BenchmarkHostile measures it.
const (
	hostileMaxBytes = 64 << 20
	hostileMaxTime  = time.Second
)

// TestHostileCorpus: every file of testdata/hostile ends in a sentence naming the
// problem, without the decoder's raw words, allocating at most 64 MB. With -update
// the corpus is written again from hostileFiles.
func TestHostileCorpus(t *testing.T) {
	files := hostileFiles()
	if *update {
		writeHostile(t, files)
	}
	if len(files) != len(hostileWant) {
		t.Errorf("%d files generated, %d expected sentences", len(files), len(hostileWant))
	}
	for name, want := range hostileWant {
		t.Run(name, func(t *testing.T) {
			data, err := os.ReadFile(filepath.Join(hostileDir, name))
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(data, files[name]) {
				t.Errorf("%s differs from what hostileFiles makes; run go test ./avatar -run TestHostileCorpus -update", name)
			}
			msg, alloc, took := loadHostile(data, name)
			for _, w := range append(want, name) {
				if !strings.Contains(msg, w) {
					t.Errorf("%q lacks %q", msg, w)
				}
			}
			for _, raw := range []string{"invalid character", "EOF", "looking for", "short buffer", " gltf: "} {
				if strings.Contains(msg, raw) {
					t.Errorf("%q leaks the decoder's %q", msg, raw)
				}
			}
			if alloc > hostileMaxBytes || took > hostileMaxTime {
				t.Errorf("allocated %d bytes in %v; the limits are %d bytes and %v", alloc, took, hostileMaxBytes, hostileMaxTime)
			}
		})
	}
}

// loadHostile loads data and returns the error text ("" when it loaded), the bytes
// allocated meanwhile and the time taken.
func loadHostile(data []byte, name string) (msg string, alloc uint64, took time.Duration) {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	start := time.Now()
	_, err := LoadReader(bytes.NewReader(data), name)
	took = time.Since(start)
	runtime.ReadMemStats(&after)
	if err != nil {
		msg = err.Error()
	}
	return msg, after.TotalAlloc - before.TotalAlloc, took
}

func writeHostile(t *testing.T, files map[string][]byte) {
	if err := os.MkdirAll(hostileDir, 0o755); err != nil {
		t.Fatal(err)
	}
	for name, data := range files {
		if err := os.WriteFile(filepath.Join(hostileDir, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// BenchmarkHostile: the time and memory to refuse each hostile file (each must stay
// well under 100 ms and 64 MB).
func BenchmarkHostile(b *testing.B) {
	files := hostileFiles()
	names := make([]string, 0, len(files))
	for n := range files {
		names = append(names, n)
	}
	slices.Sort(names)
	for _, name := range names {
		b.Run(name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := LoadReader(bytes.NewReader(files[name]), name); err == nil {
					b.Fatal("loaded a hostile file")
				}
			}
		})
	}
}
