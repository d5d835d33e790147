package engine

import (
	"fmt"
	"image"
	"math"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/kin-companion/kin/avatar"
)

// TestBubbleBesideTheHead: kin's reply stands beside its head, never over
// the face or the hair, whichever way the camera has turned the head — in
// profile the face reaches far to one side — in the default window, the
// overlay and a tall window; and inside the screen.
func TestBubbleBesideTheHead(t *testing.T) {
	g := speakingGame(t)
	s := g.scene
	all := s.Pose.BoneVertices(avatar.BoneHead, math.MaxInt32)
	if len(all) < 1000 {
		t.Fatalf("the head has %d vertices", len(all))
	}
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

// TestBubbleStaysOnItsSide: while the character breathes and sways for
// three seconds, the bubble stays on one side of its head, its text is not
// rewrapped back and forth, and it moves seldom (each move paints it
// again), seen from the front and in profile.
func TestBubbleStaysOnItsSide(t *testing.T) {
	g := speakingGame(t)
	s := g.scene
	w, h := g.Layout(480, 720)
	for _, yaw := range []float32{0, math.Pi / 2, -math.Pi / 2} {
		s.Orbit.Yaw = yaw
		sides, widths := map[bool]bool{}, []float64(nil) // the widths it took in turn
		moves, last := 0, struct{ X, Y float64 }{}
		cam := s.Camera(float32(w) / float32(h))
		g.bubble(ptr(cam.Resolve(w, h, s.Pose.Min, s.Pose.Max)), w, h) // the camera turned: laid out anew
		for range 3 * TickRate {
			s.Step(1.0 / TickRate)
			cam := s.Camera(float32(w) / float32(h))
			v := cam.Resolve(w, h, s.Pose.Min, s.Pose.Max)
			x, _, _ := g.headScreen(&v, float64(w), float64(h))
			box := g.bubble(&v, w, h)
			sides[box.at.X > x] = true
			if n := len(widths); n > 0 && widths[len(widths)-1] != box.w || n == 0 {
				widths = append(widths, box.w)
			}
			if box.at != last {
				moves++
			}
			last = box.at
		}
		if len(sides) > 1 || len(widths) > 2 || moves > 3*TickRate/10 {
			t.Errorf("yaw %.1f: the bubble took %d sides and the widths %v in turn, and moved %d times in three seconds", yaw, len(sides), widths, moves)
		}
	}
}

// TestBubbleWidthHolds: a head swaying back and forth across the place
// where the room beside it crosses a step of the bubble's width does not
// rewrap the text each time.
func TestBubbleWidthHolds(t *testing.T) {
	g := speakingGame(t)
	s := g.scene
	w, h := g.Layout(480, 720)
	layout := func(yaw float32) float64 {
		s.Orbit.Yaw = yaw
		cam := s.Camera(float32(w) / float32(h))
		return g.bubble(ptr(cam.Resolve(w, h, s.Pose.Min, s.Pose.Max)), w, h).w
	}
	// A yaw where a slightly different one, laid out afresh, narrows the
	// bubble by a step.
	edge := float32(-1)
	for yaw := float32(0.6); yaw < 2.6 && edge < 0; yaw += 0.002 {
		g.chat.narrowed.w = 0
		a := layout(yaw)
		g.chat.narrowed.w = 0
		if layout(yaw+0.002) != a {
			edge = yaw
		}
	}
	if edge < 0 {
		t.Fatal("no yaw narrows the bubble")
	}
	var widths []float64
	for i := range 20 {
		box := layout(edge + 0.002*float32(i%2))
		if len(widths) == 0 || widths[len(widths)-1] != box {
			widths = append(widths, box)
		}
	}
	if len(widths) > 2 {
		t.Errorf("swaying about yaw %.3f the bubble took the widths %v in turn", edge, widths)
	}
}

// speakingGame is the default character in a window, a reply of a few
// lines in its bubble.
func speakingGame(t *testing.T) *Game {
	t.Helper()
	g, err := NewGame(Options{Model: loadModel(t, "rpm-visage-male.glb")})
	if err != nil {
		t.Fatal(err)
	}
	g.chat.say("Here is what I found: the **meeting** moved to Thursday at ten, and the notes are in `notes.md`.")
	return g
}

// TestBubbleBelowTopNotice: while the chat is open and a notice shows at
// the top of the window, the bubble starts below the notice's box.
func TestBubbleBelowTopNotice(t *testing.T) {
	g := speakingGame(t)
	s := g.scene
	w, h := g.Layout(480, 720)
	cam := s.Camera(float32(w) / float32(h))
	v := cam.Resolve(w, h, s.Pose.Min, s.Pose.Max)
	fb := g.bubble(&v, w, h)
	free := fb.rect()
	screen := ebiten.NewImage(w, h)
	g.chat.focused = true
	notice := strings.Repeat("No language model is connected, so I can only emote for now. ", 6)
	g.chat.floor = g.noticeFloor(screen, notice)
	_, y0, boxH := g.ui.messageBox(notice, float64(w), float64(h), true)
	if g.chat.floor < y0+boxH || free.Min.Y >= int(y0+boxH) {
		t.Fatalf("floor %.0f, notice %.0f to %.0f, free bubble at %v: the case tests nothing", g.chat.floor, y0, y0+boxH, free)
	}
	bb := g.bubble(&v, w, h)
	b := bb.rect()
	if float64(b.Min.Y) < y0+boxH {
		t.Errorf("the bubble %v starts above the notice's bottom %.0f", b, y0+boxH)
	}
	g.chat.focused, g.chat.floor = false, 0
	if got := g.noticeFloor(screen, notice); got != 0 {
		t.Errorf("with the chat closed the notice is at the bottom: floor %.0f", got)
	}
}
