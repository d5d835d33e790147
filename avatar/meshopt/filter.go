package meshopt

import (
	"encoding/binary"
	"math"
)

// DecodeFilter applies filter f in place to count decoded elements of
// stride bytes in data. The results match the reference decoder to within
// one unit in the last place, as the specification allows.
func DecodeFilter(data []byte, count, stride int, f Filter) error {
	if err := checkFilter(stride, f); err != nil {
		return err
	}
	data = data[:count*stride]
	switch f {
	case FilterOctahedral:
		if stride == 4 {
			octahedral8(data)
		} else {
			octahedral16(data)
		}
	case FilterQuaternion:
		quaternion(data)
	case FilterExponential:
		exponential(data)
	case FilterColor:
		if stride == 4 {
			color8(data)
		} else {
			color16(data)
		}
	}
	return nil
}

// roundSigned rounds half away from zero, then converts, as the reference
// decoder does.
func roundSigned(v float32) int32 {
	if v >= 0 {
		return int32(v + 0.5)
	}
	return int32(v - 0.5)
}

// octahedron turns octahedral (x, y) with one encoded as one into a unit
// vector scaled to maxv.
func octahedron(x, y, one, maxv float32) (int32, int32, int32) {
	z := one - abs32(x) - abs32(y)
	t := min(z, 0)
	if x >= 0 {
		x += t
	} else {
		x -= t
	}
	if y >= 0 {
		y += t
	} else {
		y -= t
	}
	s := maxv / float32(math.Sqrt(float64(x*x+y*y+z*z)))
	return roundSigned(x * s), roundSigned(y * s), roundSigned(z * s)
}

func abs32(v float32) float32 { return math.Float32frombits(math.Float32bits(v) &^ (1 << 31)) }

func octahedral8(data []byte) {
	for i := 0; i+4 <= len(data); i += 4 {
		x, y, z := octahedron(float32(int8(data[i])), float32(int8(data[i+1])), float32(int8(data[i+2])), 127)
		data[i], data[i+1], data[i+2] = byte(x), byte(y), byte(z)
	}
}

func octahedral16(data []byte) {
	for i := 0; i+8 <= len(data); i += 8 {
		x, y, z := octahedron(float32(i16(data[i:])), float32(i16(data[i+2:])), float32(i16(data[i+4:])), 32767)
		put16(data[i:], x)
		put16(data[i+2:], y)
		put16(data[i+4:], z)
	}
}

func i16(b []byte) int16 { return int16(binary.LittleEndian.Uint16(b)) }

func put16(b []byte, v int32) { binary.LittleEndian.PutUint16(b, uint16(v)) }

// quaternion rebuilds unit quaternions from three components scaled by
// sqrt(2) and the index of the omitted largest one.
func quaternion(data []byte) {
	const scale = 32767 / math.Sqrt2
	for i := 0; i+8 <= len(data); i += 8 {
		q := data[i : i+8]
		in3 := i16(q[6:])
		s := float32(in3 | 3)
		x, y, z := float32(i16(q)), float32(i16(q[2:])), float32(i16(q[4:]))
		ww := s*s*2 - x*x - y*y - z*z
		w := float32(math.Sqrt(float64(max(ww, 0))))
		ss := float32(scale) / s
		qc := int(in3 & 3)
		put16(q[2*((qc+1)&3):], roundSigned(x*ss))
		put16(q[2*((qc+2)&3):], roundSigned(y*ss))
		put16(q[2*((qc+3)&3):], roundSigned(z*ss))
		put16(q[2*qc:], int32(w*ss+0.5))
	}
}

// exponential turns each 32-bit word of an 8-bit exponent and 24-bit
// mantissa into the float 2^e * m.
func exponential(data []byte) {
	for i := 0; i+4 <= len(data); i += 4 {
		v := binary.LittleEndian.Uint32(data[i:])
		m := int32(v<<8) >> 8
		e := int32(v) >> 24
		f := math.Float32frombits(uint32(e+127)<<23) * float32(m)
		binary.LittleEndian.PutUint32(data[i:], math.Float32bits(f))
	}
}

// ycocg converts one YCoCg-A colour with alpha's top bit marking the
// precision to RGBA scaled to maxv.
func ycocg(y, co, cg, a int32, maxv float32) [4]int32 {
	as := a
	as |= as >> 1
	as |= as >> 2
	as |= as >> 4
	as |= as >> 8
	a = ((a << 1) & as) | (a & 1)
	ss := maxv / float32(as)
	r, g, b := y+co-cg, y+cg, y-co-cg
	return [4]int32{
		int32(float32(r)*ss + 0.5), int32(float32(g)*ss + 0.5),
		int32(float32(b)*ss + 0.5), int32(float32(a)*ss + 0.5),
	}
}

func color8(data []byte) {
	for i := 0; i+4 <= len(data); i += 4 {
		c := ycocg(int32(data[i]), int32(int8(data[i+1])), int32(int8(data[i+2])), int32(data[i+3]), 255)
		data[i], data[i+1], data[i+2], data[i+3] = byte(c[0]), byte(c[1]), byte(c[2]), byte(c[3])
	}
}

func color16(data []byte) {
	for i := 0; i+8 <= len(data); i += 8 {
		u := func(k int) int32 { return int32(binary.LittleEndian.Uint16(data[i+k:])) }
		c := ycocg(u(0), int32(i16(data[i+2:])), int32(i16(data[i+4:])), u(6), 65535)
		for k, v := range c {
			put16(data[i+2*k:], v)
		}
	}
}
