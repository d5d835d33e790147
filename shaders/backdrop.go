package shaders

import _ "embed"

//go:embed backdrop.kage
var backdrop []byte

// Backdrop names a window's background shader (see [BackdropSource]); it
// is not one of [Names], whose members draw the character.
const Backdrop = "backdrop"

// BackdropSource returns the Kage source of a window's background without
// the character: the gradient and vignette of [Final] with Opaque, from
// the uniforms Top, Bottom (sRGB) and Size (the output in pixels), placed
// by the vertices' source positions in the output's pixels.
func BackdropSource() []byte { return backdrop }
