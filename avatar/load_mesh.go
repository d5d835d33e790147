package avatar

import (
	"fmt"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/qmuntal/gltf"
	"github.com/qmuntal/gltf/modeler"
)

// meshes reads every mesh of the document, one Mesh per glTF mesh so that
// indices match the file.
func (b *builder) meshes() error {
	b.m.Meshes = make([]Mesh, len(b.doc.Meshes))
	for i, gm := range b.doc.Meshes {
		if gm == nil {
			return fmt.Errorf("mesh %d: null", i)
		}
		mesh := &b.m.Meshes[i]
		mesh.Name = gm.Name
		targets := 0
		for j, gp := range gm.Primitives {
			if gp == nil {
				return fmt.Errorf("%s primitive %d: null", named("mesh", i, gm.Name), j)
			}
			p, skip, err := b.primitive(gp)
			if err != nil {
				return fmt.Errorf("%s primitive %d: %w", named("mesh", i, gm.Name), j, err)
			}
			if skip != "" {
				b.warnf("%s primitive %d: skipped: %s", named("mesh", i, gm.Name), j, skip)
				continue
			}
			targets = max(targets, len(p.Targets))
			mesh.Primitives = append(mesh.Primitives, p)
		}
		for j := range mesh.Primitives {
			for len(mesh.Primitives[j].Targets) < targets {
				mesh.Primitives[j].Targets = append(mesh.Primitives[j].Targets, MorphTarget{})
			}
		}
		mesh.TargetNames = targetNames(gm.Extras, targets)
		mesh.DefaultWeights = make([]float32, targets)
		for k := 0; k < targets && k < len(gm.Weights); k++ {
			mesh.DefaultWeights[k] = float32(gm.Weights[k])
		}
	}
	return nil
}

// targetNames reads extras.targetNames, padding with "" to n names.
func targetNames(extras any, n int) []string {
	names := make([]string, n)
	m, _ := extras.(map[string]any)
	list, _ := m["targetNames"].([]any)
	for i := 0; i < n && i < len(list); i++ {
		names[i], _ = list[i].(string)
	}
	return names
}

// primitive reads one primitive, or says why it skips it (points, lines,
// no positions).
func (b *builder) primitive(gp *gltf.Primitive) (p Primitive, skip string, err error) {
	switch gp.Mode {
	case gltf.PrimitiveTriangles, gltf.PrimitiveTriangleStrip, gltf.PrimitiveTriangleFan:
	default:
		return p, fmt.Sprintf("mode %s (only triangles are drawn)", gp.Mode), nil
	}
	posIdx, has := gp.Attributes[gltf.POSITION]
	if !has {
		return p, "no POSITION attribute", nil
	}
	p.Material = -1
	if gp.Material != nil {
		if p.Material = optIndex(gp.Material, len(b.m.Materials)); p.Material < 0 {
			return p, "", fmt.Errorf("material %d out of range", *gp.Material)
		}
	}
	if p.Positions, err = b.readVec3(posIdx, "POSITION"); err != nil {
		return p, "", err
	}
	if k := nonFinite3(p.Positions); k >= 0 {
		return p, "", fmt.Errorf("POSITION of vertex %d is %v: %w", k, p.Positions[k], ErrNotFinite)
	}
	if err = b.attributes(gp.Attributes, &p); err != nil {
		return p, "", err
	}
	if p.Indices, err = b.indices(gp, len(p.Positions)); err != nil {
		return p, "", err
	}
	if p.Normals == nil {
		p.Normals = computeNormals(p.Positions, p.Indices)
	}
	for t, attrs := range gp.Targets {
		mt, err := b.target(attrs, len(p.Positions))
		if err != nil {
			return p, "", fmt.Errorf("morph target %d: %w", t, err)
		}
		p.Targets = append(p.Targets, mt)
	}
	return p, "", nil
}

// attributes reads the optional vertex attributes, checking their counts.
func (b *builder) attributes(attrs gltf.PrimitiveAttributes, p *Primitive) (err error) {
	n := len(p.Positions)
	if i, ok := attrs[gltf.NORMAL]; ok {
		if p.Normals, err = b.readVec3(i, "NORMAL"); err != nil {
			return err
		}
		for k, v := range p.Normals {
			p.Normals[k] = safeNormalize(v)
		}
	}
	if i, ok := attrs[gltf.TEXCOORD_0]; ok {
		if p.UV0, err = b.readVec2(i, "TEXCOORD_0"); err != nil {
			return err
		}
	}
	if i, ok := attrs[gltf.TANGENT]; ok {
		if p.Tangents, err = b.readVec4(i, "TANGENT"); err != nil {
			return err
		}
	}
	if i, ok := attrs[gltf.COLOR_0]; ok {
		if p.Colors, err = b.colors(i); err != nil {
			return err
		}
	}
	if err = b.skinAttributes(attrs, p); err != nil {
		return err
	}
	for name, l := range map[string]int{"NORMAL": len(p.Normals), "TEXCOORD_0": len(p.UV0),
		"TANGENT": len(p.Tangents), "COLOR_0": len(p.Colors), "JOINTS_0": len(p.Joints), "WEIGHTS_0": len(p.Weights)} {
		if l != 0 && l != n {
			return fmt.Errorf("%s has %d values for %d vertices", name, l, n)
		}
	}
	return nil
}

// skinAttributes reads JOINTS_0 and WEIGHTS_0 together; one without the other
// leaves the primitive unskinned.
func (b *builder) skinAttributes(attrs gltf.PrimitiveAttributes, p *Primitive) (err error) {
	ji, hasJ := attrs[gltf.JOINTS_0]
	wi, hasW := attrs[gltf.WEIGHTS_0]
	if !hasJ || !hasW {
		return nil
	}
	if p.Joints, err = readAttr(b, ji, "JOINTS_0", modeler.ReadJoints); err != nil {
		return err
	}
	p.Weights, err = readAttr(b, wi, "WEIGHTS_0", modeler.ReadWeights)
	return err
}

// colors reads COLOR_0 of any type into linear RGBA floats.
func (b *builder) colors(i int) ([][4]float32, error) {
	acr, err := b.accessor(i, "COLOR_0", i)
	if err != nil {
		return nil, err
	}
	data, err := modeler.ReadAccessor(b.doc, acr, nil)
	if err != nil {
		return nil, fmt.Errorf("COLOR_0: %w", err)
	}
	out := make([][4]float32, acr.Count)
	switch d := data.(type) {
	case [][4]float32:
		copy(out, d)
	case [][3]float32:
		for k, c := range d {
			out[k] = [4]float32{c[0], c[1], c[2], 1}
		}
	case [][4]uint8:
		for k, c := range d {
			out[k] = [4]float32{float32(c[0]) / 255, float32(c[1]) / 255, float32(c[2]) / 255, float32(c[3]) / 255}
		}
	case [][3]uint8:
		for k, c := range d {
			out[k] = [4]float32{float32(c[0]) / 255, float32(c[1]) / 255, float32(c[2]) / 255, 1}
		}
	case [][4]uint16:
		for k, c := range d {
			out[k] = [4]float32{float32(c[0]) / 65535, float32(c[1]) / 65535, float32(c[2]) / 65535, float32(c[3]) / 65535}
		}
	case [][3]uint16:
		for k, c := range d {
			out[k] = [4]float32{float32(c[0]) / 65535, float32(c[1]) / 65535, float32(c[2]) / 65535, 1}
		}
	default:
		return nil, fmt.Errorf("COLOR_0: unsupported type %T", data)
	}
	return out, nil
}

// indices reads or generates the index list and converts strips and fans to
// a triangle list, checking every index against the vertex count.
func (b *builder) indices(gp *gltf.Primitive, n int) ([]uint32, error) {
	var idx []uint32
	if gp.Indices != nil {
		acr, err := b.accessor(*gp.Indices, "indices", *gp.Indices)
		if err != nil {
			return nil, err
		}
		if idx, err = modeler.ReadIndices(b.doc, acr, nil); err != nil {
			return nil, fmt.Errorf("indices: %w", err)
		}
		for k, v := range idx {
			if int(v) >= n {
				return nil, fmt.Errorf("index %d is %d, out of range for %d vertices", k, v, n)
			}
		}
	} else {
		idx = make([]uint32, n)
		for k := range idx {
			idx[k] = uint32(k)
		}
	}
	switch gp.Mode {
	case gltf.PrimitiveTriangleStrip:
		return stripToList(idx), nil
	case gltf.PrimitiveTriangleFan:
		return fanToList(idx), nil
	}
	return idx[:len(idx)/3*3], nil
}

func stripToList(s []uint32) []uint32 {
	out := make([]uint32, 0, max(0, len(s)-2)*3)
	for i := 0; i+2 < len(s); i++ {
		if i%2 == 0 {
			out = append(out, s[i], s[i+1], s[i+2])
		} else {
			out = append(out, s[i+1], s[i], s[i+2])
		}
	}
	return out
}

func fanToList(s []uint32) []uint32 {
	out := make([]uint32, 0, max(0, len(s)-2)*3)
	for i := 1; i+1 < len(s); i++ {
		out = append(out, s[0], s[i], s[i+1])
	}
	return out
}

// target reads one morph target into sparse form.
func (b *builder) target(attrs gltf.PrimitiveAttributes, n int) (MorphTarget, error) {
	var pos, nrm []mgl32.Vec3
	var err error
	if i, ok := attrs[gltf.POSITION]; ok {
		if pos, err = b.readVec3(i, "target POSITION"); err != nil {
			return MorphTarget{}, err
		}
		if k := nonFinite3(pos); k >= 0 {
			return MorphTarget{}, fmt.Errorf("target POSITION of vertex %d is %v: %w", k, pos[k], ErrNotFinite)
		}
	}
	if i, ok := attrs[gltf.NORMAL]; ok {
		if nrm, err = b.readVec3(i, "target NORMAL"); err != nil {
			return MorphTarget{}, err
		}
	}
	if (pos != nil && len(pos) != n) || (nrm != nil && len(nrm) != n) {
		return MorphTarget{}, fmt.Errorf("delta count does not match %d vertices", n)
	}
	var mt MorphTarget
	zero := mgl32.Vec3{}
	for v := 0; v < n; v++ {
		var dp, dn mgl32.Vec3
		if pos != nil {
			dp = pos[v]
		}
		if nrm != nil {
			dn = nrm[v]
		}
		if dp == zero && dn == zero {
			continue
		}
		mt.Index = append(mt.Index, uint32(v))
		mt.Positions = append(mt.Positions, dp)
		if nrm != nil {
			mt.Normals = append(mt.Normals, dn)
		}
	}
	return mt, nil
}

func readAttr[T any](b *builder, i int, what string, read func(*gltf.Document, *gltf.Accessor, []T) ([]T, error)) ([]T, error) {
	acr, err := b.accessor(i, what, i)
	if err != nil {
		return nil, err
	}
	out, err := read(b.doc, acr, nil)
	if err != nil {
		return nil, fmt.Errorf("%s (accessor %d, %s %s): %w", what, i, acr.ComponentType, acr.Type, err)
	}
	return out, nil
}

// computeNormals gives smooth, area-weighted vertex normals.
func computeNormals(pos []mgl32.Vec3, idx []uint32) []mgl32.Vec3 {
	out := make([]mgl32.Vec3, len(pos))
	for t := 0; t+2 < len(idx); t += 3 {
		a, b, c := idx[t], idx[t+1], idx[t+2]
		n := pos[b].Sub(pos[a]).Cross(pos[c].Sub(pos[a]))
		out[a], out[b], out[c] = out[a].Add(n), out[b].Add(n), out[c].Add(n)
	}
	for i, n := range out {
		out[i] = safeNormalize(n)
	}
	return out
}

func safeNormalize(v mgl32.Vec3) mgl32.Vec3 {
	l := v.Len()
	if l < 1e-20 || l != l {
		return mgl32.Vec3{0, 0, 1}
	}
	return v.Mul(1 / l)
}

// nonFinite3 returns the index of the first vector in v with a NaN or
// infinite component, or -1.
func nonFinite3(v []mgl32.Vec3) int {
	for i, x := range v {
		if nonFinite(x[:]) >= 0 {
			return i
		}
	}
	return -1
}
