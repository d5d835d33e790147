package meshopt

import (
	"errors"
	"path/filepath"
	"testing"
)

// FuzzDecodeVertex feeds arbitrary attribute streams, counts, strides and
// filters to the decoder, seeded with the fixtures; it must return an
// error wrapping ErrCorrupt or ErrUnsupported, or decode, and never panic.
func FuzzDecodeVertex(f *testing.F) {
	for _, c := range readFixtures(f, filepath.Join("testdata", "fixtures.json")) {
		if c.mode == Attributes && len(c.Encoded) < 1024 { // large seeds slow the fuzzer to a crawl
			f.Add(c.Encoded, uint16(c.Count), uint8(c.Stride/4), uint8(c.filter))
		}
	}
	f.Fuzz(func(t *testing.T, src []byte, count uint16, quads, filter uint8) {
		stride := int(quads%64+1) * 4
		dst := make([]byte, int(count)*stride)
		err := Decode(dst, src, int(count), stride, Attributes, Filter(filter%5))
		checkFuzzError(t, err)
	})
}

// FuzzDecodeIndex does the same for the triangle and sequence codecs.
func FuzzDecodeIndex(f *testing.F) {
	for _, c := range readFixtures(f, filepath.Join("testdata", "fixtures.json")) {
		if c.mode != Attributes && len(c.Encoded) < 512 { // large seeds slow the fuzzer to a crawl
			f.Add(c.Encoded, uint16(c.Count), c.mode == Triangles, c.Stride == 4)
		}
	}
	f.Fuzz(func(t *testing.T, src []byte, count uint16, triangles, wide bool) {
		mode, size := Indices, 2
		if triangles {
			mode, count = Triangles, count/3*3
		}
		if wide {
			size = 4
		}
		dst := make([]byte, int(count)*size)
		checkFuzzError(t, Decode(dst, src, int(count), size, mode, FilterNone))
	})
}

func checkFuzzError(t *testing.T, err error) {
	if err != nil && !errors.Is(err, ErrCorrupt) && !errors.Is(err, ErrUnsupported) {
		t.Fatalf("error %v wraps neither ErrCorrupt nor ErrUnsupported", err)
	}
}
