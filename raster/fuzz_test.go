package raster

import (
	"encoding/binary"
	"image"
	"math"
	"testing"
)

// fuzzVertex decodes a vertex from 16 bytes: position in eighths of a
// pixel, depth slightly beyond [0, 1], texture coordinates, colour and
// normal, and a byte of oddities (NaN and infinite attributes, far
// positions, negative w) — all divided by a w from the depth as the
// engine's frame does.
func fuzzVertex(b []byte, l *Lights) Vertex {
	x := float32(int16(binary.LittleEndian.Uint16(b[0:]))) / 8
	y := float32(int16(binary.LittleEndian.Uint16(b[2:]))) / 8
	z := float32(binary.LittleEndian.Uint16(b[4:]))/65535*1.2 - 0.1
	odd := b[15]
	nan, inf := float32(math.NaN()), float32(math.Inf(1))
	switch odd & 7 {
	case 1:
		x = nan
	case 2:
		y = -inf
	case 3:
		x *= 1e6
	case 4:
		z = nan
	case 5:
		z = inf
	case 6:
		y *= 3e4
	}
	iw := l.DepthW[0] - z*l.DepthW[1]
	if odd&8 != 0 {
		iw = -iw
	}
	v := Vertex{DstX: x, DstY: y, Custom2: z,
		Custom0: float32(int8(b[6])) / 32 * iw, Custom1: float32(int8(b[7])) / 32 * iw,
		SrcX: float32(b[8]) / 255 * iw, SrcY: float32(b[9]) / 255 * iw, Custom3: float32(b[10]) / 255 * iw, ColorA: float32(b[11]) / 255 * iw,
		ColorR: float32(int8(b[12])) / 127 * iw, ColorG: float32(int8(b[13])) / 127 * iw, ColorB: float32(int8(b[14])) / 127 * iw,
	}
	if odd&16 != 0 {
		v.Custom0 = nan
	}
	if odd&32 != 0 {
		v.SrcX, v.ColorR = inf, -inf
	}
	return v
}

// fuzzMaterial decodes a material from a byte: alpha mode, texture,
// lighting and sampler.
func fuzzMaterial(b byte) *Material {
	return &Material{
		BaseColor: [4]float32{0.8, 0.7, 0.6, 0.7}, Cutoff: 0.5, Emissive: [3]float32{0.1, 0, 0.2},
		Alpha: Alpha(b & 3 % 3), Textured: b&4 != 0, VertexLit: b&8 != 0, Unlit: b&16 != 0, Toon: b&32 != 0,
		EmitTex: b&64 != 0, Sampler: Sampler{Nearest: b&128 != 0, WrapS: Wrap(b >> 2 % 3), WrapT: Wrap(b >> 4 % 3)},
	}
}

// fuzzDraws decodes two draws over shared vertices from data: a vertex
// count, 16 bytes a vertex, then indices (taken modulo the count).
func fuzzDraws(data []byte, mat uint8, l *Lights) []Draw {
	if len(data) == 0 || data[0]%33 == 0 {
		return nil
	}
	n := int(data[0] % 33)
	data = data[1:]
	vs := make([]Vertex, n)
	for i := range vs {
		var rec [16]byte
		copy(rec[:], data[min(16*i, len(data)):])
		vs[i] = fuzzVertex(rec[:], l)
	}
	data = data[min(16*n, len(data)):]
	ind := make([]uint32, len(data))
	for i, b := range data {
		ind[i] = uint32(b) % uint32(n)
	}
	h := len(ind) / 2
	a := Draw{Verts: vs, Indices: ind[:h], Mat: fuzzMaterial(mat), Base: pattern(5, 3), Emit: pattern(2, 7)}
	b := Draw{Verts: vs, Indices: ind[h:], Mat: fuzzMaterial(mat>>3 | mat<<5), Base: pattern(1, 1)}
	return []Draw{a, b}
}

// FuzzRender draws fuzzed triangles, checking that drawing never panics,
// never writes outside the target (guard bytes past its buffers stay,
// and a target over part of the pixels gets what a larger one gets
// there), and leaves sane depths: never NaN, and within the range of the
// drawn vertices' depths. (A blended fragment whose alpha is NaN, from a
// NaN texture coordinate, clears its pixel: not checked.)
func FuzzRender(f *testing.F) {
	tri := []byte{3,
		0x10, 0, 0x10, 0, 0, 0x80, 0, 0, 255, 255, 255, 255, 0, 0, 127, 0,
		0x00, 1, 0x20, 0, 0, 0x40, 32, 0, 255, 0, 0, 255, 0, 0, 127, 0,
		0x20, 0, 0xf0, 0, 0, 0x20, 0, 32, 0, 255, 0, 255, 0, 0, 127, 0,
		0, 1, 2, 0, 2, 1}
	f.Add(tri, uint8(0), int16(0), int16(0), uint8(40), uint8(40))
	f.Add(tri, uint8(2|4|64), int16(-5), int16(-30), uint8(20), uint8(70))
	f.Add(tri, uint8(1|4|8), int16(3), int16(7), uint8(63), uint8(10))
	nanZ := append([]byte(nil), tri...)
	nanZ[32] = 4
	f.Add(nanZ, uint8(0), int16(0), int16(0), uint8(40), uint8(40))
	odd := append([]byte(nil), tri...)
	odd[16], odd[32], odd[48] = 1, 4, 2|8|16
	f.Add(odd, uint8(2), int16(0), int16(0), uint8(40), uint8(40))
	f.Add(odd, uint8(0), int16(-3), int16(2), uint8(40), uint8(40))
	f.Add(odd, uint8(1|4|8|128), int16(1), int16(-60), uint8(17), uint8(79))
	f.Fuzz(func(t *testing.T, data []byte, mat uint8, x0, y0 int16, w, h uint8) {
		l := testRig.lights()
		l.DepthW = camera{near: 2, far: 4}.depthW()
		draws := fuzzDraws(data, mat, l)
		r := image.Rect(int(x0%64), int(y0%64), 0, 0)
		r.Max = r.Min.Add(image.Pt(int(w%64)+1, int(h%80)+1))
		var tg Target
		tg.Reset(image.Rect(0, 0, r.Dx()+3, r.Dy()+3))
		pix, z := tg.Pix[:cap(tg.Pix)], tg.z[:cap(tg.z)]
		for i := range pix {
			pix[i] = 0x5a
		}
		for i := range z {
			z[i] = -7
		}
		tg.Reset(r)
		renderInto(&tg, 2, l, draws...)
		for i := len(tg.Pix); i < len(pix); i++ {
			if pix[i] != 0x5a {
				t.Fatalf("byte %d past the colour buffer's %d written", i, len(tg.Pix))
			}
		}
		for i := len(tg.z); i < len(z); i++ {
			if z[i] != -7 {
				t.Fatalf("depth %d past the depth buffer's %d written", i, len(tg.z))
			}
		}
		lo, hi := depthRange(draws)
		big := render(t, image.Rectangle{r.Min.Sub(image.Pt(7, 9)), r.Max.Add(image.Pt(5, 40))}, 1, l, draws...)
		for y := r.Min.Y; y < r.Max.Y; y++ {
			for x := r.Min.X; x < r.Max.X; x++ {
				p, d := at(&tg, x, y), depthAt(&tg, x, y)
				if d != farDepth && !(d >= lo && d <= hi) {
					t.Fatalf("pixel (%d, %d) = %v at depth %v, outside the vertices' [%v, %v]", x, y, p, d, lo, hi)
				}
				if p != at(big, x, y) || d != depthAt(big, x, y) {
					t.Fatalf("pixel (%d, %d) = %v at depth %v, but %v at %v in a larger target", x, y, p, d, at(big, x, y), depthAt(big, x, y))
				}
			}
		}
	})
}

// depthRange returns the range of the finite depths of the vertices the
// draws' triangles use, widened by a little for rounding.
func depthRange(draws []Draw) (lo, hi float32) {
	lo, hi = float32(math.Inf(1)), float32(math.Inf(-1))
	for _, d := range draws {
		for _, i := range d.Indices[:len(d.Indices)/3*3] {
			if z := d.Verts[i].Custom2; z-z == 0 {
				lo, hi = min(lo, z), max(hi, z)
			}
		}
	}
	e := 1e-4 * (hi - lo + 1)
	return lo - e, hi + e
}
