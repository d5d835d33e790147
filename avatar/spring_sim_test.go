package avatar

import (
	"fmt"
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl32"
)

// armModel is an anchor at (0,1,0) holding a joint whose tail starts 0.3 m
// out along +X, free to fall (no stiffness) under gravity; node 3 carries
// the collider c when given.
func armModel(c *Collider) *Model {
	m := &Model{Nodes: []Node{
		{Name: "anchor", Parent: -1, Mesh: -1, Skin: -1, Children: []int{1}, Rest: TRS{T: mgl32.Vec3{0, 1, 0}, R: mgl32.QuatIdent(), S: mgl32.Vec3{1, 1, 1}}},
		{Name: "joint", Parent: 0, Mesh: -1, Skin: -1, Children: []int{2}, Rest: IdentityTRS},
		{Name: "tail", Parent: 1, Mesh: -1, Skin: -1, Rest: TRS{T: mgl32.Vec3{0.3, 0, 0}, R: mgl32.QuatIdent(), S: mgl32.Vec3{1, 1, 1}}},
		{Name: "collider", Parent: -1, Mesh: -1, Skin: -1, Rest: IdentityTRS},
	}, Roots: []int{0, 3}}
	j := defaultJoint()
	j.Node, j.Child, j.Stiffness, j.GravityPower, j.DragForce, j.HitRadius = 1, 2, 0, 2, 0.1, 0.02
	sb := &SpringBones{Springs: 1}
	if c != nil {
		c.Node = 3
		sb.Colliders, sb.Groups, j.Groups = []Collider{*c}, [][]int{{0}}, []int{0}
	}
	sb.Joints = []SpringJoint{j}
	m.Springs = sb
	return m
}

// TestSpringNeverEntersCollider drops the arm onto each shape and checks
// the tail, as posed every frame, never enters it.
func TestSpringNeverEntersCollider(t *testing.T) {
	tests := []struct {
		name string
		c    Collider
	}{
		{"sphere", Collider{Shape: ColliderSphere, Offset: mgl32.Vec3{0.25, 0.8, 0}, Radius: 0.08}},
		{"capsule", Collider{Shape: ColliderCapsule, Offset: mgl32.Vec3{0.15, 0.75, -0.2}, Tail: mgl32.Vec3{0.15, 0.75, 0.2}, Radius: 0.05}},
		{"plane", Collider{Shape: ColliderPlane, Offset: mgl32.Vec3{0, 0.85, 0}, Normal: mgl32.Vec3{0, 1, 0}}},
		{"inside sphere", Collider{Shape: ColliderSphere, Offset: mgl32.Vec3{0.1, 0.9, 0}, Radius: 0.35, Inside: true}},
		{"inside capsule", Collider{Shape: ColliderCapsule, Offset: mgl32.Vec3{0, 1, 0}, Tail: mgl32.Vec3{0.2, 1, 0}, Radius: 0.2, Inside: true}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := tt.c
			m := armModel(&c)
			p := NewPose(m)
			s := newSpringSim(p)
			lowest := float32(2)
			runSprings(p, s, 1.0/60, 3, nil, func(at float32) {
				tail := worldPos(p, 2)
				lowest = min(lowest, tail[1])
				if d, _, hit := s.distance(0, vec(tail), 0); hit && d < -2e-3 {
					t.Fatalf("at %.2fs the tail %v is %.4f m inside the collider", at, tail, -d)
				}
			})
			if lowest > 0.95 {
				t.Errorf("the tail never fell (lowest y %.3f): the test proves nothing", lowest)
			}
		})
	}
}

// TestSpringFrameRates runs the same fall at 30, 60 and 144 FPS: the
// results agree, the bone keeps its length and nothing explodes.
func TestSpringFrameRates(t *testing.T) {
	var ends []mgl32.Vec3
	for _, fps := range []float32{20, 30, 60, 144} {
		m := armModel(nil)
		m.Springs.Joints[0].Stiffness = 1
		p := NewPose(m)
		s := newSpringSim(p)
		runSprings(p, s, 1/fps, 2, nil, func(float32) {
			if l := worldPos(p, 2).Sub(worldPos(p, 1)).Len(); math.Abs(float64(l-0.3)) > 1e-3 || math.IsNaN(float64(l)) {
				t.Fatalf("%v FPS: bone length %v, want 0.3", fps, l)
			}
		})
		ends = append(ends, worldPos(p, 2))
	}
	for i := 1; i < len(ends); i++ {
		if d := ends[i].Sub(ends[0]).Len(); d > 0.01 {
			t.Errorf("tail after 2 s differs by %.4f m between frame rates: %v", d, ends)
		}
	}
}

// TestSpringFollowsHead turns the head of the ponytail fixture: the hair
// lags, then follows.
func TestSpringFollowsHead(t *testing.T) {
	m, p, s := loadSprings(t, "testdata/vrm0-springs.gltf")
	head, tip := nodeByName(t, m, "Head"), nodeByName(t, m, "Hair3")
	turn := func(p *Pose, at float32) {
		a := min(max(at-1, 0)/0.1, 1) * 60 // 60° over 0.1 s from t = 1 s
		p.Local[head].R = axisAngle(a, mgl32.Vec3{0, 1, 0})
	}
	yaw := func() float64 {
		d := worldPos(p, tip).Sub(worldPos(p, head))
		return math.Atan2(float64(-d[0]), float64(-d[2])) * 180 / math.Pi
	}
	var atTurnEnd, settled float64
	runSprings(p, s, 1.0/60, 4, turn, func(at float32) {
		if atTime(at, 1.1) {
			atTurnEnd = yaw()
		}
	})
	settled = yaw()
	if math.Abs(settled-60) > 3 {
		t.Errorf("hair settled at %.1f° about the head, want 60°", settled)
	}
	if atTurnEnd > 55 {
		t.Errorf("hair at %.1f° just after the head turned 60°: it should lag", atTurnEnd)
	}
}

// TestSpringDragAndTeleport: a small drag of the character leaves the hair
// behind; a teleport resets it at rest.
func TestSpringDragAndTeleport(t *testing.T) {
	tests := []struct {
		name     string
		move     float32
		swinging bool
	}{
		{"drag 30 cm", 0.3, true},
		{"teleport 5 m", 5, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, p, s := loadSprings(t, "testdata/vrm0-springs.gltf")
			runSprings(p, s, 1.0/60, 2, nil, nil)
			settled := s.maxOffset
			s.setPlacement(mgl32.Translate3D(tt.move, 0, 0))
			runSprings(p, s, 1.0/60, 1.0/60, nil, nil)
			swinging := s.maxOffset > settled+0.01
			if swinging != tt.swinging {
				t.Errorf("offset %.4f m after the move (settled %.4f): swinging %v, want %v", s.maxOffset, settled, swinging, tt.swinging)
			}
		})
	}
}

func TestSpringCharacterNoAllocs(t *testing.T) {
	m, err := Load("testdata/vrm0-springs.gltf")
	if err != nil {
		t.Fatal(err)
	}
	c := NewCharacter(m, 1)
	c.Update(1.0 / 60)
	if n := testing.AllocsPerRun(100, func() { c.Update(1.0 / 60) }); n != 0 {
		t.Errorf("Update with spring bones allocates %v times", n)
	}
	if j, off := c.SpringStats(); j != 4 || off <= 0 {
		t.Errorf("SpringStats = %d joints, %.4f m; want 4 joints hanging away from rest", j, off)
	}
}

// bigSpringModel has chains×links joints hanging from a root, and n
// sphere colliders on the root: the budget case is 100 and 20.
func bigSpringModel(chains, links, colliders int) *Model {
	m := &Model{Nodes: []Node{{Name: "root", Parent: -1, Mesh: -1, Skin: -1, Rest: IdentityTRS}}, Roots: []int{0}}
	sb := &SpringBones{Springs: chains}
	for c := 0; c < colliders; c++ {
		sb.Colliders = append(sb.Colliders, Collider{Node: 0, Offset: mgl32.Vec3{float32(c) * 0.05, -0.3, 0.1}, Radius: 0.05})
	}
	all := make([]int, colliders)
	for i := range all {
		all[i] = i
	}
	sb.Groups = [][]int{all}
	for c := 0; c < chains; c++ {
		parent := 0
		for l := 0; l <= links; l++ {
			n := len(m.Nodes)
			rest := TRS{T: mgl32.Vec3{float32(c) * 0.02, 0, 0.05}, R: mgl32.QuatIdent(), S: mgl32.Vec3{1, 1, 1}}
			m.Nodes = append(m.Nodes, Node{Name: fmt.Sprintf("c%dl%d", c, l), Parent: parent, Mesh: -1, Skin: -1, Rest: rest})
			m.Nodes[parent].Children = append(m.Nodes[parent].Children, n)
			if l > 0 {
				j := defaultJoint()
				j.Node, j.Child, j.GravityPower, j.Groups, j.Spring = parent, n, 1, []int{0}, c
				sb.Joints = append(sb.Joints, j)
			}
			parent = n
		}
	}
	m.Springs = sb
	return m
}

func benchSprings(b *testing.B, m *Model) {
	p := NewPose(m)
	s := newSpringSim(p)
	p.updateWorld()
	s.update(1.0 / 60)
	b.ReportAllocs()
	start := cpuTime()
	for b.Loop() {
		s.step()
	}
	reportCPU(b, start)
}

func BenchmarkSpringStep(b *testing.B) {
	b.Run("ponytail-4", func(b *testing.B) {
		m, err := Load("testdata/vrm0-springs.gltf")
		if err != nil {
			b.Fatal(err)
		}
		benchSprings(b, m)
	})
	b.Run("sphere-collider-4", func(b *testing.B) {
		m, err := Load(sharedAsset(b, "springbone/sphere-collider.gltf"))
		if err != nil {
			b.Fatal(err)
		}
		benchSprings(b, m)
	})
	b.Run("100joints-20colliders", func(b *testing.B) { benchSprings(b, bigSpringModel(20, 5, 20)) })
}

// BenchmarkSpringFrame is one 60 FPS frame of the budget case (100
// joints, 20 colliders): the colliders and centres placed, two fixed
// steps and the interpolated output, as Character.Update runs them.
func BenchmarkSpringFrame(b *testing.B) {
	p := NewPose(bigSpringModel(20, 5, 20))
	s := newSpringSim(p)
	p.updateWorld()
	s.update(1.0 / 60)
	b.ReportAllocs()
	start := cpuTime()
	for b.Loop() {
		s.update(1.0 / 60)
	}
	reportCPU(b, start)
}
