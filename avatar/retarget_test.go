package avatar

import (
	"testing"

	"github.com/go-gl/mathgl/mgl32"
)

// TestRetargetIdle plays the separate idle clip on the default avatar: each
// limb must point where it points on the clip's own skeleton at the same
// time, and the hips stay at the avatar's own height.
func TestRetargetIdle(t *testing.T) {
	m, err := Load(sharedAsset(t, "rpm-visage-male.glb"))
	if err != nil {
		t.Fatal(err)
	}
	idle, err := Load(sharedAsset(t, "rpm-visage-maleIdle.glb"))
	if err != nil {
		t.Fatal(err)
	}
	clip, err := Retarget(idle.Clips[0], idle, m)
	if err != nil {
		t.Fatal(err)
	}
	p, src := NewPose(m), NewPose(idle)
	hips := p.World[m.Humanoid.Node(BoneHips)][13]
	limbs := [][2]Bone{{BoneLeftUpperArm, BoneLeftHand}, {BoneRightUpperArm, BoneRightHand},
		{BoneLeftUpperLeg, BoneLeftFoot}, {BoneNeck, BoneHead}, {BoneSpine, BoneNeck}, {BoneLeftLowerArm, BoneLeftHand}}
	for _, at := range []float32{0.5, 3, 6.5} {
		p.Reset()
		clip.Sample(at, p, 1)
		p.Update()
		src.Reset()
		idle.Clips[0].Sample(at, src, 1)
		src.Update()
		for _, l := range limbs {
			a := limbDir(p, m.Humanoid, l)
			b := limbDir(src, idle.Humanoid, l)
			if a.Dot(b) < 0.99 {
				t.Errorf("t=%v %s→%s points %v on the avatar, %v on the clip's skeleton", at, l[0], l[1], a, b)
			}
		}
		if d := p.World[m.Humanoid.Node(BoneHips)][13] - hips; d > 0.1 || d < -0.1 {
			t.Errorf("t=%v: idle moved the hips %.2f m vertically", at, d)
		}
	}
}

func limbDir(p *Pose, h Humanoid, l [2]Bone) mgl32.Vec3 {
	a, b := p.World[h.Node(l[0])].Col(3).Vec3(), p.World[h.Node(l[1])].Col(3).Vec3()
	return b.Sub(a).Normalize()
}

func TestRetargetNoMatch(t *testing.T) {
	m, err := Load(sharedAsset(t, "BoxTextured.glb"))
	if err != nil {
		t.Fatal(err)
	}
	idle, err := Load(sharedAsset(t, "rpm-visage-maleIdle.glb"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Retarget(idle.Clips[0], idle, m); err == nil {
		t.Fatal("retargeting onto a box should fail")
	}
}
