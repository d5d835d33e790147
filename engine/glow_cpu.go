package engine

import "math"

// paint draws the glow band as glow.kage does, on the CPU, into pix: w×h
// pixels of premultiplied BGRA, the layout of a 32-bit X image on a
// little-endian machine. The band is separable: a row's fall-off and
// colour times a column's spread, so a pixel costs a few multiplies (w+h
// exponentials and sines a frame, not w·h). rows and cols are scratch of
// at least h·4 and w floats; nothing is allocated.
func (gl *glow) paint(pix []byte, w, h int, now float64, rows, cols []float32) {
	e := float32(gl.energy)
	reach := 0.3 + 0.7*float64(e)
	t := math.Mod(now, 1000)
	for x := range w {
		u := (float64(x) + 0.5) / float64(w)
		across := smooth(0, 0.2, u) * (1 - smooth(0.8, 1, u))
		drift := 0.85 + 0.15*math.Sin(u*11+t*1.7)*math.Sin(u*4-t*1.1)
		cols[x] = float32(across * drift)
	}
	for y := range h {
		d := (float64(h) - (float64(y) + 0.5)) / float64(h)
		fall := math.Exp(-3.5*d/reach) * (1 - smooth(0.7, 1, d))
		core := float32(0.45 * math.Exp(-14*d) * float64(e))
		r := rows[4*y : 4*y+4]
		r[0] = e * float32(fall)
		for c := range 3 { // mix(tint, white, core), in B, G, R order
			r[3-c] = gl.tint[c] + (1-gl.tint[c])*core
		}
	}
	for y := range h {
		r := rows[4*y : 4*y+4 : 4*y+4]
		f, b, g, rd := r[0], r[1]*255, r[2]*255, r[3]*255
		line := pix[4*w*y : 4*w*(y+1) : 4*w*(y+1)]
		for x, c := range cols[:w] {
			a := min(f*c, 1) // f and c are never negative
			p := line[4*x : 4*x+4 : 4*x+4]
			p[0] = byte(b*a + 0.5)
			p[1] = byte(g*a + 0.5)
			p[2] = byte(rd*a + 0.5)
			p[3] = byte(255*a + 0.5)
		}
	}
}

// smooth is GLSL's smoothstep.
func smooth(e0, e1, x float64) float64 {
	t := min(max((x-e0)/(e1-e0), 0), 1)
	return t * t * (3 - 2*t)
}
