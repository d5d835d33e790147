package avatar

import (
	"encoding/json"
	"fmt"

	"github.com/go-gl/mathgl/mgl32"
)

type vrm0Secondary struct {
	BoneGroups []struct {
		Stiffness      *float32  `json:"stiffiness"` // sic: the VRM 0.x spelling
		GravityPower   *float32  `json:"gravityPower"`
		GravityDir     *vrm0Vec3 `json:"gravityDir"`
		DragForce      *float32  `json:"dragForce"`
		Center         *int      `json:"center"`
		HitRadius      *float32  `json:"hitRadius"`
		Bones          []int     `json:"bones"`
		ColliderGroups []int     `json:"colliderGroups"`
	} `json:"boneGroups"`
	ColliderGroups []struct {
		Node      *int `json:"node"`
		Colliders []struct {
			Offset *vrm0Vec3 `json:"offset"`
			Radius *float32  `json:"radius"`
		} `json:"colliders"`
	} `json:"colliderGroups"`
}

type vrm0Vec3 struct{ X, Y, Z float32 }

// readVRM0Springs converts secondaryAnimation as three-vrm does: every node
// under a group's root bones is a joint whose tail is its first child (or a
// 7 cm virtual tail for a leaf); collider offsets are in Unity axes, so
// their z is negated; gravityDir is taken as it is.
func readVRM0Springs(raw json.RawMessage, m *Model) error {
	var sa vrm0Secondary
	if err := decodeField(raw, &sa, "VRM.secondaryAnimation"); err != nil {
		return err
	}
	sb := &SpringBones{}
	for gi, g := range sa.ColliderGroups {
		node := optIndexOr(g.Node, -1)
		var group []int
		for _, c := range g.Colliders {
			if !nodeInRange(m, node, "secondaryAnimation collider group %d", gi) {
				break
			}
			col := Collider{Node: node, Shape: ColliderSphere, Radius: optFloatOr(c.Radius, 0)}
			if o := c.Offset; o != nil {
				col.Offset = mgl32.Vec3{o.X, o.Y, -o.Z}
			}
			group = append(group, len(sb.Colliders))
			sb.Colliders = append(sb.Colliders, col)
		}
		sb.Groups = append(sb.Groups, group)
	}
	taken := map[int]bool{}
	for gi, g := range sa.BoneGroups {
		j := defaultJoint()
		j.Stiffness = optFloatOr(g.Stiffness, j.Stiffness)
		j.GravityPower = optFloatOr(g.GravityPower, 0)
		j.DragForce = optFloatOr(g.DragForce, j.DragForce)
		j.HitRadius = optFloatOr(g.HitRadius, 0)
		if d := g.GravityDir; d != nil {
			j.GravityDir = unitOr(mgl32.Vec3{d.X, d.Y, d.Z}, j.GravityDir)
		}
		if c := optIndexOr(g.Center, -1); c >= 0 && nodeInRange(m, c, "secondaryAnimation bone group %d center", gi) {
			j.Center = c
		}
		j.Groups = checkGroups(g.ColliderGroups, len(sb.Groups), m, fmt.Sprintf("secondaryAnimation bone group %d", gi))
		for _, root := range g.Bones {
			if !nodeInRange(m, root, "secondaryAnimation bone group %d bone", gi) {
				continue
			}
			j.Spring = sb.Springs
			sb.Springs++
			addSubtree(sb, m, root, j, taken)
		}
	}
	setSprings(m, sb)
	return nil
}

// addSubtree adds node n and every node below it as joints like j.
func addSubtree(sb *SpringBones, m *Model, n int, j SpringJoint, taken map[int]bool) {
	if taken[n] {
		m.Warnings = append(m.Warnings, fmt.Sprintf("vrm: spring bone node %d (%s) belongs to two groups, first kept", n, m.Nodes[n].Name))
		return
	}
	taken[n] = true
	j.Node, j.Child = n, -1
	if kids := m.Nodes[n].Children; len(kids) > 0 {
		j.Child = kids[0]
	}
	sb.Joints = append(sb.Joints, j)
	for _, c := range m.Nodes[n].Children {
		addSubtree(sb, m, c, j, taken)
	}
}

// setSprings stores sb in m unless it holds no joint.
func setSprings(m *Model, sb *SpringBones) {
	if len(sb.Joints) > 0 {
		m.Springs = sb
	}
}

// checkGroups keeps the collider group indices that exist.
func checkGroups(groups []int, n int, m *Model, what string) []int {
	var out []int
	for _, g := range groups {
		if g < 0 || g >= n {
			m.Warnings = append(m.Warnings, fmt.Sprintf("vrm: %s refers to collider group %d, out of range", what, g))
			continue
		}
		out = append(out, g)
	}
	return out
}

func nodeInRange(m *Model, n int, format string, args ...any) bool {
	if n >= 0 && n < len(m.Nodes) {
		return true
	}
	m.Warnings = append(m.Warnings, fmt.Sprintf("vrm: "+format+" refers to node %d, out of range", append(args, n)...))
	return false
}

// unitOr normalises v, or returns def when v has no length.
func unitOr(v, def mgl32.Vec3) mgl32.Vec3 {
	if l := v.Len(); l > 1e-6 {
		return v.Mul(1 / l)
	}
	return def
}

func vec3Or(p *[3]float32, def mgl32.Vec3) mgl32.Vec3 {
	if p == nil {
		return def
	}
	return mgl32.Vec3(*p)
}
