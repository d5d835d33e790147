package meshopt

import (
	"bytes"
	"errors"
	"path/filepath"
	"strings"
	"testing"
)

// fixtureNamed returns one committed fixture.
func fixtureNamed(t testing.TB, name string) fixture {
	t.Helper()
	for _, c := range readFixtures(t, filepath.Join("testdata", "fixtures.json")) {
		if c.Name == name {
			return c
		}
	}
	t.Fatalf("no fixture %s", name)
	return fixture{}
}

// TestCorrupt: each kind of damage gives an error wrapping ErrCorrupt or
// ErrUnsupported whose text says what is wrong.
func TestCorrupt(t *testing.T) {
	v0 := fixtureNamed(t, "v0-l2-smooth-100x16")
	v1 := fixtureNamed(t, "v1-l3-xor-100x16")
	tri := fixtureNamed(t, "tri-grid-2")
	seq := fixtureNamed(t, "seq-random-4")
	with := func(b []byte, i int, v byte) []byte { b = bytes.Clone(b); b[i] = v; return b }
	cases := []struct {
		name          string
		src           []byte
		count, stride int
		mode          Mode
		filter        Filter
		want          string
		unsupported   bool
	}{
		{"empty vertex", nil, 10, 16, Attributes, FilterNone, "empty", false},
		{"not vertex data", with(v0.Encoded, 0, 0x42), 100, 16, Attributes, FilterNone, "not meshopt vertex data", false},
		{"vertex version 2", with(v0.Encoded, 0, 0xa2), 100, 16, Attributes, FilterNone, "version 2", true},
		{"vertex truncated", v0.Encoded[:len(v0.Encoded)/2], 100, 16, Attributes, FilterNone, "", false},
		{"vertex too short for count", v0.Encoded, 100000, 16, Attributes, FilterNone, "cannot hold 100000 elements", false},
		{"vertex extra bytes", append(bytes.Clone(v0.Encoded[:len(v0.Encoded)-32]), append(make([]byte, 40), v0.Encoded[len(v0.Encoded)-32:]...)...), 100, 16, Attributes, FilterNone, "left over", false},
		{"vertex fewer elements", v0.Encoded, 50, 16, Attributes, FilterNone, "", false},
		{"channel 3", with(v1.Encoded, len(v1.Encoded)-1, 3), 100, 16, Attributes, FilterNone, "channel", false},
		{"stride 6", v0.Encoded, 100, 6, Attributes, FilterNone, "stride 6", false},
		{"stride 260", v0.Encoded, 100, 260, Attributes, FilterNone, "stride 260", false},
		{"octahedral stride 16", v0.Encoded, 100, 16, Attributes, FilterOctahedral, "OCTAHEDRAL", false},
		{"quaternion stride 4", v0.Encoded, 100, 4, Attributes, FilterQuaternion, "QUATERNION", false},
		{"negative count", v0.Encoded, -1, 16, Attributes, FilterNone, "count", false},
		{"unknown mode", v0.Encoded, 100, 16, Mode(7), FilterNone, "mode", false},
		{"unknown filter", v0.Encoded, 100, 16, Attributes, Filter(9), "filter", false},
		{"not triangle data", with(tri.Encoded, 0, 0xd1), tri.Count, 2, Triangles, FilterNone, "not meshopt triangle data", false},
		{"triangle version 2", with(tri.Encoded, 0, 0xe2), tri.Count, 2, Triangles, FilterNone, "version 2", true},
		{"triangle count not 3n", tri.Encoded, tri.Count - 1, 2, Triangles, FilterNone, "multiple of 3", false},
		{"triangle stride 3", tri.Encoded, tri.Count, 3, Triangles, FilterNone, "stride 3", false},
		{"triangle filter", tri.Encoded, tri.Count, 2, Triangles, FilterExponential, "attributes only", false},
		{"triangle truncated", tri.Encoded[:len(tri.Encoded)-20], tri.Count, 2, Triangles, FilterNone, "", false},
		{"triangle too short", tri.Encoded, 3 * len(tri.Encoded), 2, Triangles, FilterNone, "cannot hold", false},
		{"triangle fewer", tri.Encoded, tri.Count - 3, 2, Triangles, FilterNone, "left over", false},
		{"not sequence data", with(seq.Encoded, 0, 0xe1), seq.Count, 4, Indices, FilterNone, "not meshopt index sequence data", false},
		{"sequence truncated", seq.Encoded[:len(seq.Encoded)-30], seq.Count, 4, Indices, FilterNone, "", false},
		{"sequence fewer", seq.Encoded, seq.Count - 10, 4, Indices, FilterNone, "left over", false},
		{"sequence more", seq.Encoded, seq.Count + 10, 4, Indices, FilterNone, "ends", false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			dst := make([]byte, max(0, c.count*max(c.stride, 1)))
			err := Decode(dst, c.src, c.count, c.stride, c.mode, c.filter)
			if err == nil {
				t.Fatal("decoded damaged data without an error")
			}
			if !strings.Contains(err.Error(), c.want) {
				t.Errorf("error %q does not mention %q", err, c.want)
			}
			sentinel := ErrCorrupt
			if c.unsupported {
				sentinel = ErrUnsupported
			}
			if !errors.Is(err, sentinel) {
				t.Errorf("error %q does not wrap %v", err, sentinel)
			}
		})
	}
}

// TestShortOutput: an output buffer too small is an error, not a panic.
func TestShortOutput(t *testing.T) {
	c := fixtureNamed(t, "v0-l2-smooth-100x16")
	for _, mode := range []Mode{Attributes, Triangles, Indices} {
		stride := 16
		if mode != Attributes {
			stride = 4
		}
		if err := Decode(make([]byte, 10), c.Encoded, 99, stride, mode, FilterNone); err == nil || !strings.Contains(err.Error(), "output holds 10 bytes") {
			t.Errorf("%s: %v", mode, err)
		}
	}
}

// TestTruncations cuts every fixture at every length: the decoder must
// refuse (or, rarely, decode) each prefix without panicking, and must
// refuse every prefix of the triangle and sequence streams.
func TestTruncations(t *testing.T) {
	for _, c := range readFixtures(t, filepath.Join("testdata", "fixtures.json")) {
		if c.Count > 300 || c.Stride > 16 {
			continue
		}
		dst := make([]byte, c.Count*c.Stride)
		for n := 0; n < len(c.Encoded); n++ {
			err := Decode(dst, c.Encoded[:n], c.Count, c.Stride, c.mode, c.filter)
			if err == nil && c.mode != Attributes {
				t.Errorf("%s cut to %d of %d bytes decoded without an error", c.Name, n, len(c.Encoded))
			}
		}
	}
}
