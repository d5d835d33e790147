package meshopt

import (
	"encoding/binary"
	"fmt"
)

const (
	triangleHeader = 0xe0 // triangle codec, version in the low nibble
	sequenceHeader = 0xd0 // index sequence codec
	codeAuxSize    = 16   // the triangle codec's lookup table at the end
	sequenceTail   = 4
)

// indexHeader checks the header byte of an index stream and that src is
// long enough for count indices: at least one byte per triangle (or per
// index of a sequence) plus the tail.
func indexHeader(src []byte, count int, header byte) error {
	what, need := "triangle", 1+count/3+codeAuxSize
	if header == sequenceHeader {
		what, need = "index sequence", 1+count+sequenceTail
	}
	if len(src) == 0 {
		return fmt.Errorf("%w: the compressed %s data is empty", ErrCorrupt, what)
	}
	if src[0]&0xf0 != header {
		return fmt.Errorf("%w: this is not meshopt %s data (first byte 0x%02x, expected 0x%02x)", ErrCorrupt, what, src[0], header|1)
	}
	if v := src[0] & 0x0f; v > 1 {
		return fmt.Errorf("%w: %s codec version %d (kin reads versions 0 and 1); re-export with a current gltfpack", ErrUnsupported, what, v)
	}
	if len(src) < need {
		return fmt.Errorf("%w: %d bytes of %s data cannot hold %d indices (at least %d bytes needed)", ErrCorrupt, len(src), what, count, need)
	}
	return nil
}

func leftover(what string, n int) error {
	if n < 0 {
		return fmt.Errorf("%w: the %s data ends too early", ErrCorrupt, what)
	}
	return fmt.Errorf("%w: %d bytes of %s data are left over, so the element count does not match the data", ErrCorrupt, n, what)
}

// indexWriter stores indices as 16- or 32-bit little-endian values.
type indexWriter struct {
	dst  []byte
	size int
}

func (w indexWriter) put(i int, v uint32) {
	if w.size == 2 {
		binary.LittleEndian.PutUint16(w.dst[2*i:], uint16(v))
	} else {
		binary.LittleEndian.PutUint32(w.dst[4*i:], v)
	}
}

// DecodeIndexSequence decodes count indices of size bytes (2 or 4) from an
// index sequence stream (mode INDICES) into dst.
func DecodeIndexSequence(dst []byte, count, size int, src []byte) error {
	if err := checkIndexArgs(dst, count, size, Indices); err != nil {
		return err
	}
	if err := indexHeader(src, count, sequenceHeader); err != nil {
		return err
	}
	w := indexWriter{dst, size}
	end := len(src) - sequenceTail
	pos := 1
	var last [2]uint32
	for i := 0; i < count; i++ {
		if pos >= end {
			return fmt.Errorf("%w: the index sequence ends after %d of %d indices", ErrCorrupt, i, count)
		}
		var v uint32
		v, pos = varint(src, pos)
		base := v & 1
		v >>= 1
		last[base] += (v >> 1) ^ -(v & 1)
		w.put(i, last[base])
	}
	return leftoverIf("index sequence", end-pos)
}

func leftoverIf(what string, n int) error {
	if n != 0 {
		return leftover(what, n)
	}
	return nil
}

func checkIndexArgs(dst []byte, count, size int, mode Mode) error {
	if err := checkLayout(count, size, mode, FilterNone); err != nil {
		return err
	}
	if len(dst) < count*size {
		return fmt.Errorf("meshopt: output holds %d bytes, %d indices of %d bytes need %d", len(dst), count, size, count*size)
	}
	return nil
}

// varint reads an unsigned LEB128 value of at most 5 bytes at pos. The
// caller guarantees 5 readable bytes (the stream's tail covers them).
func varint(src []byte, pos int) (uint32, int) {
	var v uint32
	for shift := 0; shift < 35; shift += 7 {
		b := src[pos]
		pos++
		v |= uint32(b&0x7f) << shift
		if b < 0x80 {
			break
		}
	}
	return v, pos
}
