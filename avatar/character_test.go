package avatar

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/kin-companion/kin/agent/protocol"
)

func visage(t testing.TB) *Model {
	t.Helper()
	m, err := Load(sharedAsset(t, "rpm-visage-male.glb"))
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// run advances the character by seconds at 60 Hz.
func run(c *Character, seconds float32) {
	for i := 0; i < int(seconds*60+0.5); i++ {
		c.Update(1.0 / 60)
	}
}

// TestMorphFormulas holds each emotion at a fixed value (decay is undone
// every frame) and checks the smoothed morph weights reach the seed's
// formulas on rpm-visage-male, which has every target by name.
func TestMorphFormulas(t *testing.T) {
	m := visage(t)
	cases := []struct {
		em   Emotions
		want map[string]float64
	}{
		{Emotions{Celebration: 1}, map[string]float64{"mouthSmile": 0.85, "mouthOpen": 0.2 * 0.7 / 0.7, "cheekPuff": 0.2, "mouthFrownLeft": 0}},
		{Emotions{Concern: 1}, map[string]float64{"mouthFrownLeft": 0.55, "mouthFrownRight": 0.55, "browInnerUp": 0.6, "noseSneerLeft": 0.15, "mouthSmile": 0}},
		{Emotions{Curiosity: 1}, map[string]float64{"browOuterUpLeft": 0.7, "browOuterUpRight": 0.5}},
		{Emotions{Empathy: 1}, map[string]float64{"eyeSquintLeft": 0.4, "eyeSquintRight": 0.4, "browInnerUp": 0.3}},
		{Emotions{Patience: 1}, map[string]float64{"eyesClosed": 0.15}},
	}
	for _, c := range cases {
		ch := NewCharacter(m, 7)
		ch.blink.wait = 1e9 // no blinks to muddy eyesClosed
		for i := 0; i < 240; i++ {
			ch.Emotions = c.em
			ch.Update(1.0 / 60)
		}
		st := ch.State()
		for name, want := range c.want {
			if got := st.Morphs[name]; math.Abs(got-want) > 0.01 {
				t.Errorf("%v: %s = %v, want %v", c.em, name, got, want)
			}
		}
	}
}

// TestSmoothing: weights move toward their targets at dt × 4.
func TestSmoothing(t *testing.T) {
	ch := NewCharacter(visage(t), 1)
	ch.Emotions = Emotions{Celebration: 1}
	ch.Update(0.1) // one step: 0.85 × min(1, 0.1×4), minus a little decay
	got := ch.State().Morphs["mouthSmile"]
	want := 0.85 * (1 - 0.18*0.1) * 0.4
	if math.Abs(got-want) > 0.005 {
		t.Errorf("after one 0.1 s step mouthSmile = %v, want %v", got, want)
	}
}

func TestHeadClampsAndFormulas(t *testing.T) {
	got := headTargets(&Emotions{Curiosity: 1, Empathy: 1, Concern: 1}, 90)
	if got.TiltDeg != 25 || got.YawDeg != 45 {
		t.Errorf("clamps: %+v", got)
	}
	got = headTargets(&Emotions{Curiosity: 0.5, Patience: 0.5}, -10)
	if !near(got.TiltDeg, 6, 1e-5) || !near(got.LeanRad, 0.005, 1e-6) || got.YawDeg != -10 {
		t.Errorf("formulas: %+v", got)
	}
	ch := NewCharacter(visage(t), 1)
	ch.LookAt(GazeCenter)
	for i := 0; i < 180; i++ {
		ch.Emotions = Emotions{Empathy: 1}
		ch.Update(1.0 / 60)
	}
	if st := ch.State(); math.Abs(st.Head.TiltDeg-9) > 0.1 {
		t.Errorf("empathy 1 held: tilt %v°, want 9°", st.Head.TiltDeg)
	}
}

// TestPresetLayering: an explicit preset blends over the emotion blend and
// fades back into it.
func TestPresetLayering(t *testing.T) {
	ch := NewCharacter(visage(t), 1)
	ch.blink.wait = 1e9
	hold := func(seconds float32) State {
		for i := 0; i < int(seconds*60); i++ {
			ch.Emotions = Emotions{Concern: 1}
			ch.Update(1.0 / 60)
		}
		return ch.State()
	}
	base := hold(3)
	ch.SetExpression(PresetHappy, 0.5)
	mid := hold(3)
	// smile: emotion 0 → preset 1 at alpha 0.5; frown: the preset leaves it alone.
	if math.Abs(mid.Morphs["mouthSmile"]-0.5) > 0.03 || math.Abs(mid.Morphs["mouthFrownLeft"]-base.Morphs["mouthFrownLeft"]) > 0.01 {
		t.Errorf("happy at 0.5 over concern: smile %v, frown %v (base %v)", mid.Morphs["mouthSmile"], mid.Morphs["mouthFrownLeft"], base.Morphs["mouthFrownLeft"])
	}
	ch.SetExpression(PresetNeutral, 1)
	if n := hold(2); n.Morphs["mouthFrownLeft"] > 0.05 {
		t.Errorf("neutral at 1 leaves frown %v", n.Morphs["mouthFrownLeft"])
	}
	after := hold(PresetHold + PresetFade + 1.5)
	if math.Abs(after.Morphs["mouthFrownLeft"]-base.Morphs["mouthFrownLeft"]) > 0.02 {
		t.Errorf("after the preset expires frown %v, want the emotion's %v", after.Morphs["mouthFrownLeft"], base.Morphs["mouthFrownLeft"])
	}
	if _, err := ParsePreset("smug"); err == nil {
		t.Error("unknown preset accepted")
	}
}

// TestAutoGestures: an emotion rising past 0.6 plays its slot for the
// seed's length, once.
func TestAutoGestures(t *testing.T) {
	ch := NewCharacter(visage(t), 1)
	ch.Handle(ev(protocol.ValidatePayload{})) // celebration 0.85
	ch.Update(1.0 / 60)
	if ch.Gesture() != "celebrate" {
		t.Fatalf("gesture %q, want celebrate", ch.Gesture())
	}
	run(ch, 1.9)
	if ch.Gesture() != "celebrate" {
		t.Errorf("celebrate ended before 2 s")
	}
	run(ch, 0.2)
	if ch.Gesture() != "" {
		t.Errorf("still %q after 2.1 s", ch.Gesture())
	}
	ch.Handle(ev(protocol.EmotePayload{Trigger: "curiosity", Weight: 0.9}))
	ch.Update(1.0 / 60)
	if ch.Gesture() != "think" {
		t.Errorf("curiosity 0.9: gesture %q, want think", ch.Gesture())
	}
}

func TestGestureTiming(t *testing.T) {
	ch := NewCharacter(visage(t), 1)
	ch.Handle(ev(protocol.GesturePayload{Name: "wave", Duration: 3000}))
	run(ch, 2.9)
	if ch.Gesture() != "wave" {
		t.Fatal("wave of 3000 ms ended early")
	}
	run(ch, 0.2)
	if ch.Gesture() != "" {
		t.Fatal("wave of 3000 ms still playing at 3.1 s")
	}
	if err := ch.PlayGesture("moonwalk", 0); err == nil {
		t.Error("unknown gesture accepted")
	}
	g := &gesturePlayer{}
	g.play("nod", 1)
	for _, c := range []struct{ t, env float32 }{{0.1, 0.5}, {0.5, 1}, {0.85, 0.5}} {
		g.t = c.t
		if e := g.envelope(); !near(e, c.env, 1e-4) {
			t.Errorf("envelope at %v: %v, want %v", c.t, e, c.env)
		}
	}
}

// TestWaveRaisesHand: the procedural wave lifts the right hand above the
// right shoulder on a real rig.
func TestWaveRaisesHand(t *testing.T) {
	m := visage(t)
	ch := NewCharacter(m, 1)
	run(ch, 0.5)
	hand := m.Humanoid.Node(BoneRightHand)
	shoulder := m.Humanoid.Node(BoneRightUpperArm)
	if ch.Pose.World[hand][13] > ch.Pose.World[shoulder][13] {
		t.Fatal("hand above the shoulder before waving")
	}
	ch.PlayGesture("wave", 2)
	run(ch, 0.8)
	if ch.Pose.World[hand][13] < ch.Pose.World[shoulder][13]+0.1 {
		t.Errorf("waving hand at y=%.2f, shoulder at %.2f", ch.Pose.World[hand][13], ch.Pose.World[shoulder][13])
	}
}

// TestGestureLeavesOtherArmsRelaxed: while the right hand waves the left
// arm goes on hanging at the side, and a nod moves no arm at all (they
// used to spring back to the model's A-pose).
func TestGestureLeavesOtherArmsRelaxed(t *testing.T) {
	m := visage(t)
	ch := NewCharacter(m, 1)
	run(ch, 0.5)
	hand := func(b Bone) mgl32.Vec3 { return ch.Pose.World[m.Humanoid.Node(b)].Col(3).Vec3() }
	restL, restR := hand(BoneLeftHand), hand(BoneRightHand)
	for _, g := range []struct {
		name  string
		still []Bone
	}{{"wave", []Bone{BoneLeftHand}}, {"nod", []Bone{BoneLeftHand, BoneRightHand}}, {"concern", []Bone{BoneLeftHand, BoneRightHand}}} {
		ch.PlayGesture(g.name, 2)
		run(ch, 0.8)
		for _, b := range g.still {
			rest := restL
			if b == BoneRightHand {
				rest = restR
			}
			if d := hand(b).Sub(rest).Len(); d > 0.06 {
				t.Errorf("%s: %s moved %.2f m from where it hangs", g.name, b, d)
			}
		}
		run(ch, 2)
	}
}

// TestBlinkTiming: blinks come every 1–8 s, last 250–450 ms (single) and
// never start while surprised.
func TestBlinkTiming(t *testing.T) {
	b := newBlinker(NewCharacter(visage(t), 3).blink.rng)
	closedRuns, starts := 0, 0
	var last float32 = -1
	prev := float32(0)
	for i := 0; i < 60*120; i++ {
		v := b.update(1.0/60, false)
		if v > 0 && prev == 0 {
			now := float32(i) / 60
			if last >= 0 && now-last > 8.8 {
				t.Errorf("gap of %.1f s between blinks", now-last)
			}
			last = now
			starts++
		}
		if v == 1 {
			closedRuns++
		}
		prev = v
	}
	if starts < 120/8 || starts > 120*2 {
		t.Errorf("%d blink starts in 120 s", starts)
	}
	b = newBlinker(b.rng)
	for i := 0; i < 60*20; i++ {
		if b.update(1.0/60, true) > 0 {
			t.Fatal("blinked while surprised")
		}
	}
}

// TestLipSyncEnvelope: attack faster than release, a noise gate, and the
// mouth shut within 100 ms of silence.
func TestLipSyncEnvelope(t *testing.T) {
	l := newLipSync()
	step := func(n int, level float32) float32 {
		var v float32
		for i := 0; i < n; i++ {
			if level >= 0 {
				l.setLevel(level)
			}
			v = l.update(0.005)
		}
		return v
	}
	if v := step(20, 0.01); v != 0 {
		t.Errorf("below the gate opened %v", v)
	}
	up := step(4, 0.3) // 20 ms of loud audio
	if up < 0.7 {
		t.Errorf("attack: %v after 20 ms", up)
	}
	step(40, 0.3)
	down := step(4, 0) // 20 ms of silence
	if 1-down >= up {
		t.Errorf("release (%v closed in 20 ms) not slower than attack (%v open)", 1-down, up)
	}
	if v := step(16, 0); v > 0.05 { // 100 ms of silence in all
		t.Errorf("mouth still %v open 100 ms into silence", v)
	}
	step(40, 0.3)
	if v := step(20, -1); v > 0.05 { // events stop: stale after 60 ms
		t.Errorf("mouth %v open 100 ms after the levels stopped", v)
	}
}

func TestSimulateFromEvents(t *testing.T) {
	ch := NewCharacter(visage(t), 1)
	events := []TimedEvent{
		{T: 0.5, Event: ev(protocol.SkillErrorPayload{Skill: "x", Error: "boom"})},
		{T: 1.0, Event: ev(protocol.LookAtPayload{Target: "center"})},
	}
	st, err := Simulate(ch, events, 2, 60)
	if err != nil {
		t.Fatal(err)
	}
	if st.Emotions["concern"] < 0.45 || st.Emotions["empathy"] < 0.1 || st.Morphs["mouthFrownLeft"] < 0.2 {
		t.Errorf("state after a skill error: %+v", st.Emotions)
	}
	if st.Gesture != "concern" {
		t.Errorf("gesture %q, want concern", st.Gesture)
	}
}

// BenchmarkCharacterAnimate is the per-frame Empathy Layer update for the
// default avatar: emotions, face mapping, head, gaze, blink, gestures, idle.
func BenchmarkCharacterAnimate(b *testing.B) {
	ch := NewCharacter(visage(b), 1)
	ch.Emotions = Emotions{Celebration: 0.5, Curiosity: 0.4, Empathy: 0.3}
	ch.SetExpression(PresetHappy, 0.6)
	ch.PlayGesture("wave", 1e9)
	ch.Update(1.0 / 60)
	b.ReportAllocs()
	for b.Loop() {
		ch.lips.setLevel(0.2)
		ch.Animate(1.0 / 60)
	}
}

func TestPlayLoopRepeats(t *testing.T) {
	ch := NewCharacter(visage(t), 1)
	if err := ch.PlayLoop("nod"); err != nil {
		t.Fatal(err)
	}
	run(ch, 5)
	if ch.Gesture() != "nod" || ch.gestures.envelope() != 1 {
		t.Errorf("looping nod after 5 s: %q, envelope %v", ch.Gesture(), ch.gestures.envelope())
	}
	ch.PlayGesture("bow", 0)
	run(ch, 2)
	if ch.Gesture() != "" {
		t.Errorf("bow should end after 1.8 s, got %q", ch.Gesture())
	}
}

// TestSlotMapResolvesAutoGesture: the manifest's slot map sends the
// celebrate slot to one of the model's clips.
func TestSlotMapResolvesAutoGesture(t *testing.T) {
	m, err := Load(sharedAsset(t, "Fox.glb"))
	if err != nil {
		t.Fatal(err)
	}
	ch := NewCharacter(m, 1)
	ch.SetSlots(map[string]string{"celebrate": "Run"})
	ch.Handle(ev(protocol.ValidatePayload{}))
	ch.Update(1.0 / 60)
	if ch.Gesture() != "celebrate" || ch.gestures.clip == nil || ch.gestures.clip.Name != "Run" {
		t.Errorf("gesture %q plays %v, want the Run clip", ch.Gesture(), ch.gestures.clip)
	}
}
