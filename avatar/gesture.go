package avatar

import (
	"fmt"
	"math"
	"strings"
)

// Gesture fades: in over 0.2 s, out over 0.3 s, cross-faded with idle.
const (
	gestureFadeIn  = 0.2
	gestureFadeOut = 0.3
)

// Auto-gesture threshold and lengths of the seed: an emotion rising past
// 0.6 plays celebrate (2 s), concern (2 s) or think (1.5 s).
const autoGestureThreshold = 0.6

var autoGestures = []struct {
	emotion Emotion
	slot    string
	seconds float32
}{
	{Celebration, "celebrate", 2},
	{Concern, "concern", 2},
	{Curiosity, "think", 1.5},
}

// gesturePlayer plays one gesture at a time: a clip of the model (found
// through the slot map or by name) or a procedural motion.
type gesturePlayer struct {
	name     string
	clip     *Clip
	proc     procGesture
	t, dur   float32
	loop     bool              // a clip that repeats until another gesture replaces it
	slots    map[string]string // slot → clip name (manifest meta.edits.animations)
	clips    []*Clip
	wasAbove [numEmotions]bool
}

// resolve finds what plays gesture name: the slot map, then the model's
// clips (exact name, then a name containing it, case-insensitive), then a
// procedural gesture.
func (g *gesturePlayer) resolve(name string) (*Clip, procGesture, error) {
	want := name
	if mapped, ok := g.slots[name]; ok {
		want = mapped
	}
	if c := findClip(g.clips, ClipName(want)); c != nil {
		return c, nil, nil
	}
	if p, ok := procedural[strings.ToLower(name)]; ok {
		return nil, p, nil
	}
	return nil, nil, fmt.Errorf("avatar: no clip or gesture called %q (clips: %s; procedural: %s)", name, g.clipNames(), proceduralNames())
}

// clipNames lists the clips that can play, or "none".
func (g *gesturePlayer) clipNames() string {
	if len(g.clips) == 0 {
		return "none"
	}
	names := make([]string, len(g.clips))
	for i, c := range g.clips {
		names[i] = c.Name
	}
	return strings.Join(names, ", ")
}

func findClip(clips []*Clip, name string) *Clip {
	lname := strings.ToLower(name)
	for _, c := range clips {
		if strings.ToLower(c.Name) == lname {
			return c
		}
	}
	for _, c := range clips {
		if lname != "" && strings.Contains(strings.ToLower(c.Name), lname) {
			return c
		}
	}
	return nil
}

// play starts a gesture; seconds ≤ 0 uses the clip's length or the
// procedural default.
func (g *gesturePlayer) play(name string, seconds float32) error {
	clip, proc, err := g.resolve(name)
	if err != nil {
		return err
	}
	if seconds <= 0 {
		seconds = proceduralSeconds(name)
		if clip != nil && clip.Duration > 0 {
			seconds = clip.Duration
		}
	}
	g.name, g.clip, g.proc, g.t, g.dur, g.loop = name, clip, proc, 0, seconds, false
	return nil
}

// playLoop starts a gesture that repeats until replaced.
func (g *gesturePlayer) playLoop(name string) error {
	if err := g.play(name, 0); err != nil {
		return err
	}
	g.loop = true
	return nil
}

// active reports whether a gesture is playing.
func (g *gesturePlayer) active() bool { return g.name != "" }

// envelope is the gesture's weight now: fade in, hold, fade out.
func (g *gesturePlayer) envelope() float32 {
	if !g.active() {
		return 0
	}
	in := min(1, g.t/gestureFadeIn)
	if g.loop {
		return in
	}
	out := min(1, max(0, (g.dur-g.t)/gestureFadeOut))
	return min(in, out)
}

// armEnvelope is how much the gesture poses the right (side −1) or left
// (side +1) arm now: its envelope for an arm it moves (a model's clip
// moves both), 0 for one it leaves alone.
func (g *gesturePlayer) armEnvelope(side float32) float32 {
	env := g.envelope()
	if env == 0 || g.clip != nil {
		return env
	}
	arms := gestureArms[strings.ToLower(g.name)]
	if (side < 0 && arms[0]) || (side > 0 && arms[1]) {
		return env
	}
	return 0
}

// advance moves the gesture clock and ends it when done.
func (g *gesturePlayer) advance(dt float32) {
	if !g.active() {
		return
	}
	g.t += dt
	if g.t >= g.dur && !g.loop {
		g.name, g.clip, g.proc = "", nil, nil
	}
}

// auto plays the seed's auto-gesture for an emotion that has just risen past
// the threshold, when no gesture is playing. Rising edges only, so a
// lasting emotion does not repeat its gesture.
func (g *gesturePlayer) auto(e *Emotions) {
	for _, a := range autoGestures {
		above := e[a.emotion] > autoGestureThreshold
		rising := above && !g.wasAbove[a.emotion]
		g.wasAbove[a.emotion] = above
		if rising && !g.active() {
			_ = g.play(a.slot, a.seconds) // procedural fallbacks exist for all three
		}
	}
}

// pose applies the gesture to the pose at its current time.
func (g *gesturePlayer) pose(r *rig, p *Pose) {
	env := g.envelope()
	if env <= 0 {
		return
	}
	t := g.t
	if g.loop && g.dur > 0 {
		t = float32(math.Mod(float64(t), float64(g.dur)))
	}
	if g.clip != nil {
		g.clip.Sample(min(t, g.clip.Duration), p, env)
		return
	}
	g.proc(r, p, t, env)
}
