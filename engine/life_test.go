package engine

import (
	"strings"
	"testing"
	"testing/fstest"

	"github.com/kin-companion/kin/agent/protocol"
	"github.com/kin-companion/kin/avatar"
)

// emotionShot renders the default avatar's portrait after feeding events
// for the given frames.
func emotionShot(t *testing.T, golden string, frames int, events string) *Loaded {
	t.Helper()
	timeline, err := avatar.ReadTimeline(strings.NewReader(events), "events")
	if err != nil {
		t.Fatal(err)
	}
	l := loadLoaded(t, "rpm-visage-male.glb")
	r, err := NewRenderer()
	if err != nil {
		t.Fatal(err)
	}
	img := RenderShot(r, l, ShotOptions{Width: 360, Height: 480, Frames: frames, Portrait: true, Events: timeline})
	checkGolden(t, golden, img)
	return l
}

// TestGoldenCelebration: strong celebration smiles and throws the arms up.
func TestGoldenCelebration(t *testing.T) {
	l := emotionShot(t, "visage-celebration", 60, `{"t":0,"type":"validate","payload":{"errors":0}}
{"t":0.2,"type":"speak","payload":{"text":"We did it, that is wonderful!"}}`)
	st := l.Scene.Char.State()
	if st.Emotions["celebration"] < 0.6 || st.Morphs["mouthSmile"] < 0.4 || st.Gesture != "celebrate" {
		t.Errorf("state: %v, smile %v, gesture %q", st.Emotions, st.Morphs["mouthSmile"], st.Gesture)
	}
}

// TestGoldenConcern: two failures and a sad sentence: frown, inner brows
// up, the head tilted.
func TestGoldenConcern(t *testing.T) {
	l := emotionShot(t, "visage-concern", 120, `{"t":0,"type":"skill-error","payload":{"skill":"build","error":"failed"}}
{"t":0.3,"type":"skill-error","payload":{"skill":"build","error":"failed again"}}
{"t":0.6,"type":"speak","payload":{"text":"I'm sorry, the build failed again."}}`)
	st := l.Scene.Char.State()
	if st.Emotions["concern"] < 0.6 || st.Morphs["mouthFrownLeft"] < 0.3 || st.Morphs["browInnerUp"] < 0.4 || st.Head.TiltDeg < 3 {
		t.Errorf("state: %v, frown %v, brows %v, tilt %v", st.Emotions, st.Morphs["mouthFrownLeft"], st.Morphs["browInnerUp"], st.Head.TiltDeg)
	}
}

// TestBusReachesCharacter: events posted on the bus from another goroutine
// reach the character in Update, a bounded number per tick, and a dropped
// model's load is announced on the bus.
func TestBusReachesCharacter(t *testing.T) {
	bus := protocol.New("test")
	g, err := NewGame(Options{Model: loadModel(t, "rpm-visage-male.glb"), Bus: bus})
	if err != nil {
		t.Fatal(err)
	}
	done := make(chan struct{})
	go func() {
		for i := 0; i < 100; i++ {
			bus.Emit(protocol.ThinkPayload{Thought: "hm"})
		}
		bus.Emit(protocol.GesturePayload{Name: "nod", Duration: 1000})
		close(done)
	}()
	<-done
	if err := g.Update(); err != nil {
		t.Fatal(err)
	}
	if g.inbox.Len() != 101-eventsPerTick {
		t.Errorf("%d events left after one tick, want %d", g.inbox.Len(), 101-eventsPerTick)
	}
	g.Update()
	if g.scene.Char.Gesture() != "nod" {
		t.Errorf("gesture %q after the bus said nod", g.scene.Char.Gesture())
	}
	loads := bus.Subscribe(protocol.LoadStart, protocol.LoadEnd)
	g.dropFS(fstest.MapFS{"broken.glb": {Data: []byte("not a model")}})
	waitLoad(t, g)
	var got []string
	loads.Drain(10, func(e protocol.Event) { got = append(got, string(e.Type)) })
	if strings.Join(got, ",") != "load-start,load-end" {
		t.Errorf("bus saw %v", got)
	}
	if c := g.scene.Char.Emotions[avatar.Concern]; c < 0.7 {
		t.Errorf("a failed load left concern at %v", c)
	}
}

func TestDebugOverlayDraws(t *testing.T) {
	g, err := NewGame(Options{Model: loadModel(t, "rpm-visage-male.glb")})
	if err != nil {
		t.Fatal(err)
	}
	g.debug = true
	g.dirty = true
	g.Draw(newTestScreen(t, 320, 480))
	if ms := strongest(avatar.State{Morphs: map[string]float64{"a": 0.2, "b": 0.9, "c": 0}}, 5); len(ms) != 2 || ms[0].name != "b" {
		t.Errorf("strongest: %v", ms)
	}
}

// TestPresenceStatus: a presence event from the voice loop shows as a
// status for a few seconds; offline stays.
func TestPresenceStatus(t *testing.T) {
	bus := protocol.New("test")
	g, err := NewGame(Options{Model: loadModel(t, "BoxTextured.glb"), Bus: bus})
	if err != nil {
		t.Fatal(err)
	}
	bus.Emit(protocol.PresencePayload{State: "listening"})
	g.Update()
	if !g.presenceVisible() || g.presence.state != "listening" {
		t.Fatalf("presence %+v", g.presence)
	}
	g.dirty = true
	g.Draw(newTestScreen(t, 200, 200))
	g.tick += (presenceSeconds + 1) * TickRate
	if g.presenceVisible() {
		t.Error("listening still shown after it went stale")
	}
	bus.Emit(protocol.PresencePayload{State: "offline"})
	g.Update()
	g.tick += 100 * TickRate
	if !g.presenceVisible() {
		t.Error("offline must stay on screen")
	}
}

// TestVoiceErrorShown: a voice failure from the background loop reaches the
// screen.
func TestVoiceErrorShown(t *testing.T) {
	bus := protocol.New("test")
	g, err := NewGame(Options{Model: loadModel(t, "BoxTextured.glb"), Bus: bus})
	if err != nil {
		t.Fatal(err)
	}
	bus.Emit(protocol.SkillErrorPayload{Skill: "voice", Error: "the microphone stopped"})
	g.Update()
	if msg := g.ui.message(g.now(), g.ld); !strings.Contains(msg, "Voice: the microphone stopped") {
		t.Errorf("message %q", msg)
	}
}
