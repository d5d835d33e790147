package avatar

import (
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"testing"

	"github.com/go-gl/mathgl/mgl32"
)

// runSprings steps the spring bones of p for seconds at the given frame
// time, calling pose (may be nil) to animate each frame at time t and each
// after every frame.
func runSprings(p *Pose, s *springSim, dt, seconds float32, pose func(p *Pose, t float32), each func(t float32)) {
	for t := float32(0); t < seconds-dt/2; {
		t += dt
		p.Reset()
		if pose != nil {
			pose(p, t)
		}
		p.updateWorld()
		s.update(dt)
		p.Update()
		if each != nil {
			each(t)
		}
	}
}

func loadSprings(t testing.TB, path string) (*Model, *Pose, *springSim) {
	t.Helper()
	m, err := Load(path)
	if err != nil {
		t.Fatal(err)
	}
	p := NewPose(m)
	s := newSpringSim(p)
	if s == nil {
		t.Fatalf("%s: no spring bones simulated", path)
	}
	return m, p, s
}

func nodeByName(t testing.TB, m *Model, name string) int {
	t.Helper()
	for i, n := range m.Nodes {
		if n.Name == name {
			return i
		}
	}
	t.Fatalf("no node %q", name)
	return -1
}

func worldPos(p *Pose, n int) mgl32.Vec3 { return p.World[n].Col(3).Vec3() }

func TestReadSprings(t *testing.T) {
	tests := []struct {
		file                       string
		springs, joints, colliders int
		shape                      ColliderShape
	}{
		{"testdata/vrm0-springs.gltf", 1, 4, 1, ColliderSphere},
		{sharedAsset(t, "springbone/sphere-collider.gltf"), 1, 4, 1, ColliderSphere},
		{sharedAsset(t, "springbone/plane-collider.gltf"), 1, 4, 1, ColliderPlane},
	}
	for _, tt := range tests {
		t.Run(filepath.Base(tt.file), func(t *testing.T) {
			m, err := Load(tt.file)
			if err != nil {
				t.Fatal(err)
			}
			got := m.Springs.Counts()
			if got != (SpringCounts{tt.springs, tt.joints, tt.colliders}) {
				t.Fatalf("counts %+v, want %d/%d/%d", got, tt.springs, tt.joints, tt.colliders)
			}
			if m.Springs.Colliders[0].Shape != tt.shape {
				t.Errorf("collider shape %d, want %d", m.Springs.Colliders[0].Shape, tt.shape)
			}
			if s := m.Summarize(); s.SpringBones != got {
				t.Errorf("summary springBones %v, want %v", s.SpringBones, got)
			}
		})
	}
}

// TestReadVRM0SpringParameters checks the 0.x conversions: "stiffiness",
// the leaf's virtual tail, the collider's z negated.
func TestReadVRM0SpringParameters(t *testing.T) {
	m, err := Load("testdata/vrm0-springs.gltf")
	if err != nil {
		t.Fatal(err)
	}
	sb := m.Springs
	j := sb.Joints[0]
	if j.Node != nodeByName(t, m, "HairRoot") || j.Child != nodeByName(t, m, "Hair1") || j.Stiffness != 0.5 || j.GravityPower != 1 || j.HitRadius != 0.02 {
		t.Errorf("first joint %+v", j)
	}
	if last := sb.Joints[3]; last.Child != -1 {
		t.Errorf("leaf joint child %d, want -1 (virtual tail)", last.Child)
	}
	if c := sb.Colliders[0]; c.Node != nodeByName(t, m, "Head") || c.Offset != (mgl32.Vec3{0, 0.08, 0}) || c.Radius != 0.1 {
		t.Errorf("collider %+v", c)
	}
}

func TestReadVRM1SpringsExtendedCollider(t *testing.T) {
	tests := []struct {
		name, json string
		want       Collider
	}{
		{"capsule", `{"node":0,"shape":{"capsule":{"offset":[0,1,0],"tail":[0,2,0],"radius":0.5}}}`,
			Collider{Shape: ColliderCapsule, Offset: mgl32.Vec3{0, 1, 0}, Tail: mgl32.Vec3{0, 2, 0}, Radius: 0.5}},
		{"inside sphere", `{"node":0,"shape":{"sphere":{"radius":1}},"extensions":{"VRMC_springBone_extended_collider":{"specVersion":"1.0","shape":{"sphere":{"radius":2,"inside":true}}}}}`,
			Collider{Shape: ColliderSphere, Radius: 2, Inside: true}},
		{"unknown extended version falls back", `{"node":0,"shape":{"sphere":{"radius":1}},"extensions":{"VRMC_springBone_extended_collider":{"specVersion":"9","shape":{"plane":{}}}}}`,
			Collider{Shape: ColliderSphere, Radius: 1}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := &Model{Nodes: []Node{{Name: "a", Parent: -1, Children: []int{1}}, {Name: "b", Parent: 0, Rest: TRS{T: mgl32.Vec3{0, 1, 0}}}}}
			raw := `{"colliders":[` + tt.json + `],"colliderGroups":[{"colliders":[0]}],"springs":[{"joints":[{"node":0},{"node":1}],"colliderGroups":[0]}]}`
			if err := readVRM1Springs([]byte(raw), m); err != nil {
				t.Fatal(err)
			}
			if got := m.Springs.Colliders[0]; got != tt.want {
				t.Errorf("collider %+v, want %+v", got, tt.want)
			}
		})
	}
}

// springSnapshot is what the spring golden holds: named nodes' world
// positions at fixed times, rounded to 0.1 mm.
type springSnapshot struct {
	Time      float32               `json:"time"`
	Positions map[string][3]float64 `json:"positions"`
}

func springSnap(m *Model, p *Pose, t float32, names []string) springSnapshot {
	s := springSnapshot{Time: t, Positions: map[string][3]float64{}}
	for _, name := range names {
		for i, n := range m.Nodes {
			if n.Name == name {
				v := worldPos(p, i)
				s.Positions[name] = [3]float64{round4(v[0]), round4(v[1]), round4(v[2])}
			}
		}
	}
	return s
}

// TestGoldenSprings lets the VRM 0.x ponytail settle under gravity, and
// drags three-vrm's VRM 1.0 sphere-collider chain across its collider.
func TestGoldenSprings(t *testing.T) {
	var got []springSnapshot
	hair := []string{"Hair1", "Hair2", "Hair3"}
	m, p, s := loadSprings(t, "testdata/vrm0-springs.gltf")
	runSprings(p, s, 1.0/60, 3, nil, func(at float32) {
		if atTime(at, 0.5) || atTime(at, 1) || atTime(at, 3) {
			got = append(got, springSnap(m, p, at, hair))
		}
	})
	tip := worldPos(p, nodeByName(t, m, "Hair3"))
	root := worldPos(p, nodeByName(t, m, "HairRoot"))
	if tip[1] > root[1]-0.1 {
		t.Errorf("settled ponytail tip at y=%.3f, root at %.3f: it should hang down", tip[1], root[1])
	}
	m1, p1, s1 := loadSprings(t, sharedAsset(t, "springbone/sphere-collider.gltf"))
	runSprings(p1, s1, 1.0/60, 2, swayRoot, func(at float32) {
		if atTime(at, 0.5) || atTime(at, 1) || atTime(at, 2) {
			got = append(got, springSnap(m1, p1, at, []string{"Spring B", "Spring C", "Spring D", "Spring E"}))
		}
	})
	checkSpringGolden(t, "springs.golden.json", got)
}

// swayRoot moves node 0 of a spring test scene sideways and back.
func swayRoot(p *Pose, t float32) {
	p.Local[0].T[0] = 0.6 * float32(math.Sin(float64(t)*2))
}

func atTime(a, b float32) bool { return math.Abs(float64(a-b)) < 1e-3 }

func checkSpringGolden(t *testing.T, name string, got []springSnapshot) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		data, _ := json.MarshalIndent(got, "", " ")
		if err := os.WriteFile(path, append(data, '\n'), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -run Golden -update to create it)", err)
	}
	var want []springSnapshot
	if err := json.Unmarshal(data, &want); err != nil {
		t.Fatal(err)
	}
	if len(want) != len(got) {
		t.Fatalf("%d snapshots, want %d", len(got), len(want))
	}
	for i := range want {
		for node, w := range want[i].Positions {
			g := got[i].Positions[node]
			for k := range w {
				if math.Abs(w[k]-g[k]) > 5e-4 {
					t.Fatalf("at %.2fs %s = %v, want %v", got[i].Time, node, g, w)
				}
			}
		}
	}
}
