package avatar

import "fmt"

// Preset names an expression the setExpression tool can ask for.
type Preset string

// The presets of the setExpression tool.
const (
	PresetNeutral   Preset = "neutral"
	PresetHappy     Preset = "happy"
	PresetSad       Preset = "sad"
	PresetSurprised Preset = "surprised"
	PresetConfused  Preset = "confused"
	PresetFocused   Preset = "focused"
)

// presetShapes are the control targets of each preset at intensity 1
// (happy is the seed's mouthSmile 1, browInnerUp 0.3). Neutral has none: it
// damps the emotion blend instead.
var presetShapes = map[Preset][]struct {
	c control
	v float32
}{
	PresetNeutral:   nil,
	PresetHappy:     {{ctlSmile, 1}, {ctlBrowInnerUp, 0.3}, {ctlSquintL, 0.25}, {ctlSquintR, 0.25}},
	PresetSad:       {{ctlFrown, 0.8}, {ctlBrowInnerUp, 0.8}, {ctlSmile, 0}},
	PresetSurprised: {{ctlEyeWide, 0.8}, {ctlBrowInnerUp, 0.7}, {ctlBrowOuterUpL, 0.8}, {ctlBrowOuterUpR, 0.8}, {ctlMouthOpen, 0.35}, {ctlSmile, 0}},
	PresetConfused:  {{ctlBrowOuterUpL, 0.7}, {ctlBrowDownR, 0.5}, {ctlMouthLeft, 0.3}, {ctlMouthPucker, 0.2}},
	PresetFocused:   {{ctlSquintL, 0.45}, {ctlSquintR, 0.45}, {ctlBrowDownL, 0.35}, {ctlBrowDownR, 0.35}},
}

// ParsePreset checks a preset name.
func ParsePreset(s string) (Preset, error) {
	p := Preset(s)
	if _, ok := presetShapes[p]; !ok {
		return "", fmt.Errorf("avatar: unknown expression preset %q (neutral, happy, sad, surprised, confused, focused)", s)
	}
	return p, nil
}

// PresetHold is how long an explicit expression holds before it fades back
// into the emotion blend; PresetFade is how long the fade takes.
const (
	PresetHold = 5.0
	PresetFade = 1.0
)

// presetLayer is the explicit layer: it sits above the emotion blend. For
// every control the preset shapes, the face shows
// emotion + (preset − emotion) × alpha, with alpha its current intensity;
// controls it leaves alone keep the emotion value (neutral scales them all
// by 1 − alpha).
type presetLayer struct {
	preset    Preset
	intensity float32 // requested
	alpha     float32 // current, eased
	age       float32 // seconds since set
}

func (l *presetLayer) set(p Preset, intensity float32) {
	l.preset, l.intensity, l.age = p, min(1, max(0, intensity)), 0
}

func (l *presetLayer) update(dt float32) {
	l.age += dt
	target := l.intensity
	if l.age > PresetHold {
		target = l.intensity * max(0, 1-(l.age-PresetHold)/PresetFade)
	}
	l.alpha += (target - l.alpha) * min(1, dt*6)
	if l.age > PresetHold+PresetFade && l.alpha < 0.01 {
		l.preset, l.alpha = "", 0
	}
}

// active reports whether preset p is showing above threshold.
func (l *presetLayer) active(p Preset, threshold float32) bool {
	return l.preset == p && l.alpha > threshold
}

// mix layers the preset over the emotion-driven control values.
func (l *presetLayer) mix(values *[numControls]float32) {
	if l.preset == "" || l.alpha <= 0 {
		return
	}
	shape := presetShapes[l.preset]
	if shape == nil { // neutral
		for c := range values {
			values[c] *= 1 - l.alpha
		}
		return
	}
	for _, s := range shape {
		values[s.c] += (s.v - values[s.c]) * l.alpha
	}
}
