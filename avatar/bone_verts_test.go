package avatar

import (
	"math"
	"testing"
)

// TestBoneVertices: the head's vertices of a humanoid lie above its neck
// and take in the face (the eyes' height), a few of them are spread over
// all of them, and a model without the bone has none.
func TestBoneVertices(t *testing.T) {
	m, err := Load(sharedAsset(t, "rpm-visage-male.glb"))
	if err != nil {
		t.Fatal(err)
	}
	p := NewPose(m)
	all := p.BoneVertices(BoneHead, math.MaxInt32)
	neck := p.World[m.Humanoid.Node(BoneNeck)].Col(3).Y()
	eye := p.World[m.Humanoid.Node(BoneLeftEye)].Col(3).Y()
	lo, hi := float32(math.Inf(1)), float32(math.Inf(-1))
	for _, r := range all {
		y := p.Instances[r.Inst].Prims[r.Prim].Positions[r.V].Y()
		lo, hi = min(lo, y), max(hi, y)
	}
	if len(all) < 1000 || lo < neck-0.05 || !(lo < eye && eye < hi) {
		t.Errorf("%d head vertices from height %.3f to %.3f; neck at %.3f, eyes at %.3f", len(all), lo, hi, neck, eye)
	}
	few := p.BoneVertices(BoneHead, 100)
	if len(few) != 100 || few[0] != all[0] || few[99] == all[99] {
		t.Errorf("100 of them: %d, from %v to %v", len(few), few[0], few[len(few)-1])
	}
	box, err := Load(sharedAsset(t, "BoxTextured.glb"))
	if err != nil {
		t.Fatal(err)
	}
	if v := NewPose(box).BoneVertices(BoneHead, 100); v != nil {
		t.Errorf("a box has %d head vertices", len(v))
	}
}
