package avatar

import (
	"math/rand/v2"
	"slices"
	"strings"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/kin-companion/kin/agent/protocol"
)

// Character is a posed model with its Empathy Layer: the emotion blend,
// face, head, gaze, blink, gestures, lip-sync and idle motion. Only the
// frame loop touches it: events arrive through Handle, time through
// Update. After NewCharacter, Update and Handle do not allocate (except to
// remember a gesture's name).
type Character struct {
	Model    *Model
	Pose     *Pose
	Emotions Emotions
	Stimuli  Stimuli
	// Idle is the clip looped underneath everything (nil: procedural idle).
	Idle *Clip
	// Head is the current, smoothed emotional head offset plus gaze yaw.
	Head HeadAngles

	rig      *rig
	face     *face
	preset   presetLayer
	blink    *blinker
	lips     *lipSync
	gaze     *gaze
	gestures gesturePlayer
	springs  *springSim           // nil when the model has no spring bones
	controls [numControls]float32 // smoothed emotion+preset values
	held     []heldExpr           // expressions pinned by HoldExpression
	talk     float32              // seconds of talk hint left (speech without audio)
	clock    float32
	humanoid bool
}

// NewCharacter prepares m for the frame loop. seed makes blinks and
// saccades repeatable.
func NewCharacter(m *Model, seed uint64) *Character {
	rng := rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))
	c := &Character{
		Model: m, Pose: NewPose(m), rig: newRig(m), face: newFace(m),
		blink: newBlinker(rng), lips: newLipSync(), gaze: newGaze(rng),
		humanoid: m.Humanoid.IsHumanoid(),
	}
	c.gestures.clips = slices.Clip(m.Clips) // AddClips must not write into m.Clips
	c.springs = newSpringSim(c.Pose)
	c.Idle = pickIdle(m)
	return c
}

// pickIdle chooses the clip to loop: one named like an idle, or for a model
// that is not a humanoid, its first clip (so a Fox walks rather than
// standing frozen).
func pickIdle(m *Model) *Clip {
	for _, c := range m.Clips {
		if strings.Contains(strings.ToLower(c.Name), "idle") {
			return c
		}
	}
	if !m.Humanoid.IsHumanoid() && len(m.Clips) > 0 {
		return m.Clips[0]
	}
	return nil
}

// SetSlots sets the gesture slot map (manifest meta.edits.animations):
// slot → clip name or clip file ("wave.vrma" names the clip "wave"). An
// "idle" slot that names a clip makes it the idle loop.
func (c *Character) SetSlots(slots map[string]string) {
	c.gestures.slots = slots
	c.idleFromSlot()
}

// AddClips makes more clips (e.g. retargeted from another file, see
// [RetargetAll]) available to gestures, slots and play_clip.
func (c *Character) AddClips(clips ...*Clip) {
	c.gestures.clips = append(c.gestures.clips, clips...)
	c.idleFromSlot()
}

// idleFromSlot loops the clip the "idle" slot names, once it is there.
func (c *Character) idleFromSlot() {
	if name, ok := c.gestures.slots["idle"]; ok {
		if clip := findClip(c.gestures.clips, ClipName(name)); clip != nil {
			c.Idle = clip
		}
	}
}

// SetCamera tells the character where the camera is, in model space.
func (c *Character) SetCamera(pos mgl32.Vec3) { c.gaze.camera = pos }

// SetPointer sets the point the eyes follow for the "user" target (model
// space); ok false stops following it.
func (c *Character) SetPointer(pos mgl32.Vec3, ok bool) { c.gaze.pointer, c.gaze.follow = pos, ok }

// LookAt sets the gaze target: user, camera, center or model.
func (c *Character) LookAt(target string) error { return c.gaze.setTarget(target) }

// SetExpression layers an explicit preset over the emotion blend.
func (c *Character) SetExpression(p Preset, intensity float32) { c.preset.set(p, intensity) }

// heldExpr is an expression weight pinned above every layer.
type heldExpr struct {
	expr int
	w    float32
}

// HoldExpression pins a named expression at weight w (0 releases it) above
// every layer, for debugging, tests and pictures; it reports whether the
// model has the expression.
func (c *Character) HoldExpression(name string, w float32) bool {
	i := c.Model.Expressions.Index(name)
	if i < 0 {
		return false
	}
	for k := range c.held {
		if c.held[k].expr == i {
			c.held[k].w = w
			return true
		}
	}
	c.held = append(c.held, heldExpr{i, w})
	return true
}

// PlayGesture starts a gesture by slot, clip name or procedural name;
// seconds ≤ 0 uses its own length.
func (c *Character) PlayGesture(name string, seconds float32) error {
	return c.gestures.play(name, seconds)
}

// PlayLoop starts a clip or gesture that repeats until another replaces it
// (play_clip with loop).
func (c *Character) PlayLoop(name string) error { return c.gestures.playLoop(name) }

// Gesture returns the name of the gesture playing, or "".
func (c *Character) Gesture() string { return c.gestures.name }

// Handle applies one protocol event.
func (c *Character) Handle(ev protocol.Event) {
	c.Stimuli.React(&c.Emotions, ev)
	switch p := ev.Payload.(type) {
	case protocol.GesturePayload:
		_ = c.PlayGesture(p.Name, float32(p.Duration)/1000)
	case protocol.LookAtPayload:
		_ = c.LookAt(p.Target)
	case protocol.PerformSkillPayload:
		c.Emotions.Inject(Patience, 0.2)
		if p.AnimationHint != "" {
			_ = c.PlayGesture(p.AnimationHint, 0)
		}
	case protocol.AudioLevelPayload:
		c.lips.setLevel(float32(p.RMS))
	case protocol.VisemePayload:
		c.lips.setViseme(c.visemeIndex(p.Name), float32(p.Weight))
	case protocol.SpeakPayload:
		c.talk = min(8, float32(len([]rune(p.Text)))/15)
	}
}

// visemeIndex finds the expression for an Oculus viseme name ("aa" or
// "viseme_aa").
func (c *Character) visemeIndex(name string) int {
	em := c.Model.Expressions
	if i := em.Index("viseme_" + strings.TrimPrefix(name, "viseme_")); i >= 0 {
		return i
	}
	return em.Index(name)
}
