package shaders

import _ "embed"

//go:embed glow.kage
var glow []byte

// Glow names the edge glow shader (see [GlowSource]); it is not one of
// [Names], whose members draw the character.
const Glow = "glow"

// GlowSource returns the Kage source of the edge glow: a band of light
// along the bottom edge with the uniforms Energy (0..1), Tint (RGB),
// Band (x, y, width, height in pixels) and Time (seconds).
func GlowSource() []byte { return glow }
