package avatar

import (
	"math"
	"sort"
	"strings"

	"github.com/go-gl/mathgl/mgl32"
)

// procGesture poses a procedural gesture at time t with weight env (0..1).
type procGesture func(r *rig, p *Pose, t, env float32)

// procedural holds the gestures that work on any humanoid rig through the
// humanoid map; each turns bones in the character's own frame.
var procedural = map[string]procGesture{
	"wave":      waveGesture,
	"nod":       nodGesture,
	"shake":     shakeGesture,
	"celebrate": celebrateGesture,
	"think":     thinkGesture,
	"shrug":     shrugGesture,
	"concern":   concernGesture,
	"bow":       bowGesture,
}

// gestureArms says which arms each procedural gesture moves, right then
// left; the others go on hanging relaxed while it plays.
var gestureArms = map[string][2]bool{
	"wave": {true, false}, "think": {true, false}, "celebrate": {true, true}, "shrug": {true, true},
}

// proceduralDefaults are each gesture's length in seconds when none is
// asked for (wave is the seed's 1500 ms).
var proceduralDefaults = map[string]float32{
	"wave": 1.5, "nod": 1.2, "shake": 1.2, "celebrate": 2, "think": 1.5, "shrug": 1.5, "concern": 2, "bow": 1.8,
}

func proceduralSeconds(name string) float32 {
	if s, ok := proceduralDefaults[strings.ToLower(name)]; ok {
		return s
	}
	return 1.5
}

func proceduralNames() string {
	names := make([]string, 0, len(procedural))
	for n := range procedural {
		names = append(names, n)
	}
	sort.Strings(names)
	return strings.Join(names, ", ")
}

func wave32(t, hz float32) float32 { return float32(math.Sin(2 * math.Pi * float64(hz*t))) }

// raiseArm lifts one arm (side +1 left, −1 right) so the upper arm points
// along upperDir and the forearm along foreDir.
func raiseArm(r *rig, p *Pose, side float32, upperDir, foreDir mgl32.Vec3, env float32) {
	upper, lower := BoneRightUpperArm, BoneRightLowerArm
	if side > 0 {
		upper, lower = BoneLeftUpperArm, BoneLeftLowerArm
	}
	r.aim(p, upper, upperDir, env)
	r.aim(p, lower, foreDir, env)
}

// waveGesture raises the right hand beside the head and swings the forearm.
func waveGesture(r *rig, p *Pose, t, env float32) {
	right := r.Left.Mul(-1)
	raiseArm(r, p, -1, right.Mul(0.9).Add(r.Up.Mul(0.35)).Add(r.Forward.Mul(0.2)),
		r.Up.Add(right.Mul(0.1)).Add(r.Forward.Mul(0.15)), env)
	r.rotate(p, BoneRightLowerArm, axisAngle(22*wave32(t, 2.2)*env, r.Forward))
	r.rotate(p, BoneHead, axisAngle(-5*env, r.Forward))
}

// nodGesture dips the head forward twice.
func nodGesture(r *rig, p *Pose, t, env float32) {
	a := 11 * float32(math.Abs(float64(wave32(t, 1.4)))) * env
	r.rotate(p, BoneNeck, axisAngle(a*0.4, r.Left))
	r.rotate(p, BoneHead, axisAngle(a*0.6, r.Left))
}

// shakeGesture turns the head from side to side.
func shakeGesture(r *rig, p *Pose, t, env float32) {
	a := 14 * wave32(t, 2.2) * env
	r.rotate(p, BoneNeck, axisAngle(a*0.4, r.Up))
	r.rotate(p, BoneHead, axisAngle(a*0.6, r.Up))
}

// celebrateGesture throws both arms up and pumps them.
func celebrateGesture(r *rig, p *Pose, t, env float32) {
	for _, side := range []float32{-1, 1} {
		out := r.Left.Mul(side)
		raiseArm(r, p, side, r.Up.Add(out.Mul(0.55)), r.Up.Add(out.Mul(0.2)), env)
	}
	pump := 12 * wave32(t, 2.5) * env
	r.rotate(p, BoneLeftLowerArm, axisAngle(pump, r.Forward))
	r.rotate(p, BoneRightLowerArm, axisAngle(-pump, r.Forward))
	r.rotate(p, BoneHead, axisAngle(-6*env, r.Left))
}

// thinkGesture brings the right hand toward the chin and tilts the head up.
func thinkGesture(r *rig, p *Pose, t, env float32) {
	right := r.Left.Mul(-1)
	raiseArm(r, p, -1, r.Up.Mul(-0.8).Add(r.Forward.Mul(0.5)).Add(right.Mul(0.15)),
		r.Up.Mul(0.9).Add(r.Forward.Mul(0.35)).Add(r.Left.Mul(0.45)), env)
	r.rotate(p, BoneHead, axisAngle(8*env, r.Forward).Mul(axisAngle(-7*env, r.Left)))
}

// shrugGesture lifts the shoulders, opens the forearms and tilts the head.
func shrugGesture(r *rig, p *Pose, t, env float32) {
	lift := 9 * env * float32(math.Sin(math.Pi*float64(min(1, t/1.2))))
	r.rotate(p, BoneLeftShoulder, axisAngle(-lift, r.Forward))
	r.rotate(p, BoneRightShoulder, axisAngle(lift, r.Forward))
	for _, side := range []float32{-1, 1} {
		out := r.Left.Mul(side)
		raiseArm(r, p, side, r.Up.Mul(-1).Add(out.Mul(0.25)), r.Forward.Add(out.Mul(0.8)).Sub(r.Up.Mul(0.1)), env*0.9)
	}
	r.rotate(p, BoneHead, axisAngle(7*env, r.Forward))
}

// concernGesture lowers and tilts the head with a slow small shake.
func concernGesture(r *rig, p *Pose, t, env float32) {
	r.rotate(p, BoneNeck, axisAngle(6*env, r.Left))
	r.rotate(p, BoneHead, axisAngle(6*env, r.Left).Mul(axisAngle(-6*env, r.Forward)).Mul(axisAngle(4*wave32(t, 0.8)*env, r.Up)))
}

// bowGesture bends forward from the waist and the neck, and comes back up.
func bowGesture(r *rig, p *Pose, t, env float32) {
	a := env * float32(math.Sin(math.Pi*float64(min(1, t/1.6))))
	r.rotate(p, BoneSpine, axisAngle(12*a, r.Left))
	r.rotate(p, BoneChest, axisAngle(10*a, r.Left))
	r.rotate(p, BoneHead, axisAngle(12*a, r.Left))
}
