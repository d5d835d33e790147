package avatar

// emotionTargets writes the seed's morph formulas into control values:
//
//	mouthSmile      = celebration × 0.85
//	mouthOpen       = celebration × 0.2
//	mouthFrown      = concern × 0.55
//	browInnerUp     = (concern + empathy × 0.5) × 0.6
//	browOuterUpLeft = curiosity × 0.7, browOuterUpRight = curiosity × 0.5
//	eyeSquint L/R   = empathy × 0.4
//	eyesClosed      = patience × 0.15
//	cheekPuff       = celebration × 0.2
//	noseSneer L/R   = concern × 0.15
func emotionTargets(e *Emotions, v *[numControls]float32) {
	*v = [numControls]float32{}
	v[ctlSmile] = e[Celebration] * 0.85
	v[ctlMouthOpen] = e[Celebration] * 0.2
	v[ctlFrown] = e[Concern] * 0.55
	v[ctlBrowInnerUp] = (e[Concern] + e[Empathy]*0.5) * 0.6
	v[ctlBrowOuterUpL] = e[Curiosity] * 0.7
	v[ctlBrowOuterUpR] = e[Curiosity] * 0.5
	v[ctlSquintL] = e[Empathy] * 0.4
	v[ctlSquintR] = e[Empathy] * 0.4
	v[ctlEyesClosed] = e[Patience] * 0.15
	v[ctlCheekPuff] = e[Celebration] * 0.2
	v[ctlSneerL] = e[Concern] * 0.15
	v[ctlSneerR] = e[Concern] * 0.15
}

// HeadAngles is the head's emotional offset.
type HeadAngles struct {
	TiltDeg float32 // about the forward axis, toward the character's right
	LeanRad float32 // forward, about the left axis
	YawDeg  float32 // toward the character's left
}

// Head rotation limits of the seed.
const (
	maxYawDeg  = 45
	maxTiltDeg = 25
	maxLeanDeg = 25
)

// headTargets are the seed's formulas: tilt = curiosity × 12 + empathy × 9 +
// concern × 4 degrees; lean = curiosity × 0.03 − patience × 0.02 radians;
// yaw comes from gaze; all clamped.
func headTargets(e *Emotions, yawDeg float32) HeadAngles {
	const maxLean = maxLeanDeg * 3.14159265 / 180
	return HeadAngles{
		TiltDeg: clamp(e[Curiosity]*12+e[Empathy]*9+e[Concern]*4, -maxTiltDeg, maxTiltDeg),
		LeanRad: clamp(e[Curiosity]*0.03-e[Patience]*0.02, -maxLean, maxLean),
		YawDeg:  clamp(yawDeg, -maxYawDeg, maxYawDeg),
	}
}

func clamp(v, lo, hi float32) float32 { return min(hi, max(lo, v)) }

// approach moves v toward target by rate × dt of the way (at most all).
func approach(v, target, rate, dt float32) float32 {
	return v + (target-v)*min(1, rate*dt)
}
