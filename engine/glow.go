package engine

import (
	"fmt"
	"image"
	"math"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/kin-companion/kin/agent/protocol"
	"github.com/kin-companion/kin/shaders"
)

// The glow's timing and size. A level falls to silence a few ticks after
// its events stop (the last one is rarely zero); the glow itself rises
// quickly and fades slowly.
const (
	levelHold   = 0.12  // seconds a level counts after its event (they come every 10–20 ms)
	glowRise    = 0.05  // seconds to 1/e of the way up
	glowFade    = 0.4   // seconds to 1/e of the way down
	tintChange  = 0.25  // seconds to 1/e of the way to a new colour
	glowFloor   = 0.004 // below this the glow is off and draws nothing
	speechRMS   = 0.2   // an RMS this loud lights the glow fully
	glowBandDIP = 120   // the band's height in device-independent pixels at full energy
	heldGlow    = 0.3   // the glow's least energy while the talk key is held
)

// glowTints are the glow's colours by presence state (linear-ish RGB).
var glowTints = map[string][3]float32{
	"listening": {0.35, 0.95, 0.55}, "thinking": {0.55, 0.5, 1}, "working": {0.55, 0.5, 1},
	"speaking": {0.3, 0.75, 1}, "asleep": {0.45, 0.45, 0.55}, "connecting": {1, 0.75, 0.3},
	"offline": {1, 0.4, 0.35}, "idle": {0.6, 0.75, 1},
}

// glow is the edge glow: a band of light along the bottom edge following
// the loudness of kin's voice and the user's, coloured by what kin is
// doing. It draws nothing in silence.
type glow struct {
	kin, user float64    // latest levels
	kinAge    float64    // seconds since kin's level came
	userAge   float64    // seconds since the user's level came
	energy    float64    // the smoothed, shown strength 0..1
	state     string     // the presence state
	held      bool       // the talk key is down: kin listens, and the glow says so
	tint      [3]float32 // the shown colour, moving toward the state's
	shader    *ebiten.Shader
	uEnergy   []float32 // uniform slices, boxed once into opts.Uniforms
	uTint     []float32
	uSize     []float32
	uTime     []float32
	opts      ebiten.DrawRectShaderOptions
}

// hear takes an audio level event.
func (gl *glow) hear(p protocol.AudioLevelPayload) {
	if p.Source == "user" {
		gl.user, gl.userAge = p.RMS, 0
	} else {
		gl.kin, gl.kinAge = p.RMS, 0
	}
}

// target is the colour the glow moves toward: listening while the talk
// key is held, else the presence state's, or, without one, listening or
// speaking by whose voice is louder.
func (gl *glow) target() [3]float32 {
	if c, ok := glowTints[gl.state]; ok && !gl.held {
		return c
	}
	if gl.held || gl.user > gl.kin {
		return glowTints["listening"]
	}
	return glowTints["speaking"]
}

// step advances the glow by dt seconds.
func (gl *glow) step(dt float64) {
	gl.kinAge += dt
	gl.userAge += dt
	if gl.kinAge > levelHold {
		gl.kin = 0
	}
	if gl.userAge > levelHold {
		gl.user = 0
	}
	want := min(1, math.Sqrt(max(gl.kin, gl.user)/speechRMS))
	if gl.held {
		want = max(want, heldGlow)
	}
	tau := glowFade
	if want > gl.energy {
		tau = glowRise
	}
	gl.energy = want + (gl.energy-want)*math.Exp(-dt/tau)
	if gl.energy < glowFloor && want < glowFloor {
		gl.energy = 0
	}
	k := float32(1 - math.Exp(-dt/tintChange))
	if gl.tint == ([3]float32{}) {
		k = 1
	}
	t := gl.target()
	for i := range gl.tint {
		gl.tint[i] += (t[i] - gl.tint[i]) * k
	}
}

// active reports whether the glow shows.
func (gl *glow) active() bool { return gl.energy > 0 }

// prepare compiles the shader and boxes the uniform slices, once.
func (gl *glow) prepare() error {
	if gl.shader != nil {
		return nil
	}
	s, err := ebiten.NewShader(shaders.GlowSource())
	if err != nil {
		return fmt.Errorf("engine: compile shader %s: %w", shaders.Glow, err)
	}
	gl.shader = s
	gl.uEnergy, gl.uTint, gl.uSize, gl.uTime = make([]float32, 1), make([]float32, 3), make([]float32, 2), make([]float32, 1)
	gl.opts.Uniforms = map[string]any{"Energy": gl.uEnergy, "Tint": gl.uTint, "Size": gl.uSize, "Time": gl.uTime}
	return nil
}

// draw draws the glow along the bottom edge of dst, s screen pixels per
// device-independent pixel, at time now (seconds). It does not allocate
// once the shader is compiled.
func (gl *glow) draw(dst *ebiten.Image, s, now float64) {
	gl.drawBand(dst, gl.band(dst.Bounds(), s), now)
}

// band is where the glow goes in an image with bounds b: along its bottom
// edge, s screen pixels per device-independent pixel.
func (gl *glow) band(b image.Rectangle, s float64) image.Rectangle {
	return image.Rect(b.Min.X, b.Max.Y-gl.bandHeight(s, b.Dy()), b.Max.X, b.Max.Y)
}

// drawOnto draws the glow onto the window, for a screen image with bounds
// b placed on it by place (see Game.DrawFinalScreen): along the bottom edge
// of where the image lies, as draw would have drawn it into the image.
func (gl *glow) drawOnto(window rectShaderTarget, b image.Rectangle, place ebiten.GeoM, s, now float64) {
	band := gl.band(b, s)
	x0, y0 := place.Apply(float64(band.Min.X), float64(band.Min.Y))
	x1, y1 := place.Apply(float64(band.Max.X), float64(band.Max.Y))
	gl.drawBand(window, image.Rect(int(math.Round(x0)), int(math.Round(y0)), int(math.Round(x1)), int(math.Round(y1))), now)
}

// rectShaderTarget is what the glow draws onto: an image, or the window
// (ebiten.FinalScreen).
type rectShaderTarget interface {
	DrawRectShader(width, height int, shader *ebiten.Shader, options *ebiten.DrawRectShaderOptions)
}

// drawBand draws the glow into band, a rectangle of dst's pixels, at time
// now.
func (gl *glow) drawBand(dst rectShaderTarget, band image.Rectangle, now float64) {
	if !gl.active() || band.Empty() {
		return
	}
	if err := gl.prepare(); err != nil {
		panic(err) // the source is embedded and compiled by the tests: a bug in kin
	}
	gl.uEnergy[0] = float32(gl.energy)
	copy(gl.uTint, gl.tint[:])
	gl.uSize[0], gl.uSize[1] = float32(band.Dx()), float32(band.Dy())
	gl.uTime[0] = float32(math.Mod(now, 1000))
	gl.opts.GeoM.Reset()
	gl.opts.GeoM.Translate(float64(band.Min.X), float64(band.Min.Y))
	dst.DrawRectShader(band.Dx(), band.Dy(), gl.shader, &gl.opts)
}
