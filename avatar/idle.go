package avatar

import "math"

// proceduralIdle keeps a humanoid from ever standing still: breathing
// (chest and shoulders on a 4.2 s cycle), a slow weight shift of the hips
// with the spine counter-balancing, and small head drift from two
// incommensurate sines. weight scales it all (gestures fade it out of the
// arms).
func proceduralIdle(r *rig, p *Pose, t, weight float32) {
	if weight <= 0 {
		return
	}
	tt := float64(t)
	breath := float32(math.Sin(2*math.Pi*tt/4.2)) * weight
	r.rotate(p, BoneSpine, axisAngle(-0.8*breath, r.Left))
	r.rotate(p, BoneChest, axisAngle(-1.2*breath, r.Left))
	r.rotate(p, BoneLeftShoulder, axisAngle(-1.5*breath, r.Forward))
	r.rotate(p, BoneRightShoulder, axisAngle(1.5*breath, r.Forward))

	shift := float32(math.Sin(2*math.Pi*tt/7.3)) * weight
	r.rotate(p, BoneHips, axisAngle(1.6*shift, r.Forward).Mul(axisAngle(2*shift, r.Up)))
	r.rotate(p, BoneSpine, axisAngle(-1.2*shift, r.Forward))

	drift := float32(math.Sin(2*math.Pi*tt/5.1)+0.5*math.Sin(2*math.Pi*tt/2.3)) * weight
	r.rotate(p, BoneHead, axisAngle(1.5*drift, r.Up).Mul(axisAngle(0.8*drift, r.Left)))
}

// relaxArms lowers the arms of a T- or A-pose rig to hang at the sides with
// the elbows slightly bent, swaying a little with the breath; weight is
// how much, for the right arm then the left (a gesture takes over the arms
// it moves).
func relaxArms(r *rig, p *Pose, t float32, weight [2]float32) {
	sway := 0.03 * float32(math.Sin(2*math.Pi*float64(t)/4.2))
	for i, side := range [2]float32{-1, 1} {
		if weight[i] <= 0 {
			continue
		}
		out := r.Left.Mul(side)
		upper := r.Up.Mul(-1).Add(out.Mul(0.16 + sway)).Add(r.Forward.Mul(0.04))
		fore := r.Up.Mul(-1).Add(out.Mul(0.05)).Add(r.Forward.Mul(0.3))
		raiseArm(r, p, side, upper, fore, weight[i])
	}
}
