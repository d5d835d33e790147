package engine

import (
	"image"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/kin-companion/kin/agent/protocol"
)

// sampleStats are a session's stats and a voice turn, as the companion
// sends them after turns.
var sampleStats = []protocol.Payload{
	protocol.StatsPayload{Run: &protocol.RunStats{Turns: 1, Rounds: 1, InputTokens: 900, OutputTokens: 40}},
	protocol.VoiceTurnPayload{Path: "realtime", TotalMs: 642.5, ProviderMs: 588.1, KinMs: 54.4, CaptureMs: 20, AECMs: 10,
		ResampleMs: 1.2, SendMs: 0.4, ReceiveMs: 0.3, DecodeMs: 0.9, PlayMs: 21.6},
	protocol.StatsPayload{Run: &protocol.RunStats{Turns: 3, Rounds: 7, InputTokens: 5120, OutputTokens: 388,
		ToolCalls: map[string]int{"memory_search": 3, "wave": 1, "web_fetch": 2}}},
}

// TestGoldenF1Stats: stats events on the bus reach the F1 panel through
// the inbox; the latest run stats and the voice turn are drawn beside the
// emotion bars.
func TestGoldenF1Stats(t *testing.T) {
	bus := protocol.New("test")
	g, err := NewGame(Options{Model: loadModel(t, "BoxTextured.glb"), Bus: bus})
	if err != nil {
		t.Fatal(err)
	}
	if l := strings.Join(g.runStats.lines(), "\n"); !strings.Contains(l, "no turn yet") {
		t.Errorf("before any turn: %q", l)
	}
	for _, p := range sampleStats {
		bus.Emit(p)
	}
	g.Update()
	got := strings.Join(g.runStats.lines(), "\n")
	for _, want := range []string{"tokens in 5120  out 388", "turns 3  rounds 7", "memory_search\t3", "642 ms = provider 588 + kin 54.4", "play\t21.6 ms"} {
		if !strings.Contains(got, want) {
			t.Errorf("panel lacks %q:\n%s", want, got)
		}
	}
	if strings.Index(got, "memory_search") > strings.Index(got, "web_fetch") {
		t.Errorf("tools not most called first:\n%s", got)
	}
	img := grab(280, 420, desk, func(dst *ebiten.Image) { g.runStats.draw(dst, g.ui.face, 1, 6, 6) })
	checkGolden(t, "f1-stats", img)
	g.debug = true
	g.dirty = true
	screen := newTestScreen(t, 560, 420)
	g.Draw(screen) // the whole panel, for people to look at ($KIN_SHOTS)
	if dir := os.Getenv("KIN_SHOTS"); dir != "" {
		whole := image.NewRGBA(image.Rect(0, 0, 560, 420))
		screen.ReadPixels(whole.Pix)
		if err := writePNG(filepath.Join(dir, "f1-panel.png"), whole); err != nil {
			t.Fatal(err)
		}
	}
}
