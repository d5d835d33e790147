package avatar

// VertexRef names vertex V of primitive Prim of the pose's instance Inst
// (Pose.Instances[Inst].Prims[Prim].Positions[V]).
type VertexRef struct{ Inst, Prim, V int32 }

// BoneVertices lists up to most vertices of the pose's instances that bone
// b or a bone below it (the head's eyes and jaw) moves more than any other
// joint does, spread evenly over them: what the screen shows of that part of
// the body. It is nil when the model has no such bone or no vertex skinned
// to it.
func (p *Pose) BoneVertices(b Bone, most int) []VertexRef {
	root := p.Model.Humanoid.Node(b)
	if root < 0 || most <= 0 {
		return nil
	}
	under := p.below(root)
	var all []VertexRef
	for i, inst := range p.Instances {
		if inst.Skin < 0 {
			if under[inst.Node] {
				for k, pp := range inst.Prims {
					for v := range pp.Positions {
						all = append(all, VertexRef{int32(i), int32(k), int32(v)})
					}
				}
			}
			continue
		}
		joints := p.Model.Skins[inst.Skin].Joints
		for k := range inst.Prims {
			prim := &p.Model.Meshes[inst.Mesh].Primitives[k]
			if len(prim.Weights) != len(prim.Joints) {
				continue
			}
			for v := range prim.Joints {
				if j := prim.Joints[v][heaviest(prim.Weights[v])]; int(j) < len(joints) && under[joints[j]] {
					all = append(all, VertexRef{int32(i), int32(k), int32(v)})
				}
			}
		}
	}
	if len(all) <= most {
		return all
	}
	out := make([]VertexRef, most)
	for i := range out {
		out[i] = all[i*len(all)/most]
	}
	return out
}

// below marks node n and every node under it.
func (p *Pose) below(n int) []bool {
	under := make([]bool, len(p.Model.Nodes))
	under[n] = true
	for _, m := range p.order { // parents before children
		if par := p.Model.Nodes[m].Parent; par >= 0 && under[par] {
			under[m] = true
		}
	}
	return under
}

// heaviest is the slot of the largest of four weights.
func heaviest(w [4]float32) int {
	k := 0
	for i := 1; i < 4; i++ {
		if w[i] > w[k] {
			k = i
		}
	}
	return k
}
