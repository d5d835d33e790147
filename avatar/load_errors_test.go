package avatar

import (
	"bytes"
	"encoding/binary"
	"math/rand/v2"
	"strings"
	"testing"
	"time"
)

// glb packs a JSON chunk and an optional binary chunk, with the binary
// chunk's declared length given separately so a test can lie about it.
func glb(version uint32, jsonText string, bin []byte, binLength uint32) []byte {
	for len(jsonText)%4 != 0 {
		jsonText += " "
	}
	var b bytes.Buffer
	total := 12 + 8 + len(jsonText)
	if bin != nil {
		total += 8 + len(bin)
	}
	binary.Write(&b, binary.LittleEndian, []uint32{0x46546C67, version, uint32(total), uint32(len(jsonText)), chunkJSON})
	b.WriteString(jsonText)
	if bin != nil {
		binary.Write(&b, binary.LittleEndian, []uint32{binLength, chunkBIN})
		b.Write(bin)
	}
	return b.Bytes()
}

// TestLoaderSentences: hostile files end in a sentence that names what is
// wrong — the field, the number, the file size — quickly, without the
// decoder's raw message.
func TestLoaderSentences(t *testing.T) {
	random := make([]byte, 4096)
	rng := rand.New(rand.NewPCG(1, 2))
	for i := range random {
		random[i] = byte(rng.UintN(256))
	}
	random[0] = 0x17
	asset := `{"asset":{"version":"2.0"},"buffers":[{"byteLength":1000000000000}]}`
	cases := []struct {
		name string
		data []byte
		want []string
	}{
		{"random.glb", random, []string{"not a glTF, GLB or VRM file"}},
		{"empty.vrm", nil, []string{"not a glTF, GLB or VRM file"}},
		{"terabyte.glb", glb(2, asset, make([]byte, 16), 16), []string{"buffers[0].byteLength", "1000000000000", "16 bytes"}},
		{"lying-chunk.glb", glb(2, asset, make([]byte, 16), 1<<31), []string{"declares a length of 2147483648", "only", "bytes long"}},
		{"version1.glb", glb(1, asset, nil, 0), []string{"GLB version 1"}},
		{"broken.gltf", []byte(`{"asset": {"version": "2.0"}, nope}`), []string{"JSON is broken at byte", "of 35"}},
		{"typed.gltf", []byte(`{"asset":{"version":"2.0"},"buffers":"many"}`), []string{"buffers", "re-export"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			start := time.Now()
			_, err := LoadReader(bytes.NewReader(c.data), c.name)
			if took := time.Since(start); took > 100*time.Millisecond {
				t.Errorf("took %v", took)
			}
			if err == nil {
				t.Fatal("loaded a hostile file")
			}
			for _, w := range append(c.want, c.name) {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("%q lacks %q", err, w)
				}
			}
			for _, raw := range []string{"invalid character", "EOF", "looking for"} {
				if strings.Contains(err.Error(), raw) {
					t.Errorf("%q leaks %q", err, raw)
				}
			}
		})
	}
}
