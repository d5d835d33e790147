package avatar

import (
	"fmt"
	"math"
	"math/rand/v2"

	"github.com/go-gl/mathgl/mgl32"
)

// Gaze targets of the lookAt tool and the look-at event.
const (
	GazeUser   = "user"   // the pointer when it is being followed, else the camera
	GazeCamera = "camera" // the camera
	GazeCenter = "center" // straight ahead
	GazeModel  = "model"  // down toward the character's own hands
)

// Gaze limits: the head takes 60% of a turn up to the seed's ±45° yaw; the
// eyes take the rest up to ±30° sideways and ±20° up or down.
const (
	headShare   = 0.6
	maxEyeYaw   = 30
	maxEyePitch = 20
)

// gaze decides where the character looks: eyes lead quickly, the head
// follows slowly, and small saccades keep the eyes alive at rest.
type gaze struct {
	rng     *rand.Rand
	target  string
	camera  mgl32.Vec3 // model space
	pointer mgl32.Vec3
	follow  bool // pointer is valid and followed

	yaw, pitch       float32 // wanted, degrees
	eyeYaw, eyePitch float32 // current eye angles
	// lookYaw and lookPitch are the gaze's offset from the head, smoothed
	// like the eyes but not limited: what a VRM lookAt's range maps take.
	lookYaw, lookPitch float32
	headYaw, headPit   float32 // current head angles
	sacYaw, sacPitch   float32
	sacWait            float32
}

func newGaze(rng *rand.Rand) *gaze {
	return &gaze{rng: rng, target: GazeUser, camera: mgl32.Vec3{0, 1.5, 3}, sacWait: 1}
}

func (g *gaze) setTarget(t string) error {
	switch t {
	case GazeUser, GazeCamera, GazeCenter, GazeModel:
		g.target = t
		return nil
	}
	return fmt.Errorf("avatar: unknown gaze target %q (user, camera, center, model)", t)
}

// point returns where the character looks, in model space, from head.
func (g *gaze) point(r *rig, head mgl32.Vec3) mgl32.Vec3 {
	switch g.target {
	case GazeUser:
		if g.follow {
			return g.pointer
		}
		return g.camera
	case GazeCamera:
		return g.camera
	case GazeModel:
		return head.Add(r.Forward.Mul(0.5)).Sub(r.Up.Mul(0.6))
	}
	return head.Add(r.Forward.Mul(2))
}

// update aims the gaze from the head position and advances eyes and head.
func (g *gaze) update(r *rig, head mgl32.Vec3, dt float32) {
	d := g.point(r, head).Sub(head)
	fwd, left, up := d.Dot(r.Forward), d.Dot(r.Left), d.Dot(r.Up)
	g.yaw = deg(math.Atan2(float64(left), float64(max(fwd, 0.05))))
	g.pitch = deg(math.Atan2(float64(up), math.Hypot(float64(fwd), float64(left))))
	g.saccade(dt)
	headYaw := clamp(g.yaw*headShare, -maxYawDeg, maxYawDeg)
	headPit := clamp(g.pitch*0.5, -maxLeanDeg, maxLeanDeg)
	g.headYaw = approach(g.headYaw, headYaw, 4, dt)
	g.headPit = approach(g.headPit, headPit, 4, dt)
	g.lookYaw = approach(g.lookYaw, g.yaw-g.headYaw+g.sacYaw, 25, dt)
	g.lookPitch = approach(g.lookPitch, g.pitch-g.headPit+g.sacPitch, 25, dt)
	g.eyeYaw = clamp(g.lookYaw, -maxEyeYaw, maxEyeYaw)
	g.eyePitch = clamp(g.lookPitch, -maxEyePitch, maxEyePitch)
}

// saccade jumps the eyes by a few degrees every 0.4–2.5 s.
func (g *gaze) saccade(dt float32) {
	g.sacWait -= dt
	if g.sacWait > 0 {
		return
	}
	g.sacWait = 0.4 + g.rng.Float32()*2.1
	g.sacYaw = (g.rng.Float32()*2 - 1) * 3
	g.sacPitch = (g.rng.Float32()*2 - 1) * 2
}

// applyEyes turns the eye bones, or drives look expressions when the model
// has no eye bones (or its VRM lookAt says expressions). A VRM lookAt's
// range maps take the whole gaze offset from the head, up to their input
// maximum; without one the eyes turn by the offset, within ±30° and ±20°.
func (g *gaze) applyEyes(r *rig, p *Pose, f *face, la *LookAt) {
	bones := r.has(BoneLeftEye) || r.has(BoneRightEye)
	switch {
	case la != nil && la.Type == LookAtExpression:
		l, rt, up, down := la.ExpressionWeights(g.lookYaw, g.lookPitch)
		g.lookExpressions(f, l, rt, up, down)
	case bones && la != nil && la.Type == LookAtBone:
		left, right := la.EyeAngles(g.lookYaw, g.lookPitch)
		r.rotate(p, BoneLeftEye, eyeTurn(r, left))
		r.rotate(p, BoneRightEye, eyeTurn(r, right))
	case bones:
		q := eyeTurn(r, [2]float32{g.eyeYaw, g.eyePitch})
		r.rotate(p, BoneLeftEye, q)
		r.rotate(p, BoneRightEye, q)
	default:
		h, v := g.eyeYaw/maxEyeYaw, g.eyePitch/maxEyePitch
		g.lookExpressions(f, h, -h, v, -v)
	}
}

// lookExpressions adds the four look expressions (negative weights are
// dropped).
func (g *gaze) lookExpressions(f *face, left, right, up, down float32) {
	f.add(ctlLookLeft, left)
	f.add(ctlLookRight, right)
	f.add(ctlLookUp, up)
	f.add(ctlLookDown, down)
}

// eyeTurn is an eye's rotation in model space for a yaw (positive to the
// character's left) and pitch (positive up) in degrees: yaw about the up
// axis after pitch about the left axis, VRM's YXZ order.
func eyeTurn(r *rig, yawPitch [2]float32) mgl32.Quat {
	return axisAngle(yawPitch[0], r.Up).Mul(axisAngle(-yawPitch[1], r.Left))
}

func deg(rad float64) float32 { return float32(rad * 180 / math.Pi) }
