package avatar

import (
	"math"

	"github.com/go-gl/mathgl/mgl32"
)

// Update advances the character by dt seconds and poses it: Animate, the
// spring bones (after the pose, before skinning), then morphing and
// skinning. It does not allocate.
func (c *Character) Update(dt float32) {
	c.Animate(dt)
	c.Simulate(dt)
	c.Pose.Update()
}

// Animate advances the Empathy Layer by dt seconds and writes the pose's
// local transforms and morph weights (idle, gesture, head, gaze, face),
// without deriving vertices. Head and gaze use the world matrices of the
// previous Pose.Update.
func (c *Character) Animate(dt float32) {
	c.clock += dt
	c.Emotions.Decay(dt)
	c.gestures.auto(&c.Emotions)
	c.gestures.advance(dt)
	c.preset.update(dt)

	p := c.Pose
	p.Reset()
	if c.Idle != nil {
		c.Idle.Sample(c.Idle.LoopTime(c.clock), p, 1)
	}
	if c.humanoid && c.Idle == nil {
		relaxArms(c.rig, p, c.clock, [2]float32{1 - c.gestures.armEnvelope(-1), 1 - c.gestures.armEnvelope(1)})
		proceduralIdle(c.rig, p, c.clock, 1)
	}
	c.gestures.pose(c.rig, p)
	if c.humanoid {
		c.updateHead(dt)
	}
	c.updateFace(dt)
}

// updateHead smooths the head toward the seed's emotional angles plus the
// gaze, turns neck and head, and aims the eyes.
func (c *Character) updateHead(dt float32) {
	head := c.rig.node[boneIndex[BoneHead]]
	if head < 0 {
		return
	}
	c.gaze.update(c.rig, c.eyesAt(head), dt)
	want := headTargets(&c.Emotions, c.gaze.headYaw)
	c.Head.TiltDeg = approach(c.Head.TiltDeg, want.TiltDeg, 4, dt)
	c.Head.LeanRad = approach(c.Head.LeanRad, want.LeanRad, 4, dt)
	c.Head.YawDeg = approach(c.Head.YawDeg, want.YawDeg, 4, dt)
	r := c.rig
	lean := c.Head.LeanRad*180/math.Pi - c.gaze.headPit
	q := axisAngle(c.Head.YawDeg, r.Up).Mul(axisAngle(c.Head.TiltDeg, r.Forward)).Mul(axisAngle(lean, r.Left))
	if r.has(BoneNeck) {
		r.rotate(c.Pose, BoneNeck, mgl32.QuatNlerp(mgl32.QuatIdent(), q, 0.4))
		q = mgl32.QuatNlerp(mgl32.QuatIdent(), q, 0.6)
	}
	r.rotate(c.Pose, BoneHead, q)
	c.gaze.applyEyes(r, c.Pose, c.face, c.Model.LookAt)
}

// eyesAt is where the gaze is measured from, in model space: the head, or
// a VRM lookAt's point offset from it (between the eyes).
func (c *Character) eyesAt(head int) mgl32.Vec3 {
	w := &c.Pose.World[head]
	if la := c.Model.LookAt; la != nil {
		return mulDir(w, la.OffsetFromHeadBone).Add(w.Col(3).Vec3())
	}
	return w.Col(3).Vec3()
}

// updateFace mixes the layers (idle < emotion < speech < explicit, with
// blinks on top) into expression weights and binds them to morph targets.
func (c *Character) updateFace(dt float32) {
	var want [numControls]float32
	emotionTargets(&c.Emotions, &want)
	c.preset.mix(&want)
	for i := range c.controls {
		c.controls[i] = approach(c.controls[i], want[i], 4, dt)
	}
	f := c.face // already holds this frame's gaze morphs, from updateHead
	for i, v := range c.controls {
		f.add(control(i), v)
	}
	surprised := c.preset.active(PresetSurprised, 0.3)
	f.add(ctlBlink, c.blink.update(dt, surprised))
	f.add(ctlMouthOpen, c.mouth(dt))
	c.gestures.clipExpressions(c.Model.Expressions, f)
	if i, w := c.lips.visemeWeight(); i >= 0 {
		f.setExpr(i, w)
	}
	for _, h := range c.held {
		f.setExpr(h.expr, h.w)
	}
	f.apply(c.Pose)
	f.reset()
}

// mouth is the speech layer: the lip-sync envelope from played audio, or a
// talk hint while text is spoken without audio.
func (c *Character) mouth(dt float32) float32 {
	open := c.lips.update(dt)
	if c.talk > 0 {
		c.talk -= dt
		if c.lips.age > 0.3 { // no audio is playing: animate a talk hint
			open = max(open, 0.25*(0.5+0.5*float32(math.Sin(2*math.Pi*4*float64(c.clock)))))
		}
	}
	return open * 0.7
}
