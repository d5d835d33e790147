package engine

import (
	"fmt"
	"testing"

	"github.com/kin-companion/kin/avatar"
)

// TestGoldenVRM0Face shows a VRM 0.x character (the Ready Player Me
// avatar exported UniVRM's way, facing −Z) in portrait: kin turns it, so
// its face is on screen — the same picture as the original glTF, which
// faces +Z. Shown from behind, the two would differ almost everywhere.
func TestGoldenVRM0Face(t *testing.T) {
	m, err := avatar.Load(visageVRM0(t))
	if err != nil {
		t.Fatal(err)
	}
	if m.Format != avatar.FormatVRM0 || !m.Turned() {
		t.Fatalf("format %s, turned %v: want a VRM 0.x turned around", m.Format, m.Turned())
	}
	img := shot(t, Prepare("visage-vrm0", m), 360, 480, 1, true, false)
	checkGolden(t, "vrm0-face", img)
	glb := shot(t, loadLoaded(t, "rpm-visage-male.glb"), 360, 480, 1, true, false)
	if bad, frac := diff(img, glb); frac > 0.02 {
		t.Errorf("the VRM 0.x character differs from the +Z glTF in %d pixels (%.1f%%): not facing the camera", bad, frac*100)
	}
}

// TestGoldenSpringHair shakes the head of a VRM 1.0 character with a
// spring-bone ponytail and takes pictures at fixed simulated times, from
// behind and to the side: the ponytail hangs at rest, swings out behind
// the shaking head and stays out of the head's collider. Spring bones
// step deterministically (fixed steps of the fixed tick).
func TestGoldenSpringHair(t *testing.T) {
	for _, frames := range []int{1, 21, 41} {
		t.Run(fmt.Sprint(frames), func(t *testing.T) {
			m, err := avatar.Load(ponytailVRM(t))
			if err != nil {
				t.Fatal(err)
			}
			if c := m.Springs.Counts(); c.Joints != 4 || c.Colliders != 1 {
				t.Fatalf("spring bones %+v, want the ponytail's 4 joints (the fifth bead is the tail) and the head collider", c)
			}
			l := Prepare("ponytail", m)
			l.Scene.Orbit = Orbit{Yaw: 2.75, Pitch: 0.15, Zoom: 1.6}
			if err := l.Scene.Char.PlayGesture("shake", 2); err != nil {
				t.Fatal(err)
			}
			img := shot(t, l, 320, 400, frames, true, false)
			checkGolden(t, fmt.Sprintf("vrm-ponytail-f%d", frames), img)
			if _, off := l.Scene.Char.SpringStats(); frames > 1 && off < 0.01 {
				t.Errorf("ponytail %.4f m from rest while the head shakes: not swinging", off)
			}
		})
	}
}
