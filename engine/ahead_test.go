package engine

import (
	"image"
	"testing"
)

// TestRasterAhead: with Ahead, frames drawn on the CPU are rastered on the
// raster-ahead thread while the target shows the frame before; the
// renderer is not resting while a frame waits to be shown; and once the
// character stops, the next Draw shows the last frame, the very picture a
// Draw without Ahead makes of it.
func TestRasterAhead(t *testing.T) {
	br := newBenchRig(&testing.B{}, benchSizes[0])
	br.r.Backend = BackendCPU
	for range 3 {
		br.frame()
	}
	br.r.Ahead = true
	var before *image.RGBA
	for range 5 {
		before = readBack(br.dst)
		br.frame()
		if !br.r.ahead.busy {
			t.Fatal("a frame drawn with Ahead was not rastered ahead")
		}
		if br.r.Resting() {
			t.Fatal("resting while a frame rastered ahead waits to be shown")
		}
	}
	if _, ok := differs(readBack(br.dst), before, image.Rectangle{}, 0); !ok {
		t.Fatal("the target did not change from one frame drawn ahead to the next")
	}
	s := br.l.Scene
	cam := s.Camera(float32(br.dst.Bounds().Dx()) / float32(br.dst.Bounds().Dy()))
	br.r.Draw(br.dst, br.mesh, s.Pose, &cam) // nothing moved: the last frame lands
	if br.r.ahead.busy {
		t.Fatal("a still frame was rastered ahead")
	}
	got := readBack(br.dst)
	if want := br.r.outRect(br.r.lastRect, 1, br.dst.Bounds(), shownMargin); br.r.Shown() != want {
		t.Errorf("Shown() = %v once the last frame landed, want %v", br.r.Shown(), want)
	}
	br.r.Ahead = false
	br.r.Forget() // the same frame, rendered whole in the game loop
	br.r.Draw(br.dst, br.mesh, s.Pose, &cam)
	want := readBack(br.dst)
	if p, ok := differs(got, want, image.Rectangle{}, 0); ok {
		t.Fatalf("at %v the landed frame shows %v, rendered in the loop %v", p, got.RGBAAt(p.X, p.Y), want.RGBAAt(p.X, p.Y))
	}
}
