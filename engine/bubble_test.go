package engine

import (
	"fmt"
	"image"
	"math"
	"testing"

	"github.com/kin-companion/kin/avatar"
)

// TestBubbleBesideTheHead: kin's reply stands beside its head, never over
// the face or the hair, whichever way the camera has turned the head — in
// profile the face reaches far to one side — in the default window, the
// overlay and a tall window; and inside the screen.
func TestBubbleBesideTheHead(t *testing.T) {
	g, err := NewGame(Options{Model: loadModel(t, "rpm-visage-male.glb")})
	if err != nil {
		t.Fatal(err)
	}
	s := g.scene
	all := s.Pose.BoneVertices(avatar.BoneHead, math.MaxInt32)
	if len(all) < 1000 {
		t.Fatalf("the head has %d vertices", len(all))
	}
	g.chat.say("Here is what I found: the **meeting** moved to Thursday at ten, and the notes are in `notes.md`.")
	for _, size := range []image.Point{{480, 720}, {320, 480}, {720, 1280}} {
		for _, yaw := range []float32{0, 0.8, -0.8, math.Pi / 2, -math.Pi / 2, 2.4, math.Pi} {
			t.Run(fmt.Sprintf("%dx%d yaw %.1f", size.X, size.Y, yaw), func(t *testing.T) {
				w, h := g.Layout(size.X, size.Y)
				s.Orbit.Yaw = yaw
				cam := s.Camera(float32(w) / float32(h))
				v := cam.Resolve(w, h, s.Pose.Min, s.Pose.Max)
				var head image.Rectangle
				for _, r := range all {
					x, y, _ := v.Project(s.Pose.Instances[r.Inst].Prims[r.Prim].Positions[r.V])
					head = head.Union(image.Rect(int(x), int(y), int(x)+1, int(y)+1))
				}
				box := g.bubble(&v, w, h)
				b := box.rect()
				if b.Overlaps(head) {
					t.Errorf("the bubble %v covers the head %v", b, head)
				}
				if !b.Inset(1).In(image.Rect(0, 0, w, h)) {
					t.Errorf("the bubble %v leaves the %dx%d screen", b, w, h)
				}
			})
		}
	}
}
