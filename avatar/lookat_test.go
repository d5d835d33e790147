package avatar

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl32"
)

// uneven has a different range map each way, so that a mix-up between
// inner and outer or up and down shows.
var uneven = LookAt{Type: LookAtBone,
	HorizontalInner: RangeMap{InputMaxValue: 40, OutputScale: 8},
	HorizontalOuter: RangeMap{InputMaxValue: 80, OutputScale: 12},
	VerticalDown:    RangeMap{InputMaxValue: 30, OutputScale: 6},
	VerticalUp:      RangeMap{InputMaxValue: 60, OutputScale: 9},
}

func TestLookAtEyeAngles(t *testing.T) {
	tests := []struct {
		name        string
		yaw, pitch  float32
		left, right [2]float32
	}{
		{"ahead", 0, 0, [2]float32{0, 0}, [2]float32{0, 0}},
		{"left: left eye outer, right eye inner", 20, 0, [2]float32{3, 0}, [2]float32{4, 0}},
		{"right: left eye inner, right eye outer", -20, 0, [2]float32{-4, 0}, [2]float32{-3, 0}},
		{"left beyond both inputs saturates", 120, 0, [2]float32{12, 0}, [2]float32{8, 0}},
		{"up", 0, 30, [2]float32{0, 4.5}, [2]float32{0, 4.5}},
		{"down", 0, -15, [2]float32{0, -3}, [2]float32{0, -3}},
		{"down beyond its input saturates", 0, -45, [2]float32{0, -6}, [2]float32{0, -6}},
		{"right and up", -40, 60, [2]float32{-8, 9}, [2]float32{-6, 9}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			l, r := uneven.EyeAngles(tt.yaw, tt.pitch)
			if !near2(l, tt.left) || !near2(r, tt.right) {
				t.Errorf("EyeAngles(%v, %v) = %v, %v; want %v, %v", tt.yaw, tt.pitch, l, r, tt.left, tt.right)
			}
		})
	}
}

func TestLookAtExpressionWeights(t *testing.T) {
	la := uneven
	la.Type = LookAtExpression
	la.HorizontalOuter.OutputScale, la.VerticalUp.OutputScale, la.VerticalDown.OutputScale = 1, 1, 0.5
	tests := []struct {
		name                  string
		yaw, pitch            float32
		left, right, up, down float32
	}{
		{"ahead", 0, 0, 0, 0, 0, 0},
		{"left uses outer", 40, 0, 0.5, 0, 0, 0},
		{"right uses outer too", -20, 0, 0, 0.25, 0, 0},
		{"far right saturates", -100, 0, 0, 1, 0, 0},
		{"up", 0, 30, 0, 0, 0.5, 0},
		{"down with its own scale", 0, -30, 0, 0, 0, 0.5},
		{"down half way", 0, -15, 0, 0, 0, 0.25},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			l, r, u, d := la.ExpressionWeights(tt.yaw, tt.pitch)
			got, want := [4]float32{l, r, u, d}, [4]float32{tt.left, tt.right, tt.up, tt.down}
			for i := range got {
				if math.Abs(float64(got[i]-want[i])) > 1e-5 {
					t.Fatalf("ExpressionWeights(%v, %v) = %v, want %v", tt.yaw, tt.pitch, got, want)
				}
			}
		})
	}
}

// TestLookAtDrivesVRMEyes looks to the side and up with a real VRM 1.0
// character whose lookAt is of bone type: each eye turns by its range
// map of the gaze's offset from the head (the head takes part of the
// turn), toward the target.
func TestLookAtDrivesVRMEyes(t *testing.T) {
	m, err := Load(sharedAsset(t, "vrm1-blenderaddon-Example.vrm"))
	if err != nil {
		t.Fatal(err)
	}
	if m.LookAt == nil || m.LookAt.Type != LookAtBone {
		t.Fatalf("lookAt %+v, want the file's bone type", m.LookAt)
	}
	m.LookAt.HorizontalOuter = RangeMap{InputMaxValue: 30, OutputScale: 12}
	m.LookAt.HorizontalInner = RangeMap{InputMaxValue: 30, OutputScale: 6}
	tests := []struct {
		name   string
		target mgl32.Vec3 // in front-relative axes: x left, y up, z forward
	}{
		{"left", mgl32.Vec3{3, 0, 1}},
		{"right", mgl32.Vec3{-3, 0, 1}},
		{"up", mgl32.Vec3{0, 2, 1}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := NewCharacter(m, 1)
			c.Update(1.0 / 60)
			head := c.rig.node[boneIndex[BoneHead]]
			r := c.rig
			eyes := c.eyesAt(head)
			c.SetCamera(eyes.Add(r.Left.Mul(tt.target[0])).Add(r.Up.Mul(tt.target[1])).Add(r.Forward.Mul(tt.target[2])))
			c.LookAt(GazeCamera)
			for range 120 {
				c.Update(1.0 / 60)
			}
			left, right := m.LookAt.EyeAngles(c.gaze.lookYaw, c.gaze.lookPitch)
			for _, e := range []struct {
				bone Bone
				want [2]float32
			}{{BoneLeftEye, left}, {BoneRightEye, right}} {
				yaw, pitch := eyeTurnOf(t, c, e.bone)
				if math.Abs(float64(yaw-e.want[0])) > 0.2 || math.Abs(float64(pitch-e.want[1])) > 0.2 {
					t.Errorf("%s turned %.2f° yaw, %.2f° pitch; the range maps of the offset (%.1f°, %.1f°) give %v",
						e.bone, yaw, pitch, c.gaze.lookYaw, c.gaze.lookPitch, e.want)
				}
			}
			if tt.target[0]*c.gaze.lookYaw < 0 || tt.target[1]*c.gaze.lookPitch < 0 || max(abs32(c.gaze.lookYaw), abs32(c.gaze.lookPitch)) < 10 {
				t.Errorf("gaze offset (%.1f°, %.1f°) does not point toward %v", c.gaze.lookYaw, c.gaze.lookPitch, tt.target)
			}
		})
	}
}

// eyeTurnOf measures how far Update turned an eye beyond its parent's
// pose, as yaw about the character's up axis and pitch about its left
// axis, in degrees (the eye's own clip rotation is its rest here).
func eyeTurnOf(t *testing.T, c *Character, b Bone) (yaw, pitch float32) {
	n := c.rig.node[boneIndex[b]]
	if n < 0 {
		t.Fatalf("model has no %s", b)
	}
	p := c.Pose
	parent := p.World[p.Model.Nodes[n].Parent]
	rest := p.Model.Nodes[n].Rest.Mat4()
	unturned := parent.Mul4(rest)
	q := mgl32.Mat4ToQuat(p.World[n].Mat3().Mat4()).Mul(mgl32.Mat4ToQuat(unturned.Mat3().Mat4()).Inverse())
	fwd := q.Rotate(c.rig.Forward)
	r := c.rig
	yaw = deg(math.Atan2(float64(fwd.Dot(r.Left)), float64(fwd.Dot(r.Forward))))
	pitch = deg(math.Asin(float64(fwd.Dot(r.Up))))
	return yaw, pitch
}

func near2(a, b [2]float32) bool {
	return math.Abs(float64(a[0]-b[0])) < 1e-4 && math.Abs(float64(a[1]-b[1])) < 1e-4
}
