package avatar

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl32"
)

func TestLoadVRMA(t *testing.T) {
	a, err := Load(sharedAsset(t, "three-vrm_test.vrma"))
	if err != nil {
		t.Fatal(err)
	}
	if a.Format != FormatVRMA || len(a.Humanoid) != 51 || len(a.Clips) != 1 {
		t.Fatalf("format %s, %d bones, %d clips; want vrma, 51, 1", a.Format, len(a.Humanoid), len(a.Clips))
	}
	c := a.Clips[0]
	if c.Name != "three-vrm_test" || len(c.Channels) != 1 || len(c.Expressions) != 1 || c.Expressions[0].Name != "happy" {
		t.Fatalf("clip %q: %d channels, expressions %v", c.Name, len(c.Channels), c.Expressions)
	}
	var w [1]float32
	peak := float32(0)
	for at := float32(0); at <= c.Duration; at += 0.1 {
		c.Expressions[0].eval(at, w[:])
		peak = max(peak, w[0])
	}
	if peak < 0.5 {
		t.Errorf("happy peaks at %.2f over the clip, want a real track", peak)
	}
}

// armDirection is the right upper arm's world direction (shoulder joint to
// elbow) in a pose.
func armDirection(m *Model, p *Pose) mgl32.Vec3 {
	a, b := m.Humanoid.Node(BoneRightUpperArm), m.Humanoid.Node(BoneRightLowerArm)
	return worldPos(p, b).Sub(worldPos(p, a)).Normalize()
}

// TestVRMAPlaysOnTwoModels retargets the animation onto a VRM 0.x and a
// VRM 1.0 character, plays it with PlayGesture, and checks that each
// raises its right arm the way the animation's own skeleton does.
func TestVRMAPlaysOnTwoModels(t *testing.T) {
	a, err := Load(sharedAsset(t, "three-vrm_test.vrma"))
	if err != nil {
		t.Fatal(err)
	}
	const at = 0.5 // the arm is turned 90° at 0.5 s only
	ap := NewPose(a)
	a.Clips[0].Sample(at, ap, 1)
	ap.Update()
	want := armDirection(a, ap)
	rest := armDirection(a, NewPose(a))
	if want.Dot(rest) > 0.95 {
		t.Fatalf("the animation barely moves the arm (%v from %v): the test proves nothing", want, rest)
	}
	for _, file := range []string{"vrm0-cryptovoxels.vrm", "vrm1-blenderaddon-Example.vrm"} {
		t.Run(file, func(t *testing.T) {
			m, err := Load(sharedAsset(t, file))
			if err != nil {
				t.Fatal(err)
			}
			clip, err := Retarget(a.Clips[0], a, m)
			if err != nil {
				t.Fatal(err)
			}
			c := NewCharacter(m, 1)
			c.AddClips(clip)
			if err := c.PlayGesture("three-vrm_test", 0); err != nil {
				t.Fatal(err)
			}
			for range int(at * 60) {
				c.Update(1.0 / 60)
			}
			got := armDirection(m, c.Pose)
			ang := math.Acos(float64(min(1, got.Dot(want)))) * 180 / math.Pi
			t.Logf("%s: %.1f° from the animation", file, ang)
			if ang > 12 {
				t.Errorf("right upper arm points %v, the animation %v: %.0f° apart", got, want, ang)
			}
		})
	}
}

func TestVRMAExpressionsPlay(t *testing.T) {
	a, err := Load(sharedAsset(t, "three-vrm_test.vrma"))
	if err != nil {
		t.Fatal(err)
	}
	m, err := Load(sharedAsset(t, "vrm1-blenderaddon-Example.vrm"))
	if err != nil {
		t.Fatal(err)
	}
	clip, err := Retarget(a.Clips[0], a, m)
	if err != nil {
		t.Fatal(err)
	}
	if len(clip.Expressions) != 1 {
		t.Fatalf("expressions %v, want happy kept", clip.Expressions)
	}
	vrm0, err := Load(sharedAsset(t, "vrm0-cryptovoxels.vrm"))
	if err != nil {
		t.Fatal(err)
	}
	if c, err := Retarget(a.Clips[0], a, vrm0); err != nil || len(c.Expressions) != 0 {
		t.Errorf("onto a model without expressions: %v, %v; want the track dropped", c, err)
	}
}
