// Package raster draws kin's character on the CPU: a tile-free,
// banded triangle rasteriser with a real depth buffer and the colour
// shader of shaders/color.kage written in Go, for machines whose GPU is a
// software renderer (Mesa's llvmpipe on a VM, an old laptop, a remote
// desktop).
//
// Ebitengine draws 2D triangles into 8-bit images and has no depth
// buffer, so on a GPU the engine spends a depth pass and a colour pass
// over every triangle. On a software renderer each pass costs by the
// triangle and by the pixel, and the character's triangles are small
// (two or three pixels each in a window), so one pass here, depth-tested
// against a float depth buffer and shading only the fragments that pass,
// costs a fraction of the two. The engine uploads the result into its
// colour buffer and composites it as before.
//
// The input is the engine's frame: vertices laid out as ebiten.Vertex
// (see [Vertex]) with every attribute already divided by the vertex's view
// depth, index lists drawn in order, and per draw its material and texture
// levels. The package imports nothing of Ebitengine and needs no display.
package raster
