// Package shaders holds kin's Kage shader sources, embedded as bytes. It has
// no dependency on Ebitengine: the engine package compiles the sources.
//
// The geometry passes share common.kage (uniforms and helpers for depth keys
// and texture sampling); [Geometry] joins it, a block of constants for the
// material's features and the pass's own file, since Kage has no include.
// The features are constants rather than uniforms so that each compiled
// variant carries only the code its materials use: Mesa's software
// renderer, which shades every pixel on the CPU, runs both sides of a
// branch on a uniform. [Final] does the same for the final pass.
package shaders

import (
	_ "embed"
	"fmt"
)

//go:embed common.kage
var common []byte

//go:embed depth_coarse.kage
var depthCoarse []byte

//go:embed color.kage
var color []byte

//go:embed mtoon.kage
var mtoon []byte

//go:embed mtoon_off.kage
var mtoonOff []byte

//go:embed composite.kage
var composite []byte

// Names of the shaders [Source] knows.
const (
	DepthCoarse = "depth_coarse" // writes each pixel's nearest depth (see depthBuckets in common.kage)
	Color       = "color"        // lit, textured, depth-tested surfaces
	Composite   = "composite"    // background, edge smoothing, final output
)

// Names lists every shader, in the order the engine compiles them.
var Names = []string{DepthCoarse, Color, Composite}

// Features are a material's compile-time switches for the geometry passes.
// The zero value is an opaque, untextured, lit material.
type Features struct {
	Alpha       int    // glTF alpha mode: 0 opaque, 1 mask, 2 blend
	Textured    bool   // a base colour texture is bound (imageSrc1)
	Nearest     bool   // the textures are magnified nearest-neighbour
	Wrap        [2]int // per axis: 0 repeat, 1 clamp to edge, 2 mirrored repeat
	Unlit       bool   // KHR_materials_unlit: the base colour as it is
	Toon        bool   // a two-tone ramp (VRM materials), no highlight
	EmissiveTex bool   // an emissive texture is bound (imageSrc3)
	// VertexLit takes the light from the vertices, lit on the CPU,
	// instead of lighting each pixel (lit materials that are neither toon
	// nor MToon). The vertex layout changes with it (see common.kage).
	VertexLit bool
	// MToon shades the colour pass as VRM's MToon (mtoon.kage) instead
	// of the usual lights; the fields after it only count with it.
	MToon    bool
	ShadeTex int  // MToon's shade texture: 0 none, 1 the base colour texture, 2 its own (imageSrc2)
	Matcap   bool // a MatCap texture is bound (imageSrc2)
	ToonRim  bool // MToon's parametric rim light is on (its colour is not black)
	// Outline draws an MToon outline (an inverted hull) in its colour;
	// the other features are ignored.
	Outline bool
}

// Output are the final pass's compile-time switches.
type Output struct {
	Opaque  bool // draw the background (a window); otherwise leave it transparent (the overlay)
	Smooth  bool // smooth edges
	Upscale bool // the character was rendered smaller than the output: filter it up
}

// Source returns the complete Kage source of the named shader, with the
// zero [Features] or [Output].
func Source(name string) ([]byte, error) {
	if name == Composite {
		return Final(Output{}), nil
	}
	return Geometry(name, Features{})
}

// Geometry returns the source of a geometry pass (DepthCoarse or Color) compiled for a material's features.
func Geometry(name string, f Features) ([]byte, error) {
	var body []byte
	switch name {
	case DepthCoarse:
		body = depthCoarse
	case Color:
		body = color
	default:
		return nil, fmt.Errorf("shaders: unknown geometry pass %q", name)
	}
	if err := f.check(); err != nil {
		return nil, err
	}
	consts := fmt.Sprintf("\nconst alphaMode = %d\nconst hasTex = %d\nconst nearest = %d\n"+
		"const wrapS = %d\nconst wrapT = %d\nconst unlit = %d\nconst toon = %d\nconst emissiveTex = %d\n"+
		"const mtoon = %d\nconst shadeTex = %d\nconst matcap = %d\nconst toonRim = %d\nconst outline = %d\n"+
		"const vertexLit = %d\n\n",
		f.Alpha, b2i(f.Textured), b2i(f.Nearest), f.Wrap[0], f.Wrap[1], b2i(f.Unlit), b2i(f.Toon), b2i(f.EmissiveTex),
		b2i(f.MToon), f.ShadeTex, b2i(f.Matcap), b2i(f.ToonRim), b2i(f.Outline), b2i(f.VertexLit))
	src := make([]byte, 0, len(common)+len(consts)+len(body)+len(mtoon))
	src = append(src, common...)
	src = append(src, consts...)
	src = append(src, body...)
	if name == Color {
		if f.MToon {
			src = append(src, mtoon...)
		} else {
			src = append(src, mtoonOff...)
		}
	}
	return src, nil
}

// check rejects features no shader variant has; imageSrc2 holds one
// texture at most.
func (f Features) check() error {
	aux := b2i(f.Matcap) + b2i(f.ShadeTex == 2)
	if f.Alpha < 0 || f.Alpha > 2 || f.Wrap[0] < 0 || f.Wrap[0] > 2 || f.Wrap[1] < 0 || f.Wrap[1] > 2 ||
		f.ShadeTex < 0 || f.ShadeTex > 2 || aux > 1 {
		return fmt.Errorf("shaders: features out of range: %+v", f)
	}
	return nil
}

// Final returns the source of the final pass compiled for o.
func Final(o Output) []byte {
	consts := fmt.Sprintf("\nconst opaque = %d\nconst smooth = %d\nconst upscale = %d\n",
		b2i(o.Opaque), b2i(o.Smooth), b2i(o.Upscale))
	src := make([]byte, 0, len(composite)+len(consts))
	src = append(src, composite...)
	return append(src, consts...)
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}
