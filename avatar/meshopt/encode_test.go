package meshopt

import (
	"bytes"
	"math/rand/v2"
	"testing"
)

// encodeVertices is a small attribute encoder for tests and benchmarks:
// byte deltas only, version 1 with control 1 (1, 2, 4 or 8 bits a delta)
// for every lane. The reference encoder's output is tested through the
// fixtures; this one makes large and random inputs cheap.
func encodeVertices(data []byte, count, stride, version int) []byte {
	out := []byte{vertexHeaderByte | byte(version)}
	baseline := make([]byte, stride)
	if count > 0 {
		copy(baseline, data[:stride])
	}
	prev := bytes.Clone(baseline)
	table := bitsV0
	if version == 1 {
		table = bitsV1c[1]
	}
	blockLen := blockElements(stride)
	var lane [blockMaxElements]byte
	for first := 0; first < count; first += blockLen {
		n := min(blockLen, count-first)
		if version == 1 {
			out = append(out, bytes.Repeat([]byte{0x55}, stride/4)...)
		}
		for k := 0; k < stride; k++ {
			groups := (n + groupSize - 1) / groupSize
			lane = [blockMaxElements]byte{}
			for i := 0; i < n; i++ {
				v := data[(first+i)*stride+k]
				d := v - prev[k]
				lane[i] = d<<1 ^ byte(int8(d)>>7)
				prev[k] = v
			}
			header := make([]byte, (groups+3)/4)
			var body []byte
			for g := 0; g < groups; g++ {
				mode, enc := encodeGroup(lane[g*groupSize:(g+1)*groupSize], table)
				header[g/4] |= byte(mode) << (2 * (g % 4))
				body = append(body, enc...)
			}
			out = append(append(out, header...), body...)
		}
	}
	tail := append(bytes.Clone(baseline), make([]byte, stride/4*version)...)
	pad := max(len(tail), []int{tailMinV0, tailMinV1}[version]) - len(tail)
	return append(append(out, make([]byte, pad)...), tail...)
}

// encodeGroup picks the header mode whose encoding of 16 deltas is
// shortest.
func encodeGroup(deltas []byte, table [4]int) (int, []byte) {
	best, bestEnc := -1, []byte(nil)
	for mode, nbits := range table {
		enc, ok := packGroup(deltas, nbits)
		if ok && (best < 0 || len(enc) < len(bestEnc)) {
			best, bestEnc = mode, enc
		}
	}
	return best, bestEnc
}

func packGroup(deltas []byte, nbits int) ([]byte, bool) {
	switch nbits {
	case 0:
		return nil, bytes.Count(deltas, []byte{0}) == len(deltas)
	case 8:
		return bytes.Clone(deltas), true
	}
	sentinel := byte(1)<<nbits - 1
	packed := make([]byte, 16*nbits/8)
	var extra []byte
	for i, d := range deltas {
		v := d
		if d >= sentinel {
			v, extra = sentinel, append(extra, d)
		}
		switch nbits {
		case 1:
			packed[i/8] |= v << (i % 8)
		case 2:
			packed[i/4] |= v << (6 - 2*(i%4))
		case 4:
			packed[i/2] |= v << (4 - 4*(i%2))
		}
	}
	return append(packed, extra...), true
}

// TestRoundTrip encodes random and structured data with the test encoder
// and expects the decoder to give it back exactly.
func TestRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, version := range []int{0, 1} {
		for _, stride := range []int{4, 8, 12, 20, 64, 132, 256} {
			for _, count := range []int{0, 1, 15, 33, 257, 1000} {
				data := make([]byte, count*stride)
				for i := range data {
					switch i % 3 {
					case 0:
						data[i] = byte(rng.IntN(256))
					case 1:
						data[i] = byte(i / stride % 7)
					}
				}
				enc := encodeVertices(data, count, stride, version)
				got := make([]byte, len(data))
				if err := DecodeVertexBuffer(got, count, stride, enc); err != nil {
					t.Fatalf("v%d %dx%d: %v", version, count, stride, err)
				}
				if !bytes.Equal(got, data) {
					t.Fatalf("v%d %dx%d: differs at byte %d", version, count, stride, firstDiff(got, data))
				}
			}
		}
	}
}
