package engine

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/kin-companion/kin/shaders"
)

func TestShadersCompile(t *testing.T) {
	if _, err := compileShaders(); err != nil {
		t.Fatal(err)
	}
	if _, err := shaders.Source("nope"); err == nil {
		t.Error("unknown shader name: want an error")
	}
}

// waitLoad runs the game's Update until its loader is idle.
func waitLoad(t *testing.T, g *Game) {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for g.ld.busy() {
		if time.Now().After(deadline) {
			t.Fatal("load did not finish")
		}
		if err := g.Update(); err != nil {
			t.Fatal(err)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// TestDropCorruptModel drops a broken file: the old avatar must stay and
// the error must be on screen.
func TestDropCorruptModel(t *testing.T) {
	g, err := NewGame(Options{Model: loadModel(t, "BoxTextured.glb")})
	if err != nil {
		t.Fatal(err)
	}
	before := g.scene
	g.dropFS(fstest.MapFS{"broken.glb": {Data: []byte("glTF\x02\x00\x00\x00garbage that is not a model")}})
	if msg := g.ui.message(g.now(), g.ld); !strings.HasPrefix(msg, "loading broken.glb") {
		t.Errorf("while loading: message %q, want loading progress", msg)
	}
	waitLoad(t, g)
	if g.scene != before {
		t.Error("the old avatar was replaced by a broken file")
	}
	if msg := g.ui.message(g.now(), g.ld); !strings.Contains(msg, "could not open broken.glb") {
		t.Errorf("message %q, want the load error", msg)
	}
	g.Draw(newTestScreen(t, 200, 200)) // draws with the error shown
}

// TestDropModel drops a good file: the new avatar replaces the old one.
func TestDropModel(t *testing.T) {
	g, err := NewGame(Options{Model: loadModel(t, "BoxTextured.glb")})
	if err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(filepath.Join(sharedAssets(t), "CesiumMan.glb"))
	if err != nil {
		t.Fatal(err)
	}
	g.dropFS(fstest.MapFS{"CesiumMan.glb": {Data: data}})
	waitLoad(t, g)
	if g.scene.Model.Stats.Triangles != 4672 {
		t.Errorf("shown model has %d triangles, want CesiumMan's 4672", g.scene.Model.Stats.Triangles)
	}
	if msg := g.ui.message(g.now(), g.ld); msg != "" {
		t.Errorf("message %q after a good load, want none", msg)
	}
	g.Draw(newTestScreen(t, 200, 200))
}

// newTestScreen returns an offscreen image standing in for the screen.
func newTestScreen(t *testing.T, w, h int) *ebiten.Image {
	img := ebiten.NewImage(w, h)
	t.Cleanup(img.Deallocate)
	return img
}

// TestNoticesOneAfterAnother: start-up notices take the screen in turn,
// each for as long as it takes to read.
func TestNoticesOneAfterAnother(t *testing.T) {
	g, err := NewGame(Options{Model: loadModel(t, "BoxTextured.glb"), Notices: []string{"first notice", "second notice"}})
	if err != nil {
		t.Fatal(err)
	}
	g.Layout(320, 480)
	if msg := g.ui.message(g.now(), g.ld); msg != "first notice" {
		t.Fatalf("at start the message is %q, want the first notice", msg)
	}
	for g.ui.message(g.now(), g.ld) == "first notice" {
		if g.now() > 60 {
			t.Fatal("the first notice never gave way")
		}
		g.Update()
	}
	if msg := g.ui.message(g.now(), g.ld); msg != "second notice" {
		t.Fatalf("after the first notice the message is %q, want the second", msg)
	}
	if g.now() < errorSeconds {
		t.Errorf("the first notice stayed %.1f s, want at least %d", g.now(), errorSeconds)
	}
}

// TestFirstTip: the first run with a preferences file shows the keys after
// the notices and remembers that it did; the next run does not.
func TestFirstTip(t *testing.T) {
	prefs := filepath.Join(t.TempDir(), "window.json")
	run := func() []string {
		g, err := NewGame(Options{Model: loadModel(t, "BoxTextured.glb"), PrefsPath: prefs, Notices: []string{"a notice"}})
		if err != nil {
			t.Fatal(err)
		}
		shown := []string{g.ui.errMsg}
		shown = append(shown, g.ui.queue...)
		g.savePrefs()
		return shown
	}
	first := run()
	if len(first) != 2 || first[0] != "a notice" || !strings.HasPrefix(first[1], "Tip: press Enter to talk") {
		t.Fatalf("first run shows %q, want the notice then the tip", first)
	}
	if again := run(); len(again) != 1 {
		t.Fatalf("second run shows %q, want only the notice", again)
	}
}
