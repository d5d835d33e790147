package shaders

import (
	"bytes"
	"testing"
)

// TestGlowSource: the glow is a pixel-unit Kage shader declaring the
// uniforms the engine sets.
func TestGlowSource(t *testing.T) {
	src := GlowSource()
	for _, want := range []string{"//kage:unit pixels", "package main", "func Fragment(",
		"var Energy float", "var Tint vec3", "var Size vec2", "var Time float"} {
		if !bytes.Contains(src, []byte(want)) {
			t.Errorf("glow.kage lacks %q", want)
		}
	}
}
