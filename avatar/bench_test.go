package avatar

import (
	"os"
	"testing"

	"github.com/go-gl/mathgl/mgl32"
)

// benchTargets are ten expressive ARKit targets, as an emotion blend plus
// lip-sync would drive them.
var benchTargets = []string{"jawOpen", "mouthSmileLeft", "mouthSmileRight", "browInnerUp", "eyeBlinkLeft",
	"eyeBlinkRight", "cheekSquintLeft", "cheekSquintRight", "mouthFunnel", "browOuterUpLeft"}

// targetSlot is one morph weight of one node.
type targetSlot struct{ node, target int }

// findTargets lists the weight slots of the named targets on every node
// whose mesh has them, and how many distinct names were found.
func findTargets(p *Pose, names []string) ([]targetSlot, int) {
	var slots []targetSlot
	found := map[string]bool{}
	for n, node := range p.Model.Nodes {
		if node.Mesh < 0 || p.Weights[n] == nil {
			continue
		}
		for t, tn := range p.Model.Meshes[node.Mesh].TargetNames {
			for _, want := range names {
				if tn == want {
					slots = append(slots, targetSlot{n, t})
					found[want] = true
				}
			}
		}
	}
	return slots, len(found)
}

func BenchmarkLoadVisage(b *testing.B) {
	path := sharedAsset(b, "rpm-visage-male.glb")
	data, err := os.ReadFile(path)
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Load(path); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkPoseFrame is one frame for the default avatar: rest pose, a
// procedural head turn, ten active morph targets, morphing and skinning of
// positions and normals.
func BenchmarkPoseFrame(b *testing.B) {
	m, err := Load(sharedAsset(b, "rpm-visage-male.glb"))
	if err != nil {
		b.Fatal(err)
	}
	p := NewPose(m)
	head := -1
	for i, n := range m.Nodes {
		if n.Name == "Head" {
			head = i
		}
	}
	slots, found := findTargets(p, benchTargets)
	if found != len(benchTargets) {
		b.Fatalf("found %d of the %d targets", found, len(benchTargets))
	}
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		i++
		p.Reset()
		for _, s := range slots {
			p.Weights[s.node][s.target] = 0.5
		}
		p.Local[head].R = mgl32.QuatRotate(float32(i%100)*0.003, mgl32.Vec3{0, 1, 0})
		p.Update()
	}
}

func BenchmarkSampleClip(b *testing.B) {
	m, err := Load(sharedAsset(b, "rpm-visage-maleIdle.glb"))
	if err != nil {
		b.Fatal(err)
	}
	p := NewPose(m)
	c := m.Clips[0]
	b.ReportAllocs()
	t := float32(0)
	for b.Loop() {
		t += 1.0 / 60
		c.Sample(c.LoopTime(t), p, 1)
	}
}

// BenchmarkSimplifyVisage builds the default levels of detail of every
// primitive of the default avatar (what [Model.BuildLODs] does).
func BenchmarkSimplifyVisage(b *testing.B) {
	m, err := Load(sharedAsset(b, "rpm-visage-male.glb"))
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		ComputeLODs(m, DefaultLODOptions)
	}
}

// BenchmarkLoadVisageLODs is BenchmarkLoadVisage with the levels of
// detail built after loading.
func BenchmarkLoadVisageLODs(b *testing.B) {
	path := sharedAsset(b, "rpm-visage-male.glb")
	b.ReportAllocs()
	for b.Loop() {
		m, err := Load(path)
		if err != nil {
			b.Fatal(err)
		}
		m.BuildLODs()
	}
}
