package meshopt

import (
	"encoding/binary"
	"math"
	"testing"
)

// benchVertices is 100,000 vertices of 16 bytes laid out like gltfpack
// output: a quantized position, an octahedral normal and a UV, all varying
// smoothly along the stream.
func benchVertices() []byte {
	const n, stride = 100_000, 16
	raw := make([]byte, n*stride)
	for i := 0; i < n; i++ {
		a := float64(i) * 0.001
		v := raw[i*stride:]
		binary.LittleEndian.PutUint16(v[0:], uint16(8192+8000*math.Sin(a)))
		binary.LittleEndian.PutUint16(v[2:], uint16(8192+8000*math.Cos(a*1.3)))
		binary.LittleEndian.PutUint16(v[4:], uint16(i/40))
		v[8], v[9], v[10], v[11] = byte(int8(100*math.Sin(a*7))), byte(int8(100*math.Cos(a*7))), 127, 0
		binary.LittleEndian.PutUint16(v[12:], uint16(i*3))
		binary.LittleEndian.PutUint16(v[14:], uint16(i/7))
	}
	return raw
}

// BenchmarkDecodeVertex decodes a 100,000-vertex, 16-byte stream (1.6 MB
// out); MB/s counts decoded bytes.
func BenchmarkDecodeVertex(b *testing.B) {
	raw := benchVertices()
	for _, version := range []int{0, 1} {
		enc := encodeVertices(raw, 100_000, 16, version)
		b.Run([]string{"v0", "v1"}[version], func(b *testing.B) {
			dst := make([]byte, len(raw))
			b.SetBytes(int64(len(raw)))
			for b.Loop() {
				if err := DecodeVertexBuffer(dst, 100_000, 16, enc); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(len(enc))/float64(len(raw)), "ratio")
		})
	}
}

// BenchmarkDecodeFilter applies each filter to 100,000 elements of 8
// bytes.
func BenchmarkDecodeFilter(b *testing.B) {
	raw := benchVertices()
	for _, f := range []Filter{FilterOctahedral, FilterQuaternion, FilterExponential, FilterColor} {
		b.Run(f.String(), func(b *testing.B) {
			data := make([]byte, 100_000*8)
			b.SetBytes(int64(len(data)))
			for b.Loop() {
				copy(data, raw)
				if err := DecodeFilter(data, 100_000, 8, f); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
