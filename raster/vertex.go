package raster

// Vertex is one screen-space vertex, laid out exactly as ebiten.Vertex
// (twelve float32s in the same order), so the engine's vertex buffers are
// read in place. Its attributes mean what shaders/common.kage says they
// mean: Dst is the position in render pixels; the others are interpolated
// linearly in screen space and were divided by the view depth w on the
// CPU, except Custom2, the depth in [0, 1] (affine in 1/w, smaller is
// nearer).
//
// For a material lit per vertex: Src = (N·V, N·H)/w, Color = (normal/w,
// 1/w), Custom = (u/w, v/w, depth, 0). Otherwise: Src = (r, g)/w of
// COLOR_0, Color = (normal/w, a/w), Custom = (u/w, v/w, depth, b/w).
type Vertex struct {
	DstX, DstY                     float32
	SrcX, SrcY                     float32
	ColorR, ColorG, ColorB, ColorA float32
	Custom0, Custom1               float32
	Custom2, Custom3               float32
}

// Attribute slots of a fragment, in the order the rasteriser interpolates
// them.
const (
	aDepth = iota // Custom2
	aU            // Custom0: u/w
	aV            // Custom1: v/w
	aS0           // SrcX
	aS1           // SrcY
	aR            // ColorR
	aG            // ColorG
	aB            // ColorB
	aA            // ColorA
	aC3           // Custom3
	nAttr
)
