package avatar

import (
	"fmt"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/qmuntal/gltf"
	"github.com/qmuntal/gltf/modeler"
)

// nodes copies the node tree, checking every reference and refusing cycles.
func (b *builder) nodes() error {
	doc := b.doc
	b.m.Nodes = make([]Node, len(doc.Nodes))
	for i := range b.m.Nodes {
		b.m.Nodes[i].Parent = -1
	}
	for i, n := range doc.Nodes {
		if n == nil {
			return fmt.Errorf("node %d: null", i)
		}
		out := &b.m.Nodes[i]
		out.Name = n.Name
		if out.Name == "" {
			out.Name = fmt.Sprintf("node%d", i)
		}
		out.Mesh = optIndex(n.Mesh, len(doc.Meshes))
		out.Skin = optIndex(n.Skin, len(doc.Skins))
		if (n.Mesh != nil && out.Mesh < 0) || (n.Skin != nil && out.Skin < 0) {
			return fmt.Errorf("%s: mesh or skin index out of range", named("node", i, n.Name))
		}
		out.Rest = TRS{T: vec3(n.TranslationOrDefault()), R: quat(n.RotationOrDefault()), S: vec3(n.ScaleOrDefault())}
		if n.Matrix != gltf.DefaultMatrix && n.Matrix != [16]float64{} {
			out.HasMatrix = true
			for k, v := range n.Matrix {
				out.Matrix[k] = float32(v)
			}
			out.Rest = decompose(out.Matrix)
		}
		if r := out.Rest; nonFinite(r.T[:]) >= 0 || nonFinite([]float32{r.R.W, r.R.V[0], r.R.V[1], r.R.V[2]}) >= 0 || nonFinite(r.S[:]) >= 0 {
			return fmt.Errorf("%s: its transform (translation, rotation, scale or matrix) holds a value that is %w", named("node", i, n.Name), ErrNotFinite)
		}
		if len(n.Weights) > 0 {
			out.Weights = float32s(n.Weights)
		}
		for _, c := range n.Children {
			if c < 0 || c >= len(doc.Nodes) {
				return fmt.Errorf("%s: child %d out of range", named("node", i, n.Name), c)
			}
			if b.m.Nodes[c].Parent >= 0 || c == i {
				return fmt.Errorf("%s: child %d has two parents or is its own child", named("node", i, n.Name), c)
			}
			b.m.Nodes[c].Parent = i
			out.Children = append(out.Children, c)
		}
	}
	if err := checkAcyclic(b.m.Nodes); err != nil {
		return err
	}
	b.m.Roots = b.sceneRoots()
	return nil
}

// sceneRoots returns the root nodes of the default scene, or every parentless
// node when the file names no scene. A scene's reference to a node that does
// not exist, and a default scene that does not exist, are warnings.
func (b *builder) sceneRoots() []int {
	doc := b.doc
	if len(doc.Scenes) == 0 {
		return b.parentless()
	}
	s := 0
	if doc.Scene != nil {
		if *doc.Scene >= 0 && *doc.Scene < len(doc.Scenes) {
			s = *doc.Scene
		} else {
			b.warnf("default scene %d out of range (the file has %d); showing scene 0", *doc.Scene, len(doc.Scenes))
		}
	}
	sc := doc.Scenes[s]
	if sc == nil {
		return b.parentless()
	}
	var roots []int
	for _, n := range sc.Nodes {
		if n < 0 || n >= len(b.m.Nodes) {
			b.warnf("%s: node %d out of range (the file has %d nodes; ignored)", named("scene", s, sc.Name), n, len(b.m.Nodes))
			continue
		}
		if b.m.Nodes[n].Parent < 0 {
			roots = append(roots, n)
		}
	}
	return roots
}

// parentless lists the nodes that have no parent.
func (b *builder) parentless() []int {
	var roots []int
	for i, n := range b.m.Nodes {
		if n.Parent < 0 {
			roots = append(roots, i)
		}
	}
	return roots
}

// maxDepth is the deepest node hierarchy kin reads; real rigs are a few dozen levels.
const maxDepth = 1000

// checkAcyclic refuses a parent chain that loops or runs deeper than maxDepth, in
// time linear in the nodes (each node has at most one parent by now).
func checkAcyclic(nodes []Node) error {
	depth := make([]int, len(nodes)) // 0: not seen yet; -1: on the current walk; else depth+1
	var walk []int
	for i := range nodes {
		walk = walk[:0]
		p := i
		for p >= 0 && depth[p] == 0 {
			depth[p] = -1
			walk = append(walk, p)
			p = nodes[p].Parent
		}
		if p >= 0 && depth[p] < 0 {
			return fmt.Errorf("%s: cycle in the node hierarchy: it is its own ancestor", named("node", p, nodes[p].Name))
		}
		d := 0
		if p >= 0 {
			d = depth[p]
		}
		for k := len(walk) - 1; k >= 0; k-- {
			d++
			depth[walk[k]] = d
		}
		if d > maxDepth {
			return fmt.Errorf("%s is %d levels deep in the node hierarchy; kin reads up to %d — the file is damaged or hostile", named("node", i, nodes[i].Name), d, maxDepth)
		}
	}
	return nil
}

// skins reads joints and inverse bind matrices.
func (b *builder) skins() error {
	for i, s := range b.doc.Skins {
		if s == nil {
			return fmt.Errorf("skin %d: null", i)
		}
		sk := Skin{Name: s.Name, Joints: make([]int, len(s.Joints)), Skeleton: optIndex(s.Skeleton, len(b.m.Nodes))}
		for j, n := range s.Joints {
			if n < 0 || n >= len(b.m.Nodes) {
				return fmt.Errorf("%s: joint %d refers to node %d, out of range", named("skin", i, s.Name), j, n)
			}
			sk.Joints[j] = n
		}
		sk.InverseBind = make([]mgl32.Mat4, len(s.Joints))
		for j := range sk.InverseBind {
			sk.InverseBind[j] = mgl32.Ident4()
		}
		if s.InverseBindMatrices != nil {
			acr, err := b.accessor(*s.InverseBindMatrices, "skin", i)
			if err != nil {
				return err
			}
			ibm, err := modeler.ReadInverseBindMatrices(b.doc, acr, nil)
			if err != nil {
				return fmt.Errorf("%s: inverseBindMatrices: %w", named("skin", i, s.Name), err)
			}
			if len(ibm) < len(s.Joints) {
				return fmt.Errorf("%s: %d inverseBindMatrices for %d joints", named("skin", i, s.Name), len(ibm), len(s.Joints))
			}
			for j := range sk.InverseBind { // modeler returns ibm[j][row][column]
				for c := 0; c < 4; c++ {
					for r := 0; r < 4; r++ {
						sk.InverseBind[j][c*4+r] = ibm[j][r][c]
					}
				}
				if k := nonFinite(sk.InverseBind[j][:]); k >= 0 {
					return fmt.Errorf("%s: inverse bind matrix %d holds %v (joint node %d), not a finite number; the skin is damaged — re-export the model", named("skin", i, s.Name), j, sk.InverseBind[j][k], s.Joints[j])
				}
			}
		}
		b.m.Skins = append(b.m.Skins, sk)
	}
	return nil
}

func optIndex(p *int, n int) int {
	if p == nil || *p < 0 || *p >= n {
		return -1
	}
	return *p
}

func vec3(v [3]float64) mgl32.Vec3 { return mgl32.Vec3{float32(v[0]), float32(v[1]), float32(v[2])} }

func quat(v [4]float64) mgl32.Quat {
	return mgl32.Quat{W: float32(v[3]), V: mgl32.Vec3{float32(v[0]), float32(v[1]), float32(v[2])}}
}

func float32s(v []float64) []float32 {
	out := make([]float32, len(v))
	for i, x := range v {
		out[i] = float32(x)
	}
	return out
}

// decompose splits an affine matrix without shear into TRS.
func decompose(m mgl32.Mat4) TRS {
	t := mgl32.Vec3{m[12], m[13], m[14]}
	s := mgl32.Vec3{m.Col(0).Vec3().Len(), m.Col(1).Vec3().Len(), m.Col(2).Vec3().Len()}
	if m.Mat3().Det() < 0 {
		s[0] = -s[0]
	}
	var r mgl32.Mat4
	for c := 0; c < 3; c++ {
		inv := float32(0)
		if s[c] != 0 {
			inv = 1 / s[c]
		}
		for k := 0; k < 3; k++ {
			r[c*4+k] = m[c*4+k] * inv
		}
	}
	r[15] = 1
	return TRS{T: t, R: mgl32.Mat4ToQuat(r).Normalize(), S: s}
}
