package avatar

// EyeAngles turns a gaze direction relative to the head — yaw in degrees,
// positive toward the character's left, and pitch, positive up — into the
// local yaw and pitch of the left and right eye bones, as VRM's bone
// lookAt defines them: looking left turns the left eye outward
// (HorizontalOuter) and the right eye inward (HorizontalInner), and the
// other way round; up and down use VerticalUp and VerticalDown for both
// eyes. Each range map saturates at its InputMaxValue.
func (la *LookAt) EyeAngles(yaw, pitch float32) (left, right [2]float32) {
	left[0], right[0] = la.HorizontalInner.Map(yaw), la.HorizontalOuter.Map(yaw)
	if yaw > 0 {
		left[0], right[0] = la.HorizontalOuter.Map(yaw), la.HorizontalInner.Map(yaw)
	}
	p := la.VerticalDown.Map(pitch)
	if pitch > 0 {
		p = la.VerticalUp.Map(pitch)
	}
	left[1], right[1] = p, p
	return left, right
}

// ExpressionWeights turns a gaze direction relative to the head (as for
// [LookAt.EyeAngles]) into the weights of the lookLeft, lookRight, lookUp
// and lookDown expressions, as VRM's expression lookAt defines them:
// HorizontalOuter for both sideways directions, VerticalUp and
// VerticalDown for the others; the opposite expression stays at 0.
func (la *LookAt) ExpressionWeights(yaw, pitch float32) (left, right, up, down float32) {
	if yaw > 0 {
		left = la.HorizontalOuter.Map(yaw)
	} else {
		right = la.HorizontalOuter.Map(-yaw)
	}
	if pitch > 0 {
		up = la.VerticalUp.Map(pitch)
	} else {
		down = la.VerticalDown.Map(-pitch)
	}
	return left, right, up, down
}
