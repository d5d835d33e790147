package avatar

import (
	"encoding/json"
	"fmt"

	"github.com/go-gl/mathgl/mgl32"
)

type vrm1Shape struct {
	Sphere *struct {
		Offset *[3]float32 `json:"offset"`
		Radius *float32    `json:"radius"`
		Inside bool        `json:"inside"`
	} `json:"sphere"`
	Capsule *struct {
		Offset *[3]float32 `json:"offset"`
		Tail   *[3]float32 `json:"tail"`
		Radius *float32    `json:"radius"`
		Inside bool        `json:"inside"`
	} `json:"capsule"`
	Plane *struct {
		Offset *[3]float32 `json:"offset"`
		Normal *[3]float32 `json:"normal"`
	} `json:"plane"`
}

type vrm1Collider struct {
	Node       *int      `json:"node"`
	Shape      vrm1Shape `json:"shape"`
	Extensions struct {
		Extended *struct {
			SpecVersion string    `json:"specVersion"`
			Shape       vrm1Shape `json:"shape"`
		} `json:"VRMC_springBone_extended_collider"`
	} `json:"extensions"`
}

type vrm1Joint struct {
	Node         *int        `json:"node"`
	HitRadius    *float32    `json:"hitRadius"`
	Stiffness    *float32    `json:"stiffness"`
	GravityPower *float32    `json:"gravityPower"`
	GravityDir   *[3]float32 `json:"gravityDir"`
	DragForce    *float32    `json:"dragForce"`
}

type vrm1SpringBone struct {
	Colliders      []vrm1Collider `json:"colliders"`
	ColliderGroups []struct {
		Colliders []int `json:"colliders"`
	} `json:"colliderGroups"`
	Springs []struct {
		Joints         []vrm1Joint `json:"joints"`
		ColliderGroups []int       `json:"colliderGroups"`
		Center         *int        `json:"center"`
	} `json:"springs"`
}

// readVRM1Springs converts VRMC_springBone: each joint but the last of a
// spring is simulated with its own parameters, the next joint marking its
// tail. A collider with VRMC_springBone_extended_collider 1.0 uses that
// shape (planes, inside-out spheres and capsules); otherwise its basic one.
func readVRM1Springs(raw json.RawMessage, m *Model) error {
	var doc vrm1SpringBone
	if err := decodeField(raw, &doc, "VRMC_springBone"); err != nil {
		return err
	}
	sb := &SpringBones{}
	colliderAt := make([]int, len(doc.Colliders)) // file index → sb index, -1 when dropped
	for i, c := range doc.Colliders {
		colliderAt[i] = -1
		node := optIndexOr(c.Node, -1)
		if !nodeInRange(m, node, "VRMC_springBone collider %d", i) {
			continue
		}
		col, ok := colliderShape(c, node)
		if !ok {
			m.Warnings = append(m.Warnings, fmt.Sprintf("vrm: VRMC_springBone collider %d has no shape, ignored", i))
			continue
		}
		colliderAt[i] = len(sb.Colliders)
		sb.Colliders = append(sb.Colliders, col)
	}
	for gi, g := range doc.ColliderGroups {
		var group []int
		for _, c := range g.Colliders {
			if c < 0 || c >= len(colliderAt) || colliderAt[c] < 0 {
				m.Warnings = append(m.Warnings, fmt.Sprintf("vrm: VRMC_springBone collider group %d refers to collider %d, missing", gi, c))
				continue
			}
			group = append(group, colliderAt[c])
		}
		sb.Groups = append(sb.Groups, group)
	}
	taken := map[int]bool{}
	for si, s := range doc.Springs {
		center := optIndexOr(s.Center, -1)
		if center >= 0 && !nodeInRange(m, center, "VRMC_springBone spring %d center", si) {
			center = -1
		}
		groups := checkGroups(s.ColliderGroups, len(sb.Groups), m, fmt.Sprintf("VRMC_springBone spring %d", si))
		before := len(sb.Joints)
		for k := 0; k+1 < len(s.Joints); k++ {
			j, ok := vrm1ToJoint(s.Joints[k], s.Joints[k+1], m, si, taken)
			if !ok {
				continue
			}
			j.Spring, j.Center, j.Groups = sb.Springs, center, groups
			sb.Joints = append(sb.Joints, j)
		}
		if len(sb.Joints) > before {
			sb.Springs++
		}
	}
	setSprings(m, sb)
	return nil
}

// vrm1ToJoint builds the joint of x whose tail is the node of next.
func vrm1ToJoint(x, next vrm1Joint, m *Model, spring int, taken map[int]bool) (SpringJoint, bool) {
	j := defaultJoint()
	j.Node, j.Child = optIndexOr(x.Node, -1), optIndexOr(next.Node, -1)
	if !nodeInRange(m, j.Node, "VRMC_springBone spring %d joint", spring) || !nodeInRange(m, j.Child, "VRMC_springBone spring %d joint", spring) {
		return j, false
	}
	if taken[j.Node] {
		m.Warnings = append(m.Warnings, fmt.Sprintf("vrm: spring bone node %d (%s) is in two springs, first kept", j.Node, m.Nodes[j.Node].Name))
		return j, false
	}
	taken[j.Node] = true
	j.HitRadius = optFloatOr(x.HitRadius, 0)
	j.Stiffness = optFloatOr(x.Stiffness, j.Stiffness)
	j.GravityPower = optFloatOr(x.GravityPower, 0)
	j.DragForce = optFloatOr(x.DragForce, j.DragForce)
	j.GravityDir = unitOr(vec3Or(x.GravityDir, j.GravityDir), j.GravityDir)
	return j, true
}

// colliderShape picks the extended shape when present and understood.
func colliderShape(c vrm1Collider, node int) (Collider, bool) {
	if ext := c.Extensions.Extended; ext != nil && ext.SpecVersion == "1.0" {
		if col, ok := shapeOf(ext.Shape, node); ok {
			return col, true
		}
	}
	return shapeOf(c.Shape, node)
}

func shapeOf(s vrm1Shape, node int) (Collider, bool) {
	col := Collider{Node: node}
	switch {
	case s.Sphere != nil:
		col.Shape, col.Inside = ColliderSphere, s.Sphere.Inside
		col.Offset, col.Radius = vec3Or(s.Sphere.Offset, mgl32.Vec3{}), optFloatOr(s.Sphere.Radius, 0)
	case s.Capsule != nil:
		col.Shape, col.Inside = ColliderCapsule, s.Capsule.Inside
		col.Offset, col.Radius = vec3Or(s.Capsule.Offset, mgl32.Vec3{}), optFloatOr(s.Capsule.Radius, 0)
		col.Tail = vec3Or(s.Capsule.Tail, mgl32.Vec3{})
	case s.Plane != nil:
		col.Shape = ColliderPlane
		col.Offset = vec3Or(s.Plane.Offset, mgl32.Vec3{})
		col.Normal = unitOr(vec3Or(s.Plane.Normal, mgl32.Vec3{0, 0, 1}), mgl32.Vec3{0, 0, 1})
	default:
		return col, false
	}
	return col, true
}
