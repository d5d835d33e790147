package avatar

import (
	"github.com/go-gl/mathgl/mgl32"
)

// Pose is the per-frame state of one model: local transforms and morph
// weights that clips and procedural motion write, and the world matrices,
// joint matrices and posed (morphed and skinned) vertices that Update
// derives from them. All buffers are allocated by NewPose; Reset, Sample
// and Update do not allocate.
type Pose struct {
	Model *Model
	// Local holds each node's local transform for this frame.
	Local []TRS
	// Weights holds each node's morph weights (nil for nodes without a
	// mesh with targets).
	Weights [][]float32
	// World holds each node's world matrix after Update.
	World []mgl32.Mat4
	// Joints holds, per skin, each joint's skinning matrix after Update:
	// World[joint] × inverseBind, which takes bind-pose vertices to world
	// space (the skinned mesh node's own transform is ignored, as glTF says).
	Joints [][]mgl32.Mat4
	// Instances holds the posed vertices of every mesh node in the scene.
	Instances []Instance
	// Min and Max bound the posed vertices after Update.
	Min, Max mgl32.Vec3

	order  []int          // nodes, parents before children
	xforms [][]jointXform // per skin, Joints in the form skin uses
	job    poseJob
}

// Instance is one mesh drawn by one node, posed in world space.
type Instance struct {
	Node, Mesh, Skin int // Skin is -1 for a rigid mesh
	Prims            []PosedPrimitive
}

// PosedPrimitive holds the world-space vertices of one primitive.
type PosedPrimitive struct {
	Positions []mgl32.Vec3
	Normals   []mgl32.Vec3
}

// NewPose allocates a pose for m in its rest state.
func NewPose(m *Model) *Pose {
	p := &Pose{
		Model:   m,
		Local:   make([]TRS, len(m.Nodes)),
		Weights: make([][]float32, len(m.Nodes)),
		World:   make([]mgl32.Mat4, len(m.Nodes)),
		Joints:  make([][]mgl32.Mat4, len(m.Skins)),
		xforms:  make([][]jointXform, len(m.Skins)),
	}
	for i, n := range m.Nodes {
		if n.Mesh >= 0 && len(m.Meshes[n.Mesh].DefaultWeights) > 0 {
			p.Weights[i] = make([]float32, len(m.Meshes[n.Mesh].DefaultWeights))
		}
	}
	for s, sk := range m.Skins {
		p.Joints[s] = make([]mgl32.Mat4, len(sk.Joints))
		p.xforms[s] = make([]jointXform, len(sk.Joints))
	}
	p.order = nodeOrder(m)
	for _, n := range p.order {
		node := m.Nodes[n]
		if node.Mesh < 0 || !inScene(m, n) {
			continue
		}
		inst := Instance{Node: n, Mesh: node.Mesh, Skin: node.Skin}
		for _, prim := range m.Meshes[node.Mesh].Primitives {
			nv := len(prim.Positions)
			inst.Prims = append(inst.Prims, PosedPrimitive{Positions: make([]mgl32.Vec3, nv), Normals: make([]mgl32.Vec3, nv)})
		}
		p.Instances = append(p.Instances, inst)
	}
	p.job.split(p)
	p.Reset()
	p.Update()
	return p
}

// nodeOrder lists nodes so that every parent comes before its children.
func nodeOrder(m *Model) []int {
	order := make([]int, 0, len(m.Nodes))
	var visit func(int)
	visit = func(n int) {
		order = append(order, n)
		for _, c := range m.Nodes[n].Children {
			visit(c)
		}
	}
	for i, n := range m.Nodes {
		if n.Parent < 0 {
			visit(i)
		}
	}
	return order
}

func inScene(m *Model, n int) bool {
	for n >= 0 && m.Nodes[n].Parent >= 0 {
		n = m.Nodes[n].Parent
	}
	for _, r := range m.Roots {
		if r == n {
			return true
		}
	}
	return false
}

// Reset returns every local transform and morph weight to the model's rest
// values.
func (p *Pose) Reset() {
	for i := range p.Model.Nodes {
		n := &p.Model.Nodes[i]
		p.Local[i] = n.Rest
		if w := p.Weights[i]; w != nil {
			src := n.Weights
			if src == nil {
				src = p.Model.Meshes[n.Mesh].DefaultWeights
			}
			clear(w)
			copy(w, src)
		}
	}
}

// MorphWeights returns the weights of the mesh on node n for writing, or nil.
func (p *Pose) MorphWeights(node int) []float32 { return p.Weights[node] }

// Drawable reports whether a mesh of the pose's scene has a vertex: a
// file of animations alone, or a scene of empty nodes, shows nothing.
func (p *Pose) Drawable() bool {
	for _, inst := range p.Instances {
		for _, prim := range inst.Prims {
			if len(prim.Positions) > 0 {
				return true
			}
		}
	}
	return false
}

// Update derives world matrices, joint matrices and posed vertices from the
// local transforms and weights, and the posed bounds.
func (p *Pose) Update() {
	p.updateWorld()
	for s, sk := range p.Model.Skins {
		js, xs := p.Joints[s], p.xforms[s]
		for j, n := range sk.Joints {
			js[j] = p.World[n].Mul4(sk.InverseBind[j])
			xs[j].set(&js[j])
		}
	}
	b := p.job.run()
	p.Min, p.Max = b.lo, b.hi
	if p.Min[0] > p.Max[0] {
		p.Min, p.Max = mgl32.Vec3{}, mgl32.Vec3{}
	}
}

func (p *Pose) updateWorld() {
	nodes := p.Model.Nodes
	for _, n := range p.order {
		var local mgl32.Mat4
		if nodes[n].HasMatrix && p.Local[n] == nodes[n].Rest {
			local = nodes[n].Matrix
		} else {
			local = p.Local[n].Mat4()
		}
		if par := nodes[n].Parent; par >= 0 {
			p.World[n] = p.World[par].Mul4(local)
		} else {
			p.World[n] = local
		}
	}
}

// morph returns the primitive's positions and normals with active morph
// targets added (base + Σ w·Δ, before skinning), or the base arrays when no
// target is active.
func (ps *poser) morph(prim *Primitive, weights []float32) (pos, nrm []mgl32.Vec3) {
	active := false
	for t := range prim.Targets {
		if t < len(weights) && weights[t] != 0 && len(prim.Targets[t].Index) > 0 {
			active = true
			break
		}
	}
	if !active {
		return prim.Positions, prim.Normals
	}
	n := len(prim.Positions)
	pos, nrm = ps.scratch[:n], ps.normBuf[:n]
	copy(pos, prim.Positions)
	copy(nrm, prim.Normals)
	for t := range prim.Targets {
		if t >= len(weights) || weights[t] == 0 {
			continue
		}
		w, mt := weights[t], &prim.Targets[t]
		for j, v := range mt.Index {
			d := mt.Positions[j]
			pos[v] = mgl32.Vec3{pos[v][0] + w*d[0], pos[v][1] + w*d[1], pos[v][2] + w*d[2]}
		}
		for j, v := range mt.Index[:len(mt.Normals)] {
			d := mt.Normals[j]
			nrm[v] = mgl32.Vec3{nrm[v][0] + w*d[0], nrm[v][1] + w*d[1], nrm[v][2] + w*d[2]}
		}
	}
	return pos, nrm
}
