package avatar

import (
	"fmt"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/qmuntal/gltf"
	"github.com/qmuntal/gltf/modeler"
)

// readVectors reads accessor i as vectors of n floats. Besides floats it
// takes every integer type KHR_mesh_quantization allows for positions,
// normals, tangents, texture coordinates and morph target deltas (signed
// and unsigned bytes and shorts): normalised ones map to [-1, 1] or
// [0, 1] as glTF defines, the others keep their integer value (the node's
// transform scales them back). what names the attribute in errors.
func (b *builder) readVectors(i, n int, what string) ([]float32, error) {
	acr, err := b.accessor(i, what, i)
	if err != nil {
		return nil, err
	}
	if got := acr.Type.Components(); got != n || acr.Type == gltf.AccessorMat2 {
		return nil, fmt.Errorf("%s (accessor %d) is %s; expected %d components", what, i, acr.Type, n)
	}
	data, err := modeler.ReadAccessor(b.doc, acr, nil)
	if err != nil {
		return nil, fmt.Errorf("%s (accessor %d, %s %s): %w", what, i, acr.ComponentType, acr.Type, err)
	}
	out, ok := floatVectors(data, acr.Normalized)
	if !ok {
		return nil, fmt.Errorf("%s (accessor %d): component type %s is not allowed here", what, i, acr.ComponentType)
	}
	return out, nil
}

// floatVectors flattens what modeler.ReadAccessor returns for a VEC2,
// VEC3 or VEC4 accessor into floats.
func floatVectors(data any, norm bool) ([]float32, bool) {
	switch d := data.(type) {
	case [][2]float32:
		return flat[float32](d, false, 1), true
	case [][3]float32:
		return flat[float32](d, false, 1), true
	case [][4]float32:
		return flat[float32](d, false, 1), true
	case [][2]int8:
		return flat[int8](d, norm, 127), true
	case [][3]int8:
		return flat[int8](d, norm, 127), true
	case [][4]int8:
		return flat[int8](d, norm, 127), true
	case [][2]uint8:
		return flat[uint8](d, norm, 255), true
	case [][3]uint8:
		return flat[uint8](d, norm, 255), true
	case [][4]uint8:
		return flat[uint8](d, norm, 255), true
	case [][2]int16:
		return flat[int16](d, norm, 32767), true
	case [][3]int16:
		return flat[int16](d, norm, 32767), true
	case [][4]int16:
		return flat[int16](d, norm, 32767), true
	case [][2]uint16:
		return flat[uint16](d, norm, 65535), true
	case [][3]uint16:
		return flat[uint16](d, norm, 65535), true
	case [][4]uint16:
		return flat[uint16](d, norm, 65535), true
	}
	return nil, false
}

type quantized interface {
	~int8 | ~uint8 | ~int16 | ~uint16 | ~float32
}

// flat converts vectors component by component; normalised integers are
// divided by maxv and clamped at -1, as the glTF specification defines.
func flat[T quantized, V [2]T | [3]T | [4]T](d []V, norm bool, maxv float32) []float32 {
	var zero V
	out := make([]float32, 0, len(d)*len(zero))
	for _, v := range d {
		for k := 0; k < len(v); k++ {
			f := float32(v[k])
			if norm {
				f = max(f/maxv, -1)
			}
			out = append(out, f)
		}
	}
	return out
}

// readVec3 reads a VEC3 attribute of any allowed component type.
func (b *builder) readVec3(i int, what string) ([]mgl32.Vec3, error) {
	f, err := b.readVectors(i, 3, what)
	if err != nil {
		return nil, err
	}
	out := make([]mgl32.Vec3, len(f)/3)
	for k := range out {
		out[k] = mgl32.Vec3{f[3*k], f[3*k+1], f[3*k+2]}
	}
	return out, nil
}

// readVec2 reads a VEC2 attribute (texture coordinates).
func (b *builder) readVec2(i int, what string) ([][2]float32, error) {
	f, err := b.readVectors(i, 2, what)
	if err != nil {
		return nil, err
	}
	out := make([][2]float32, len(f)/2)
	for k := range out {
		out[k] = [2]float32{f[2*k], f[2*k+1]}
	}
	return out, nil
}

// readVec4 reads a VEC4 attribute (tangents).
func (b *builder) readVec4(i int, what string) ([][4]float32, error) {
	f, err := b.readVectors(i, 4, what)
	if err != nil {
		return nil, err
	}
	out := make([][4]float32, len(f)/4)
	for k := range out {
		out[k] = [4]float32{f[4*k], f[4*k+1], f[4*k+2], f[4*k+3]}
	}
	return out, nil
}
