package engine

import (
	"image"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
)

// TestStillFrameNotDrawn: a frame in which nothing moved visibly is not
// drawn (the target keeps the last one); a visible move, Invalidate, a
// new render scale or a texture level still decoding each make it draw.
func TestStillFrameNotDrawn(t *testing.T) {
	l := loadLoaded(t, "rpm-visage-male.glb")
	r, err := NewRenderer()
	if err != nil {
		t.Fatal(err)
	}
	s := l.Scene
	s.Step(0)
	mesh := r.Adopt(l)
	defer mesh.Dispose()
	dst := ebiten.NewImageWithOptions(image.Rect(0, 0, 240, 360), &ebiten.NewImageOptions{Unmanaged: true})
	defer dst.Deallocate()
	draw := func() bool {
		cam := s.Camera(240.0 / 360)
		return r.Draw(dst, mesh, s.Pose, &cam)
	}
	if !draw() {
		t.Fatal("the first frame was not drawn")
	}
	if draw() {
		t.Error("an identical frame was drawn")
	}
	s.Orbit.Yaw += 0.0001 // far below a pixel
	if draw() {
		t.Error("a frame that moved by a sliver of a pixel was drawn")
	}
	s.Orbit.Yaw += 0.2
	if !draw() {
		t.Error("a turned character was not drawn")
	}
	r.Invalidate()
	if !draw() {
		t.Error("not drawn after Invalidate")
	}
	r.Scale = 0.8
	if !draw() {
		t.Error("not drawn at a new render scale")
	}
	for _, tex := range mesh.textures {
		if tex != nil {
			tex.decoding = make(chan image.Image, 1)
			break
		}
	}
	if !draw() {
		t.Error("not drawn while a texture level decodes")
	}
	if r.Skipped != 2 {
		t.Errorf("Skipped = %d, want 2", r.Skipped)
	}
}
