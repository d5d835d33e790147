package avatar

import (
	"bytes"
	"fmt"
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl32"
)

// glTF component types.
const (
	cByte   = 5120
	cUbyte  = 5121
	cShort  = 5122
	cUshort = 5123
	cFloat  = 5126
)

// quantCase is one attribute stored in one component type.
type quantCase struct {
	attr       string // POSITION, NORMAL, TANGENT, TEXCOORD_0, JOINTS_0, WEIGHTS_0, target POSITION, target NORMAL
	comp       int
	normalized bool
}

// rawValues are the stored integers per vertex for a case: three vertices
// with as many components as the attribute has, within the type's range.
func (c quantCase) rawValues() [][]int {
	n := map[string]int{"TANGENT": 4, "TEXCOORD_0": 2, "JOINTS_0": 4, "WEIGHTS_0": 4}[c.attr]
	if n == 0 {
		n = 3
	}
	signed := c.comp == cByte || c.comp == cShort
	top := map[int]int{cByte: 127, cUbyte: 255, cShort: 32767, cUshort: 65535}[c.comp]
	vals := [][]int{make([]int, n), make([]int, n), make([]int, n)}
	for k := 0; k < n; k++ {
		vals[0][k] = k + 1
		vals[1][k] = top - k
		vals[2][k] = 0
		if signed {
			vals[2][k] = -top + k
		}
	}
	if c.attr == "WEIGHTS_0" { // weights of a vertex add up to one
		for _, v := range vals {
			v[0], v[1], v[2], v[3] = top, 0, 0, 0
		}
	}
	if c.attr == "NORMAL" || c.attr == "TANGENT" || c.attr == "target NORMAL" {
		vals[2] = []int{0, 0, top, top}[:n] // a unit vector that stays unit
	}
	return vals
}

// expected converts stored integers as KHR_mesh_quantization defines.
func (c quantCase) expected(v int) float32 {
	if !c.normalized || c.attr == "JOINTS_0" {
		return float32(v)
	}
	top := map[int]float32{cByte: 127, cUbyte: 255, cShort: 32767, cUshort: 65535}[c.comp]
	return max(float32(v)/top, -1)
}

func (c quantCase) encode(vals [][]int) [][]byte {
	out := make([][]byte, len(vals))
	for i, v := range vals {
		for _, x := range v {
			switch c.comp {
			case cByte, cUbyte:
				out[i] = append(out[i], byte(x))
			default:
				out[i] = append(out[i], le16s(uint16(x))...)
			}
		}
	}
	return out
}

// quantGLB is a one-triangle GLB with float positions whose attribute
// c.attr is stored as c asks.
func quantGLB(t *testing.T, c quantCase) []byte {
	g := &glbBuilder{}
	pos := g.accessor(g.view(le32s(0, 0, 0, 1, 0, 0, 0, 1, 0), nil), cFloat, 3, "VEC3", false)
	data, stride := strided(c.encode(c.rawValues()))
	typ := map[int]string{2: "VEC2", 3: "VEC3", 4: "VEC4"}[len(c.rawValues()[0])]
	acc := g.accessor(g.view(data, map[string]any{"byteStride": stride}), c.comp, 3, typ, c.normalized)
	attrs := map[string]int{"POSITION": pos}
	prim := map[string]any{"attributes": attrs}
	switch c.attr {
	case "POSITION":
		attrs["POSITION"] = acc
	case "target POSITION", "target NORMAL":
		prim["targets"] = []map[string]int{{c.attr[len("target "):]: acc}}
	case "JOINTS_0", "WEIGHTS_0":
		other := quantCase{attr: "WEIGHTS_0", comp: cFloat}
		if c.attr == "WEIGHTS_0" {
			other = quantCase{attr: "JOINTS_0", comp: cUbyte}
		}
		od, os := strided(other.encodeFloatOr(other.rawValues()))
		attrs[other.attr] = g.accessor(g.view(od, map[string]any{"byteStride": os}), other.comp, 3, "VEC4", other.comp != cUbyte)
		attrs[c.attr] = acc
	default:
		attrs[c.attr] = acc
	}
	doc := map[string]any{"meshes": []any{map[string]any{"primitives": []any{prim}}}, "nodes": []any{map[string]any{"mesh": 0}}}
	if c.attr == "JOINTS_0" || c.attr == "WEIGHTS_0" {
		doc["nodes"] = []any{map[string]any{"mesh": 0, "skin": 0}, map[string]any{}}
		doc["skins"] = []any{map[string]any{"joints": []int{1}}}
	}
	doc["extensionsUsed"] = []string{"KHR_mesh_quantization"}
	doc["extensionsRequired"] = []string{"KHR_mesh_quantization"}
	return g.glb(t, doc)
}

// encodeFloatOr encodes float weights as floats and other cases as ints.
func (c quantCase) encodeFloatOr(vals [][]int) [][]byte {
	if c.comp != cFloat {
		return c.encode(vals)
	}
	out := make([][]byte, len(vals))
	for i := range vals {
		out[i] = le32s(1, 0, 0, 0)
	}
	return out
}

// quantCases lists every combination KHR_mesh_quantization allows, plus
// the core ones for texture coordinates, joints and weights.
func quantCases() []quantCase {
	var cs []quantCase
	all := []int{cByte, cUbyte, cShort, cUshort}
	for _, comp := range all {
		for _, norm := range []bool{false, true} {
			cs = append(cs, quantCase{"POSITION", comp, norm}, quantCase{"TEXCOORD_0", comp, norm})
		}
	}
	for _, comp := range []int{cByte, cShort} {
		cs = append(cs, quantCase{"NORMAL", comp, true}, quantCase{"TANGENT", comp, true},
			quantCase{"target POSITION", comp, false}, quantCase{"target POSITION", comp, true},
			quantCase{"target NORMAL", comp, true})
	}
	for _, comp := range []int{cUbyte, cUshort} {
		cs = append(cs, quantCase{"JOINTS_0", comp, false}, quantCase{"WEIGHTS_0", comp, true})
	}
	return cs
}

// TestQuantizedAttributes loads a crafted GLB for every allowed
// combination and checks the decoded values.
func TestQuantizedAttributes(t *testing.T) {
	for _, c := range quantCases() {
		name := fmt.Sprintf("%s/%d/normalized=%v", c.attr, c.comp, c.normalized)
		t.Run(name, func(t *testing.T) {
			m, err := LoadReader(bytes.NewReader(quantGLB(t, c)), "quant.glb")
			if err != nil {
				t.Fatal(err)
			}
			got := attributeValues(&m.Meshes[0].Primitives[0], c.attr)
			for v, raw := range c.rawValues() {
				want := make([]float32, len(raw))
				for k, x := range raw {
					want[k] = c.expected(x)
				}
				if c.attr == "NORMAL" { // the loader renormalises normals
					want = normalized(want)
				}
				if !closeTo(got[v], want) {
					t.Errorf("vertex %d: got %v, want %v", v, got[v], want)
				}
			}
		})
	}
}

// attributeValues returns the decoded values of attr per vertex.
func attributeValues(p *Primitive, attr string) [][]float32 {
	out := make([][]float32, len(p.Positions))
	for v := range out {
		switch attr {
		case "POSITION":
			out[v] = p.Positions[v][:]
		case "NORMAL":
			out[v] = p.Normals[v][:]
		case "TANGENT":
			out[v] = p.Tangents[v][:]
		case "TEXCOORD_0":
			out[v] = p.UV0[v][:]
		case "WEIGHTS_0":
			out[v] = p.Weights[v][:]
		case "JOINTS_0":
			j := p.Joints[v]
			out[v] = []float32{float32(j[0]), float32(j[1]), float32(j[2]), float32(j[3])}
		case "target POSITION", "target NORMAL":
			out[v] = targetDelta(p.Targets[0], v, attr == "target NORMAL")
		}
	}
	return out
}

func targetDelta(mt MorphTarget, v int, normal bool) []float32 {
	for k, i := range mt.Index {
		if int(i) == v {
			if normal {
				return mt.Normals[k][:]
			}
			return mt.Positions[k][:]
		}
	}
	return []float32{0, 0, 0}
}

func normalized(v []float32) []float32 {
	n := mgl32.Vec3{v[0], v[1], v[2]}.Normalize()
	return n[:]
}

func closeTo(a, b []float32) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if math.Abs(float64(a[i]-b[i])) > 1e-5*max(1, math.Abs(float64(b[i]))) {
			return false
		}
	}
	return true
}
