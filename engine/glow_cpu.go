package engine

import (
	"encoding/binary"
	"math"
	"unsafe"
)

// paint draws the glow band as glow.kage does, on the CPU, into pix: w×h
// pixels of premultiplied BGRA, the layout of a 32-bit X image on a
// little-endian machine. The band is separable: a pixel is its row's
// colour and fall-off times its column's spread, both at most 1. So the
// spread is worked out once a column (w sines a frame) and kept as a byte,
// each row makes a table of its 256 pixels by spread in integer
// arithmetic, and a pixel costs one look-up and one store. rows and cols
// are scratch of at least h·4 floats and w bytes; nothing is allocated.
func (gl *glow) paint(pix []byte, w, h int, now float64, rows []float32, cols []byte) {
	e := float32(gl.energy)
	reach := 0.3 + 0.7*float64(e)
	t := math.Mod(now, 1000)
	for x := range w {
		u := (float64(x) + 0.5) / float64(w)
		across := smooth(0, 0.2, u) * (1 - smooth(0.8, 1, u))
		drift := 0.85 + 0.15*math.Sin(u*11+t*1.7)*math.Sin(u*4-t*1.1)
		cols[x] = byte(min(max(across*drift, 0), 1)*255 + 0.5)
	}
	for y := range h {
		d := (float64(h) - (float64(y) + 0.5)) / float64(h)
		fall := math.Exp(-3.5*d/reach) * (1 - smooth(0.7, 1, d))
		core := float32(0.45 * math.Exp(-14*d) * float64(e))
		r := rows[4*y : 4*y+4]
		r[0] = min(max(e*float32(fall), 0), 1)
		for c := range 3 { // mix(tint, white, core), in B, G, R order
			r[3-c] = min(gl.tint[c]+(1-gl.tint[c])*core, 1)
		}
	}
	var lut [256]uint32
	// On a little-endian machine with pix aligned (shared memory and Go's
	// large buffers are) a pixel is one 32-bit store.
	var px32 []uint32
	if littleEndian && len(pix) >= 4 && uintptr(unsafe.Pointer(&pix[0]))%4 == 0 {
		px32 = unsafe.Slice((*uint32)(unsafe.Pointer(&pix[0])), len(pix)/4)
	}
	for y := range h {
		r := rows[4*y : 4*y+4 : 4*y+4]
		// 16.16 fixed point: a spread q (0..255) gives alpha q·a and a
		// channel q·a·colour, rounded.
		fa := uint32(r[0]*65536 + 0.5)
		fb, fg, fr := uint32(r[0]*r[1]*65536+0.5), uint32(r[0]*r[2]*65536+0.5), uint32(r[0]*r[3]*65536+0.5)
		for q := range uint32(256) {
			lut[q] = (q*fb+32768)>>16 | (q*fg+32768)>>16<<8 | (q*fr+32768)>>16<<16 | (q*fa+32768)>>16<<24
		}
		if px32 != nil {
			line := px32[w*y : w*(y+1) : w*(y+1)]
			for x, q := range cols[:len(line)] {
				line[x] = lut[q]
			}
			continue
		}
		line := pix[4*w*y : 4*w*(y+1) : 4*w*(y+1)]
		for x, q := range cols[:w] {
			binary.LittleEndian.PutUint32(line[4*x:], lut[q])
		}
	}
}

// smooth is GLSL's smoothstep.
func smooth(e0, e1, x float64) float64 {
	t := min(max((x-e0)/(e1-e0), 0), 1)
	return t * t * (3 - 2*t)
}

// littleEndian is whether this machine stores a uint32's low byte first,
// as a 32-bit X image in LSBFirst order lays out B, G, R, A.
var littleEndian = binary.NativeEndian.Uint16([]byte{1, 0}) == 1
