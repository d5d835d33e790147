// Package shaders holds kin's Kage shader sources, embedded as bytes. It has
// no dependency on Ebitengine: the engine package compiles the sources.
//
// The geometry passes share common.kage (uniforms and helpers for depth keys
// and texture sampling); [Source] prepends it to a pass's own file, since
// Kage has no include.
package shaders

import (
	_ "embed"
	"fmt"
)

//go:embed common.kage
var common []byte

//go:embed depth_coarse.kage
var depthCoarse []byte

//go:embed depth_fine.kage
var depthFine []byte

//go:embed color.kage
var color []byte

//go:embed composite.kage
var composite []byte

// Names of the shaders [Source] knows.
const (
	DepthCoarse = "depth_coarse" // writes the high byte of the depth key
	DepthFine   = "depth_fine"   // writes the low byte where the high byte ties
	Color       = "color"        // lit, textured, depth-tested surfaces
	Composite   = "composite"    // background, edge smoothing, final output
)

// Names lists every shader, in the order the engine compiles them.
var Names = []string{DepthCoarse, DepthFine, Color, Composite}

// Source returns the complete Kage source of the named shader.
func Source(name string) ([]byte, error) {
	var body []byte
	switch name {
	case DepthCoarse:
		body = depthCoarse
	case DepthFine:
		body = depthFine
	case Color:
		body = color
	case Composite:
		return composite, nil
	default:
		return nil, fmt.Errorf("shaders: unknown shader %q", name)
	}
	src := make([]byte, 0, len(common)+len(body)+1)
	src = append(src, common...)
	src = append(src, '\n')
	return append(src, body...), nil
}
