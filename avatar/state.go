package avatar

import "math"

// State is the character's state as `kin simulate --json` prints it.
type State struct {
	Emotions map[string]float64 `json:"emotions"`
	Morphs   map[string]float64 `json:"morphs"`
	Head     HeadState          `json:"head"`
	Gesture  string             `json:"gesture"`
	Springs  SpringState        `json:"springs"`
}

// SpringState is the spring bones in State: how many joints move, and the
// largest distance of a joint's tail from its rest position in the last
// frame, in metres (0 for a character without spring bones).
type SpringState struct {
	Joints     int     `json:"joints"`
	MaxOffsetM float64 `json:"maxOffsetM"`
}

// HeadState is the head's emotional offset in State.
type HeadState struct {
	TiltDeg float64 `json:"tiltDeg"`
	LeanRad float64 `json:"leanRad"`
	YawDeg  float64 `json:"yawDeg"`
}

func round(x float32, places float64) float64 {
	k := math.Pow(10, places)
	return math.Round(float64(x)*k) / k
}

// State reports the emotions (with neutral), every named morph target's
// weight (the largest over the meshes that have it), the head angles and
// the playing gesture.
func (c *Character) State() State {
	s := State{Emotions: map[string]float64{}, Morphs: map[string]float64{}, Gesture: c.Gesture()}
	for i, v := range c.Emotions {
		s.Emotions[Emotion(i).String()] = round(v, 4)
	}
	s.Emotions["neutral"] = round(c.Emotions.Neutral(), 4)
	for _, inst := range c.Pose.Instances {
		names := c.Model.Meshes[inst.Mesh].TargetNames
		for t, w := range c.Pose.Weights[inst.Node] {
			if t < len(names) && names[t] != "" {
				s.Morphs[names[t]] = max(s.Morphs[names[t]], round(w, 4))
			}
		}
	}
	s.Head = HeadState{TiltDeg: round(c.Head.TiltDeg, 3), LeanRad: round(c.Head.LeanRad, 4), YawDeg: round(c.Head.YawDeg, 3)}
	joints, off := c.SpringStats()
	s.Springs = SpringState{Joints: joints, MaxOffsetM: round(off, 4)}
	return s
}
