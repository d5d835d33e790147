package meshopt

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// fixture is one case written by testdata/encode.mjs: a buffer encoded by
// the reference encoder and what the reference decoder makes of it.
type fixture struct {
	Name    string `json:"name"`
	Mode    string `json:"mode"`
	Filter  string `json:"filter"`
	Count   int    `json:"count"`
	Stride  int    `json:"stride"`
	Encoded []byte `json:"encoded"`
	Decoded []byte `json:"decoded"`
	mode    Mode
	filter  Filter
}

func readFixtures(t testing.TB, path string) []fixture {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var file struct {
		Cases []fixture `json:"cases"`
	}
	if err := json.Unmarshal(data, &file); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	if len(file.Cases) < 100 {
		t.Fatalf("%s: only %d cases", path, len(file.Cases))
	}
	for i := range file.Cases {
		c := &file.Cases[i]
		if c.mode, err = ParseMode(c.Mode); err != nil {
			t.Fatal(err)
		}
		if c.filter, err = ParseFilter(c.Filter); err != nil {
			t.Fatal(err)
		}
	}
	return file.Cases
}

// TestFixtures decodes every committed fixture and compares with the
// reference decoder: exactly, or within one unit per component for the
// lossy filters.
func TestFixtures(t *testing.T) {
	checkFixtures(t, readFixtures(t, filepath.Join("testdata", "fixtures.json")))
}

func checkFixtures(t *testing.T, cases []fixture) {
	for _, c := range cases {
		t.Run(c.Name, func(t *testing.T) {
			if err := Validate(c.Encoded, c.Count, c.Stride, c.mode, c.filter); err != nil {
				t.Fatalf("Validate: %v", err)
			}
			got := make([]byte, c.Count*c.Stride)
			if err := Decode(got, c.Encoded, c.Count, c.Stride, c.mode, c.filter); err != nil {
				t.Fatal(err)
			}
			if c.filter == FilterNone || c.filter == FilterExponential {
				if !bytes.Equal(got, c.Decoded) {
					t.Fatalf("decoded bytes differ from the reference at byte %d", firstDiff(got, c.Decoded))
				}
				return
			}
			if i, d := maxComponentDiff(got, c.Decoded, c.Stride/4); d > 1 {
				t.Fatalf("component %d is off by %d from the reference (allowed: 1)", i, d)
			}
		})
	}
}

func firstDiff(a, b []byte) int {
	for i := range min(len(a), len(b)) {
		if a[i] != b[i] {
			return i
		}
	}
	return min(len(a), len(b))
}

// maxComponentDiff compares signed or unsigned components of width bytes
// (1 or 2) and returns the index and size of the largest difference.
func maxComponentDiff(a, b []byte, width int) (at, worst int) {
	for i := 0; i+width <= len(a); i += width {
		var x, y int
		if width == 1 {
			x, y = int(a[i]), int(b[i])
		} else {
			x, y = int(binary.LittleEndian.Uint16(a[i:])), int(binary.LittleEndian.Uint16(b[i:]))
		}
		d := abs(x - y)
		d = min(d, 1<<(8*width)-d) // -1 and 0 differ by one, not 255
		if d > worst {
			at, worst = i/width, d
		}
	}
	return at, worst
}

func abs(v int) int {
	if v < 0 {
		return -v
	}
	return v
}

// TestFixturesCover checks that the fixtures exercise every part of the
// format, so a quiet change to encode.mjs cannot hollow the test out.
func TestFixturesCover(t *testing.T) {
	seen := map[string]bool{}
	for _, c := range readFixtures(t, filepath.Join("testdata", "fixtures.json")) {
		seen[c.Mode+"/"+c.Filter] = true
		if c.mode == Attributes && len(c.Encoded) > 0 {
			seen[[]string{"v0", "v1"}[c.Encoded[0]&1]] = true
			if c.Encoded[0] == 0xa1 {
				for _, ch := range c.Encoded[len(c.Encoded)-c.Stride/4:] {
					seen["channel"+string(rune('0'+ch&3))] = true
				}
			}
		}
	}
	for _, want := range []string{"v0", "v1", "channel0", "channel1", "channel2",
		"ATTRIBUTES/NONE", "ATTRIBUTES/OCTAHEDRAL", "ATTRIBUTES/QUATERNION", "ATTRIBUTES/EXPONENTIAL", "ATTRIBUTES/COLOR",
		"TRIANGLES/NONE", "INDICES/NONE"} {
		if !seen[want] {
			t.Errorf("no fixture exercises %s", want)
		}
	}
}

// TestReferenceEncoder re-runs encode.mjs with the installed npm package
// (MESHOPTIMIZER names its folder) and decodes what it writes, so a newer
// encoder is checked too. It is skipped without node or the package.
func TestReferenceEncoder(t *testing.T) {
	dir := os.Getenv("MESHOPTIMIZER")
	if dir == "" {
		t.Skip("MESHOPTIMIZER is not set (npm install meshoptimizer; MESHOPTIMIZER=.../node_modules/meshoptimizer)")
	}
	node, err := exec.LookPath("node")
	if err != nil {
		t.Skip("node is not installed")
	}
	out := filepath.Join(t.TempDir(), "fixtures.json")
	cmd := exec.Command(node, filepath.Join("testdata", "encode.mjs"), out)
	cmd.Env = append(os.Environ(), "MESHOPTIMIZER="+dir)
	if msg, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("encode.mjs: %v\n%s", err, msg)
	}
	checkFixtures(t, readFixtures(t, out))
}

// TestIndexVersion0 decodes a version 1 triangle stream relabelled as
// version 0: the versions differ only in codes 0xXd and 0xXe, which these
// streams do not use, so the result must not change.
func TestIndexVersion0(t *testing.T) {
	for _, c := range readFixtures(t, filepath.Join("testdata", "fixtures.json")) {
		if c.mode != Triangles || c.Count == 0 || usesNearCodes(c.Encoded, c.Count/3) {
			continue
		}
		enc := bytes.Clone(c.Encoded)
		enc[0] = 0xe0
		got := make([]byte, len(c.Decoded))
		if err := DecodeIndexBuffer(got, c.Count, c.Stride, enc); err != nil {
			t.Fatalf("%s: %v", c.Name, err)
		}
		if !bytes.Equal(got, c.Decoded) {
			t.Errorf("%s: version 0 decodes differently", c.Name)
		}
	}
}

func usesNearCodes(enc []byte, tris int) bool {
	for _, code := range enc[1 : 1+tris] {
		if code < 0xf0 && (code&15 == 13 || code&15 == 14) {
			return true
		}
	}
	return false
}

func TestParse(t *testing.T) {
	for _, m := range []Mode{Attributes, Triangles, Indices} {
		if got, err := ParseMode(m.String()); got != m || err != nil {
			t.Errorf("ParseMode(%q) = %v, %v", m, got, err)
		}
	}
	for _, f := range []Filter{FilterNone, FilterOctahedral, FilterQuaternion, FilterExponential, FilterColor} {
		if got, err := ParseFilter(f.String()); got != f || err != nil {
			t.Errorf("ParseFilter(%q) = %v, %v", f, got, err)
		}
	}
	if f, err := ParseFilter(""); f != FilterNone || err != nil {
		t.Errorf("empty filter: %v, %v", f, err)
	}
	for _, bad := range []string{"attributes", "LINES"} {
		if _, err := ParseMode(bad); !errors.Is(err, ErrCorrupt) || !strings.Contains(err.Error(), bad) {
			t.Errorf("ParseMode(%q): %v", bad, err)
		}
	}
	if _, err := ParseFilter("SEPIA"); !errors.Is(err, ErrCorrupt) {
		t.Errorf("ParseFilter(SEPIA): %v", err)
	}
}
