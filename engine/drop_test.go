package engine

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/kin-companion/kin/agent/scene"
	"github.com/kin-companion/kin/avatar"
)

// dropFolder puts the named shared assets in a folder and returns it as
// the file system a drop hands over (ebiten.DroppedFiles is one too).
func dropFolder(t *testing.T, names ...string) string {
	t.Helper()
	dir := t.TempDir()
	for _, name := range names {
		data, err := os.ReadFile(filepath.Join(sharedAssets(t), name))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// waitClip runs Update until a dropped animation has been read.
func waitClip(t *testing.T, g *Game) {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for g.drops.busy {
		if time.Now().After(deadline) {
			t.Fatal("the dropped animation was not read")
		}
		if err := g.Update(); err != nil {
			t.Fatal(err)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// TestDropVRMA drops a VRM animation on a VRM character: it plays at
// once, on the same character, play_clip can name it afterwards, and a
// character dropped later can still play it.
func TestDropVRMA(t *testing.T) {
	m := loadModel(t, "vrm1-blenderaddon-Example.vrm")
	g, err := NewGame(Options{Model: m})
	if err != nil {
		t.Fatal(err)
	}
	g.dropFS(os.DirFS(dropFolder(t, "three-vrm_test.vrma")))
	waitClip(t, g)
	if g.scene.Model != m {
		t.Fatal("dropping an animation replaced the character")
	}
	if got := g.scene.Char.Gesture(); got != "three-vrm_test" {
		t.Errorf("playing %q after the drop, want three-vrm_test", got)
	}
	if msg := g.ui.message(g.now(), g.ld); msg != "" {
		t.Errorf("message %q after a good drop, want none", msg)
	}
	g.dropFS(os.DirFS(dropFolder(t, "vrm0-cryptovoxels.vrm")))
	waitLoad(t, g)
	if g.scene.Model.Format != avatar.FormatVRM0 {
		t.Fatalf("shown model %s, want the dropped VRM 0.x character", g.scene.Model.Name)
	}
	if _, err := g.runCommand(scene.PlayClip{Name: "three-vrm_test"}); err != nil {
		t.Errorf("play_clip of the dropped animation on the next character: %v", err)
	}
	g.Draw(newTestScreen(t, 200, 200))
}

// TestDropVRMAOnNonHumanoid: an animation that fits nothing of the shown
// model is refused with a message; nothing else changes.
func TestDropVRMAOnNonHumanoid(t *testing.T) {
	g, err := NewGame(Options{Model: loadModel(t, "BoxTextured.glb")})
	if err != nil {
		t.Fatal(err)
	}
	g.dropFS(os.DirFS(dropFolder(t, "three-vrm_test.vrma")))
	waitClip(t, g)
	if msg := g.ui.message(g.now(), g.ld); !strings.Contains(msg, "could not play three-vrm_test.vrma") {
		t.Errorf("message %q, want the animation refused", msg)
	}
	if g.scene.Char.Gesture() != "" {
		t.Errorf("playing %q", g.scene.Char.Gesture())
	}
}

// TestClipSourcesAndSlots gives the window a clips folder (kin --clips)
// and a manifest slot naming one of its files: play_clip plays it by slot
// and by name.
func TestClipSourcesAndSlots(t *testing.T) {
	srcs, err := avatar.LoadClipDir(dropFolder(t, "three-vrm_test.vrma", "rpm-visage-maleIdle.glb"))
	if err != nil {
		t.Fatal(err)
	}
	g, err := NewGame(Options{Model: loadModel(t, "vrm0-cryptovoxels.vrm"), ClipSources: srcs,
		Slots: map[string]string{"greet": "three-vrm_test.vrma", "idle": "rpm-visage-maleIdle"}})
	if err != nil {
		t.Fatal(err)
	}
	if g.scene.Char.Idle == nil || g.scene.Char.Idle.Name != "rpm-visage-maleIdle" {
		t.Errorf("idle %v, want the idle slot's clip", g.scene.Char.Idle)
	}
	for _, name := range []string{"greet", "three-vrm_test"} {
		reply, err := g.runCommand(scene.PlayClip{Name: name})
		if err != nil || g.scene.Char.Gesture() != name {
			t.Errorf("play_clip %q: %q, %v; playing %q", name, reply, err, g.scene.Char.Gesture())
		}
	}
	if _, err := g.runCommand(scene.PlayClip{Name: "dance"}); err == nil || !strings.Contains(err.Error(), "three-vrm_test") {
		t.Errorf("play_clip of an unknown name: %v, want the clips listed", err)
	}
}
