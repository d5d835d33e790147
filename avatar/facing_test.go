package avatar

import (
	"testing"

	"github.com/go-gl/mathgl/mgl32"
)

// headForward is the direction the head's front (the model's +Z at rest)
// points after the head turned from rest to now.
func headForward(m *Model, rest, now *Pose) mgl32.Vec3 {
	h := m.Humanoid.Node(BoneHead)
	d := rotationOf(now.World[h]).Mul(rotationOf(rest.World[h]).Inverse())
	return d.Rotate(mgl32.Vec3{0, 0, 1})
}

// TestFacing poses a VRM 0.x and a VRM 1.0 character: both have their left
// side at +X (they face +Z, the camera), and both turn their heads toward
// a camera placed to their left.
func TestFacing(t *testing.T) {
	tests := []struct {
		file   string
		turned bool
	}{
		{"vrm0-cryptovoxels.vrm", true},
		{"vrm1-blenderaddon-Example.vrm", false},
	}
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			m, err := Load(sharedAsset(t, tt.file))
			if err != nil {
				t.Fatal(err)
			}
			if m.Turned() != tt.turned || m.Front() != (mgl32.Vec3{0, 0, 1}) {
				t.Fatalf("turned %v front %v, want turned %v facing +Z", m.Turned(), m.Front(), tt.turned)
			}
			rest := NewPose(m)
			l := worldPos(rest, m.Humanoid.Node(BoneLeftUpperArm))
			r := worldPos(rest, m.Humanoid.Node(BoneRightUpperArm))
			if l[0] <= r[0] {
				t.Errorf("left arm at x=%.3f, right at %.3f: the character shows its back", l[0], r[0])
			}
			c := NewCharacter(m, 1)
			c.SetCamera(mgl32.Vec3{2, 1.4, 2})
			for range 180 {
				c.Update(1.0 / 60)
			}
			if f := headForward(m, rest, c.Pose); f[0] < 0.2 || f[2] < 0.3 {
				t.Errorf("head faces %v looking at a camera front-left (+X, +Z)", f)
			}
		})
	}
}
