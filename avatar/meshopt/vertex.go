package meshopt

import (
	"fmt"
	"math/bits"
)

const (
	vertexHeaderByte = 0xa0
	blockSizeBytes   = 8192 // a block's elements fit in this many bytes
	blockMaxElements = 256
	groupSize        = 16 // elements per delta group
	groupDecodeLimit = 24 // the most bytes one group can read
	tailMinV0        = 32
	tailMinV1        = 24
)

// Header bits per group: version 0, then version 1 with control 0 and 1.
var (
	bitsV0  = [4]int{0, 2, 4, 8}
	bitsV1c = [2][4]int{{0, 1, 2, 4}, {1, 2, 4, 8}}
)

// vertexStream is the parsed frame of an attribute stream.
type vertexStream struct {
	version  int
	tail     []byte // baseline element, then (version 1) a channel byte per 4 bytes
	tailPad  int    // bytes after the blocks: the tail padded to its minimum
	blockLen int    // elements per block
}

// blockElements is the number of elements per block for a stride.
func blockElements(stride int) int {
	return min((blockSizeBytes/stride)&^(groupSize-1), blockMaxElements)
}

// vertexHeader checks the header byte and that src can hold count
// elements: even all-zero deltas cost header bits (version 0) or control
// bytes (version 1) in every block.
func vertexHeader(src []byte, count, stride int) (vertexStream, error) {
	if len(src) == 0 {
		return vertexStream{}, fmt.Errorf("%w: the compressed vertex data is empty", ErrCorrupt)
	}
	if src[0]&0xf0 != vertexHeaderByte {
		return vertexStream{}, fmt.Errorf("%w: this is not meshopt vertex data (first byte 0x%02x, expected 0xa0 or 0xa1)", ErrCorrupt, src[0])
	}
	s := vertexStream{version: int(src[0] & 0x0f), blockLen: blockElements(stride)}
	if s.version > 1 {
		return s, fmt.Errorf("%w: vertex codec version %d (kin reads versions 0 and 1); re-export with a current gltfpack", ErrUnsupported, s.version)
	}
	tailSize := stride
	s.tailPad = max(tailSize, tailMinV0)
	if s.version == 1 {
		tailSize += stride / 4
		s.tailPad = max(tailSize, tailMinV1)
	}
	if need := 1 + s.minBlocksSize(count, stride) + s.tailPad; len(src) < need {
		return s, fmt.Errorf("%w: %d bytes of vertex data cannot hold %d elements (at least %d bytes needed)", ErrCorrupt, len(src), count, need)
	}
	s.tail = src[len(src)-tailSize:]
	return s, nil
}

// minBlocksSize is the fewest bytes the blocks of count elements can take:
// all-zero deltas still cost header bits per group (version 0) or a control
// byte per four lanes (version 1).
func (s *vertexStream) minBlocksSize(count, stride int) int {
	full, rest := count/s.blockLen, count%s.blockLen
	if s.version == 1 {
		return (full + min(rest, 1)) * stride / 4
	}
	headerBits := func(n int) int { return stride * (((n+groupSize-1)/groupSize + 3) / 4) }
	return full*headerBits(s.blockLen) + headerBits(rest)
}

// DecodeVertexBuffer decodes count elements of stride bytes (a multiple of
// 4 up to 256) from an attribute stream into dst.
func DecodeVertexBuffer(dst []byte, count, stride int, src []byte) error {
	if err := checkLayout(count, stride, Attributes, FilterNone); err != nil {
		return err
	}
	if len(dst) < count*stride {
		return fmt.Errorf("meshopt: output holds %d bytes, %d elements of %d bytes need %d", len(dst), count, stride, count*stride)
	}
	s, err := vertexHeader(src, count, stride)
	if err != nil {
		return err
	}
	var last [256]byte
	copy(last[:], s.tail[:stride])
	d := vertexDecoder{src: src, pos: 1, s: &s, stride: stride, last: &last}
	for first := 0; first < count; first += s.blockLen {
		n := min(s.blockLen, count-first)
		if err := d.block(dst[first*stride:(first+n)*stride], n); err != nil {
			return fmt.Errorf("%w (in the block starting at element %d)", err, first)
		}
	}
	if rest := len(src) - d.pos - s.tailPad; rest != 0 {
		return leftover("vertex", rest)
	}
	return nil
}

// vertexDecoder walks the blocks of one attribute stream.
type vertexDecoder struct {
	src    []byte
	pos    int
	s      *vertexStream
	stride int
	last   *[256]byte // the previous element, which deltas apply to
	deltas [4][blockMaxElements]byte
}

var errShort = fmt.Errorf("%w: the vertex data ends too early", ErrCorrupt)

// block decodes n elements into out, four byte lanes at a time.
func (d *vertexDecoder) block(out []byte, n int) error {
	var control []byte
	if d.s.version == 1 {
		if len(d.src)-d.pos < d.stride/4 {
			return errShort
		}
		control = d.src[d.pos : d.pos+d.stride/4]
		d.pos += d.stride / 4
	}
	for k := 0; k < d.stride; k += 4 {
		ctrl, channel := byte(0), byte(0)
		if d.s.version == 1 {
			ctrl, channel = control[k/4], d.s.tail[d.stride+k/4]
		}
		for j := 0; j < 4; j++ {
			if err := d.lane(&d.deltas[j], n, int(ctrl>>(2*j))&3); err != nil {
				return err
			}
		}
		if err := d.apply(out, n, k, channel); err != nil {
			return err
		}
	}
	return nil
}

// lane decodes the deltas of one byte lane of n elements under a version 1
// control code (always 0 in version 0).
func (d *vertexDecoder) lane(out *[blockMaxElements]byte, n, ctrl int) error {
	switch ctrl {
	case 2: // all zero
		clear(out[:n])
		return nil
	case 3: // literal bytes
		if len(d.src)-d.pos < n {
			return errShort
		}
		copy(out[:n], d.src[d.pos:])
		d.pos += n
		return nil
	}
	table := &bitsV0
	if d.s.version == 1 {
		table = &bitsV1c[ctrl]
	}
	groups := (n + groupSize - 1) / groupSize
	headerLen := (groups + 3) / 4
	if len(d.src)-d.pos < headerLen {
		return errShort
	}
	header := d.src[d.pos : d.pos+headerLen]
	d.pos += headerLen
	for g := 0; g < groups; g++ {
		if len(d.src)-d.pos < groupDecodeLimit {
			return errShort
		}
		mode := header[g/4] >> (2 * (g % 4)) & 3
		d.pos += decodeGroup(d.src[d.pos:d.pos+groupDecodeLimit], (*[16]byte)(out[g*groupSize:]), table[mode])
	}
	return nil
}

// decodeGroup decodes 16 deltas stored with the given bits per delta from
// in (at least 24 bytes) and returns the bytes it used.
func decodeGroup(in []byte, out *[16]byte, nbits int) int {
	in = in[:groupDecodeLimit]
	switch nbits {
	case 0:
		*out = [16]byte{}
		return 0
	case 8:
		copy(out[:], in[:16])
		return 16
	case 1:
		next := 2
		for i := range out {
			v := in[(i>>3)&1] >> (i & 7) & 1
			next, out[i] = sentinel(in, next, v, 1)
		}
		return next
	case 2:
		next := 4
		for i := range out {
			v := in[(i>>2)&3] >> (6 - 2*(i&3)) & 3
			next, out[i] = sentinel(in, next, v, 3)
		}
		return next
	default:
		next := 8
		for i := range out {
			v := in[(i>>1)&7] >> (4 - 4*(i&1)) & 15
			next, out[i] = sentinel(in, next, v, 15)
		}
		return next
	}
}

// sentinel replaces a packed delta v equal to the all-ones marker s by the
// next explicit byte at in[next], which it consumes. next stays below 24:
// it starts at the packed size and grows at most once per delta before
// the last read.
func sentinel(in []byte, next int, v, s byte) (int, byte) {
	x := in[next]
	if v == s {
		return next + 1, x
	}
	return next, v
}

// apply adds the decoded deltas of the lanes k..k+3 to the previous element
// and writes n elements to out, as bytes, 16-bit words or rotated XOR
// words depending on the channel.
func (d *vertexDecoder) apply(out []byte, n, k int, channel byte) error {
	stride, last := d.stride, d.last
	switch channel & 3 {
	case 0:
		for j := 0; j < 4; j++ {
			p, lane := last[k+j], d.deltas[j][:n]
			for i, v := range lane {
				p += (v >> 1) ^ -(v & 1)
				out[i*stride+k+j] = p
			}
			last[k+j] = p
		}
	case 1:
		for j := 0; j < 4; j += 2 {
			p := uint16(last[k+j]) | uint16(last[k+j+1])<<8
			lo, hi := d.deltas[j][:n], d.deltas[j+1][:n]
			for i := range lo {
				v := uint16(lo[i]) | uint16(hi[i])<<8
				p += (v >> 1) ^ -(v & 1)
				out[i*stride+k+j], out[i*stride+k+j+1] = byte(p), byte(p>>8)
			}
			last[k+j], last[k+j+1] = byte(p), byte(p>>8)
		}
	case 2:
		d.applyXor(out, n, k, -int(channel>>4))
	default:
		return fmt.Errorf("%w: unknown channel type %d", ErrCorrupt, channel&3)
	}
	return nil
}

// applyXor rebuilds 32-bit words as the previous word XOR the delta
// rotated left by rot.
func (d *vertexDecoder) applyXor(out []byte, n, k, rot int) {
	last := d.last
	p := uint32(last[k]) | uint32(last[k+1])<<8 | uint32(last[k+2])<<16 | uint32(last[k+3])<<24
	l0, l1, l2, l3 := d.deltas[0][:n], d.deltas[1][:n], d.deltas[2][:n], d.deltas[3][:n]
	for i := range l0 {
		v := uint32(l0[i]) | uint32(l1[i])<<8 | uint32(l2[i])<<16 | uint32(l3[i])<<24
		p ^= bits.RotateLeft32(v, rot)
		o := out[i*d.stride+k : i*d.stride+k+4]
		o[0], o[1], o[2], o[3] = byte(p), byte(p>>8), byte(p>>16), byte(p>>24)
	}
	last[k], last[k+1], last[k+2], last[k+3] = byte(p), byte(p>>8), byte(p>>16), byte(p>>24)
}
