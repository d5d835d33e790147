package engine

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/hajimehoshi/ebiten/v2/text/v2"
	"github.com/kin-companion/kin/agent/protocol"
	"github.com/kin-companion/kin/agent/scene"
)

// fakeBrain answers every message by streaming it back in two pieces.
type fakeBrain struct{ cancelled bool }

func (b *fakeBrain) Send(text string) <-chan ChatDelta {
	out := make(chan ChatDelta, 4)
	out <- ChatDelta{Tool: "wave"}
	out <- ChatDelta{Text: "You said: "}
	out <- ChatDelta{Text: text}
	out <- ChatDelta{Final: true}
	close(out)
	return out
}

func (b *fakeBrain) Cancel() { b.cancelled = true }

// TestChatTurn: a sent line lands in the history, the reply streams into
// the bubble and the history, and the bubble times out after the answer.
func TestChatTurn(t *testing.T) {
	g, err := NewGame(Options{Model: loadModel(t, "rpm-visage-male.glb"), Brain: &fakeBrain{}})
	if err != nil {
		t.Fatal(err)
	}
	c := g.chat
	c.focused = true
	c.send("Γειά σου, привет")
	if c.status != "thinking…" || !c.visible(g.now()) {
		t.Errorf("status %q after sending", c.status)
	}
	c.drain(g.now())
	if got := c.history[len(c.history)-1].text; got != "You said: Γειά σου, привет" {
		t.Errorf("history ends with %q", got)
	}
	if c.bubble != "You said: Γειά σου, привет" || c.deltas != nil {
		t.Errorf("bubble %q, deltas %v", c.bubble, c.deltas)
	}
	g.dirty = true
	g.Draw(newTestScreen(t, 360, 480)) // bubble and panel with Greek and Cyrillic
	if c.visible(g.now()+60) && !c.focused {
		t.Error("the bubble never goes away")
	}
	c.focused = false
	if c.visible(g.now() + 60) {
		t.Error("bubble still shown a minute after the answer")
	}
}

// TestChatPrompt: a high-risk question from another goroutine is shown and
// answered on the frame loop.
func TestChatPrompt(t *testing.T) {
	p := NewPrompts()
	g, err := NewGame(Options{Model: loadModel(t, "BoxTextured.glb"), Prompts: p})
	if err != nil {
		t.Fatal(err)
	}
	got := make(chan bool, 1)
	go func() {
		ok, _ := p.Ask(context.Background(), "Allow kin to run shell {}?")
		got <- ok
	}()
	deadline := time.Now().Add(5 * time.Second)
	for g.chat.pending == nil && time.Now().Before(deadline) {
		g.chat.update(g.now())
		time.Sleep(time.Millisecond)
	}
	if g.chat.pending == nil || !strings.Contains(g.chat.pending.question, "shell") {
		t.Fatal("question never reached the window")
	}
	g.dirty = true
	g.Draw(newTestScreen(t, 300, 300))
	g.chat.answer(No)
	if <-got {
		t.Error("answered no, got yes")
	}
	chose := make(chan Choice, 1)
	go func() {
		c, _ := p.Choose(context.Background(), "Allow kin to delete ~/tmp/a?", "always fs_delete for ~/tmp")
		chose <- c
	}()
	for g.chat.pending == nil && time.Now().Before(deadline) {
		g.chat.update(g.now())
		time.Sleep(time.Millisecond)
	}
	if g.chat.pending == nil || !strings.Contains(g.chat.pending.keys(), "[y / n / a: always fs_delete for ~/tmp]") {
		t.Fatal("choice never reached the window, or without its keys")
	}
	g.chat.answer(Always)
	if c := <-chose; c != Always {
		t.Errorf("answered always, got %v", c)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := p.Ask(ctx, "again?"); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled ask: %v", err)
	}
}

// TestSceneCommands: the agent's scene tools run in Update and answer.
func TestSceneCommands(t *testing.T) {
	q := scene.NewQueue(4)
	g, err := NewGame(Options{Model: loadModel(t, "rpm-visage-male.glb"), Scene: q})
	if err != nil {
		t.Fatal(err)
	}
	type result struct {
		out string
		err error
	}
	do := func(cmd scene.Command) result {
		ch := make(chan result, 1)
		go func() {
			out, err := q.Do(context.Background(), cmd)
			ch <- result{out, err}
		}()
		for {
			select {
			case r := <-ch:
				return r
			default:
				g.drainCommands()
				time.Sleep(time.Millisecond)
			}
		}
	}
	if r := do(scene.Wave{Duration: 2 * time.Second}); r.err != nil || g.scene.Char.Gesture() != "wave" {
		t.Errorf("wave: %v, gesture %q", r.err, g.scene.Char.Gesture())
	}
	if r := do(scene.PlayClip{Name: "moonwalk", Requested: "moonwalk"}); r.err == nil {
		t.Error("an unknown clip played")
	}
	if r := do(scene.SetExpression{Preset: "happy", Intensity: 0.8}); r.err != nil {
		t.Error(r.err)
	}
	if r := do(scene.SetExpression{Preset: "smug", Intensity: 1}); r.err == nil {
		t.Error("unknown preset accepted")
	}
	if r := do(scene.LookAt{Target: "center"}); r.err != nil {
		t.Error(r.err)
	}
	if r := do(scene.Speak{Text: "Hello there"}); r.err != nil || g.chat.bubble != "Hello there" {
		t.Errorf("speak: %v, bubble %q", r.err, g.chat.bubble)
	}
}

func TestWrapKeepsRunesWhole(t *testing.T) {
	u, err := newUI()
	if err != nil {
		t.Fatal(err)
	}
	lines := wrap("Достопримечательность αβγδεζηθικλμνξοπρστυφχψω ok", u.face, 60)
	if len(lines) < 3 {
		t.Fatalf("lines %q", lines)
	}
	for _, l := range lines {
		if !utf8.ValidString(l) {
			t.Errorf("line %q splits a rune", l)
		}
	}
	if strings.ReplaceAll(strings.Join(lines, ""), " ", "") != "Достопримечательностьαβγδεζηθικλμνξοπρστυφχψωok" {
		t.Errorf("text lost: %q", lines)
	}
}

// TestMessageLinesEllipsis: a message too long for the box shows its
// first lines, the last one ending in an ellipsis within the width, and
// the wrapped lines kept for the next frame are not changed.
func TestMessageLinesEllipsis(t *testing.T) {
	u, err := newUI()
	if err != nil {
		t.Fatal(err)
	}
	msg := strings.Repeat("No language model is connected: set OPENAI_API_KEY or start Ollama. ", 12)
	const width = 200
	lines := u.messageLines(msg, width)
	if len(lines) != maxMessageLines || !strings.HasSuffix(lines[len(lines)-1], "…") {
		t.Fatalf("%d lines, last %q", len(lines), lines[len(lines)-1])
	}
	for _, l := range lines {
		if w, _ := text.Measure(l, u.face, 0); w > width {
			t.Errorf("%q is %.0f wide, more than %d", l, w, width)
		}
	}
	if full := u.wrap(msg, width); strings.HasSuffix(full[maxMessageLines-1], "…") {
		t.Error("the cached wrap was changed")
	}
	if short := u.messageLines("Saved.", width); len(short) != 1 || short[0] != "Saved." {
		t.Errorf("a short message: %q", short)
	}
}

// TestVoiceReplyInBubble: a speak event from the voice session shows in
// the bubble and the history; during a typed turn it does not take over.
func TestVoiceReplyInBubble(t *testing.T) {
	bus := protocol.New("test")
	g, err := NewGame(Options{Model: loadModel(t, "BoxTextured.glb"), Bus: bus, Brain: &fakeBrain{}})
	if err != nil {
		t.Fatal(err)
	}
	bus.Emit(protocol.SpeakPayload{Text: "Hello from the voice session."})
	g.Update()
	if g.chat.bubble != "Hello from the voice session." || !g.chat.visible(g.now()) {
		t.Fatalf("bubble %q", g.chat.bubble)
	}
	if h := g.chat.history; len(h) != 1 || h[0].user {
		t.Errorf("history %+v", h)
	}
	g.chat.send("typed")
	bus.Emit(protocol.SpeakPayload{Text: "Something else."})
	g.Update() // the typed turn's deltas are drained first; then the speak event
	if g.chat.bubble == "Something else." && g.chat.deltas != nil {
		t.Error("a speak event took the bubble from a streaming typed reply")
	}
}

// TestChatAskText: ask_user's question takes the input line and the typed
// words go back to the asking goroutine.
func TestChatAskText(t *testing.T) {
	p := NewPrompts()
	g, err := NewGame(Options{Model: loadModel(t, "BoxTextured.glb"), Prompts: p})
	if err != nil {
		t.Fatal(err)
	}
	got := make(chan string, 1)
	go func() {
		s, _ := p.AskText(context.Background(), "Which folder should I tidy?")
		got <- s
	}()
	deadline := time.Now().Add(5 * time.Second)
	for g.chat.pending == nil && time.Now().Before(deadline) {
		g.chat.update(g.now())
		time.Sleep(time.Millisecond)
	}
	if g.chat.pending == nil || !g.chat.pending.free {
		t.Fatal("question never reached the window")
	}
	g.chat.input = []rune("Downloads")
	g.dirty = true
	g.Draw(newTestScreen(t, 300, 300))
	g.chat.answerText("Downloads")
	if s := <-got; s != "Downloads" {
		t.Errorf("answer %q", s)
	}
	if g.chat.pending != nil || len(g.chat.input) != 0 {
		t.Error("the question stayed on screen")
	}
}

// steeringBrain keeps its answer open and takes typed words as guidance.
type steeringBrain struct {
	fakeBrain
	sends  int
	steers []string
}

func (b *steeringBrain) Send(string) <-chan ChatDelta {
	b.sends++
	return make(chan ChatDelta) // an answer still coming
}

func (b *steeringBrain) Steer(text string) bool { b.steers = append(b.steers, text); return true }

// TestChatSteers: a line typed while an answer streams guides that answer
// instead of starting a new turn.
func TestChatSteers(t *testing.T) {
	b := &steeringBrain{}
	g, err := NewGame(Options{Model: loadModel(t, "BoxTextured.glb"), Brain: b})
	if err != nil {
		t.Fatal(err)
	}
	g.chat.send("plan my week")
	g.chat.send("and keep Friday free")
	if b.sends != 1 || len(b.steers) != 1 || b.steers[0] != "and keep Friday free" || g.chat.deltas == nil {
		t.Errorf("sends %d, steers %q", b.sends, b.steers)
	}
}

// TestWatchingMark: while ambient perception looks at the screen, the
// window shows it in the top-right corner; off, the corner is clear.
func TestWatchingMark(t *testing.T) {
	on := true
	g, err := NewGame(Options{Model: loadModel(t, "BoxTextured.glb"), Watching: func() bool { return on }})
	if err != nil {
		t.Fatal(err)
	}
	amber := func() int {
		screen := newTestScreen(t, 300, 300)
		g.Update()
		g.dirty = true
		g.Draw(screen)
		n := 0
		for y := 0; y < 40; y++ {
			for x := 180; x < 300; x++ {
				r, gg, b, _ := screen.At(x, y).RGBA()
				if r>>8 > 200 && gg>>8 > 150 && b>>8 < 150 {
					n++
				}
			}
		}
		return n
	}
	if n := amber(); n < 10 {
		t.Errorf("no watching mark (%d amber pixels)", n)
	}
	on = false
	if n := amber(); n != 0 {
		t.Errorf("the mark stayed after watching stopped (%d amber pixels)", n)
	}
}

// TestTrayChoices: the tray's menu choices run on the frame loop.
func TestTrayChoices(t *testing.T) {
	g, err := NewGame(Options{Model: loadModel(t, "BoxTextured.glb")})
	if err != nil {
		t.Fatal(err)
	}
	g.trayChoices() // no tray: nothing to do
	g.trayActs = make(chan trayAction, 4)
	g.trayActs <- trayQuit
	g.trayChoices()
	if !g.quit {
		t.Error("Quit in the tray did not quit")
	}
}
