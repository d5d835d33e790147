package avatar

import (
	"testing"

	"github.com/go-gl/mathgl/mgl32"
)

func matNear(a, b mgl32.Mat4, eps float32) bool {
	for i := range a {
		if !near(a[i], b[i], eps) {
			return false
		}
	}
	return true
}

func maxDist(a, b []mgl32.Vec3) float32 {
	var d float32
	for i := range a {
		d = max(d, a[i].Sub(b[i]).Len())
	}
	return d
}

// TestBindPoseReproducesMesh: in the rest pose of these files (their bind
// pose) every joint's skinning matrix is the same rigid transform, so
// skinning must reproduce the mesh under that one transform.
func TestBindPoseReproducesMesh(t *testing.T) {
	for _, name := range []string{"RiggedSimple.glb", "RiggedFigure.glb", "CesiumMan.glb", "rpm-visage-male.glb"} {
		m, err := Load(sharedAsset(t, name))
		if err != nil {
			t.Fatal(err)
		}
		p := NewPose(m)
		scale := p.Max.Sub(p.Min).Len()
		checked := 0
		for _, inst := range p.Instances {
			if inst.Skin < 0 {
				continue
			}
			bind := p.Joints[inst.Skin][0]
			for j, jm := range p.Joints[inst.Skin] {
				if !matNear(jm, bind, 1e-3) {
					t.Fatalf("%s: joint %d skinning matrix differs from joint 0 at rest:\n%v\n%v", name, j, jm, bind)
				}
			}
			for k, prim := range m.Meshes[inst.Mesh].Primitives {
				want := make([]mgl32.Vec3, len(prim.Positions))
				for v, pos := range prim.Positions {
					want[v] = mgl32.TransformCoordinate(pos, bind)
				}
				if d := maxDist(inst.Prims[k].Positions, want); d > 1e-4*scale {
					t.Errorf("%s mesh %d prim %d: bind pose off by %g (model size %g)", name, inst.Mesh, k, d, scale)
				}
				checked++
			}
		}
		if checked == 0 {
			t.Errorf("%s: no skinned primitive checked", name)
		}
	}
}

// TestRiggedSimpleBoneMoves: the animated second bone bends the top of the
// cylinder while the bottom stays.
func TestRiggedSimpleBoneMoves(t *testing.T) {
	m, err := Load(sharedAsset(t, "RiggedSimple.glb"))
	if err != nil {
		t.Fatal(err)
	}
	p := NewPose(m)
	rest := append([]mgl32.Vec3(nil), p.Instances[0].Prims[0].Positions...)
	prim := m.Meshes[0].Primitives[0]
	p.Reset()
	m.Clips[0].Sample(m.Clips[0].Duration/2, p, 1)
	p.Update()
	posed := p.Instances[0].Prims[0].Positions
	var movedChild, movedRoot float32
	for v := range rest {
		d := posed[v].Sub(rest[v]).Len()
		j, w := prim.Joints[v], prim.Weights[v]
		switch {
		case w[0] > 0.99 && j[0] == 1:
			movedChild = max(movedChild, d)
		case w[0] > 0.99 && j[0] == 0:
			movedRoot = max(movedRoot, d)
		}
	}
	if movedChild < 0.5 {
		t.Errorf("vertices bound to Bone.001 moved at most %g; the clip bends them", movedChild)
	}
	if movedRoot > 1e-3 {
		t.Errorf("vertices bound only to the unanimated root bone moved %g", movedRoot)
	}
}

// TestAnimatedMorphCube: positions at known weights are base + Σ w·Δ.
func TestAnimatedMorphCube(t *testing.T) {
	m, err := Load(sharedAsset(t, "AnimatedMorphCube.glb"))
	if err != nil {
		t.Fatal(err)
	}
	p := NewPose(m)
	node := p.Instances[0].Node
	prim := m.Meshes[0].Primitives[0]
	if len(prim.Targets) != 2 {
		t.Fatalf("%d targets, want 2", len(prim.Targets))
	}
	for _, w := range [][2]float32{{0, 0}, {1, 0}, {0, 1}, {0.5, 0.25}} {
		p.Reset()
		copy(p.Weights[node], w[:])
		p.Update()
		want := append([]mgl32.Vec3(nil), prim.Positions...)
		for t2, tgt := range prim.Targets {
			for j, v := range tgt.Index {
				want[v] = want[v].Add(tgt.Positions[j].Mul(w[t2]))
			}
		}
		for v := range want {
			want[v] = mgl32.TransformCoordinate(want[v], p.World[node])
		}
		if d := maxDist(p.Instances[0].Prims[0].Positions, want); d > 1e-5 {
			t.Errorf("weights %v: off by %g", w, d)
		}
	}
	// The "Square" clip drives the weights: at its start both are 0 and the
	// first target's weight is 1 somewhere during it.
	var peak float32
	for ti := float32(0); ti <= m.Clips[0].Duration; ti += 0.05 {
		p.Reset()
		m.Clips[0].Sample(ti, p, 1)
		peak = max(peak, p.Weights[node][0])
	}
	if !near(peak, 1, 1e-3) {
		t.Errorf("peak weight of target 0 over the clip: %v, want 1", peak)
	}
}

// TestMorphStressTestNames: target names come from the mesh's
// extras.targetNames.
func TestMorphStressTestNames(t *testing.T) {
	m, err := Load(sharedAsset(t, "MorphStressTest.glb"))
	if err != nil {
		t.Fatal(err)
	}
	got := m.TargetNames()
	want := []string{"Key 1", "Key 2", "Key 3", "Key 4", "Key 5", "Key 6", "Key 7", "Key 8"}
	if len(got) != len(want) {
		t.Fatalf("names %v, want %v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("names %v, want %v", got, want)
		}
	}
}
