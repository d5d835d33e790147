package engine

import (
	"bytes"
	"image"
	"image/color"
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"
)

// TestStillFrameNotDrawn: a frame in which nothing moved visibly is not
// drawn (the target keeps the last one); a visible move, Invalidate, a
// new render scale or a texture level still decoding each make it draw.
func TestStillFrameNotDrawn(t *testing.T) {
	st := newStillRig(t, 240, 360)
	r, s, mesh, draw := st.r, st.l.Scene, st.mesh, st.draw
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

// TestMotionAwareRate: slow motion is drawn at most every slowInterval,
// fast motion at once, motion below stillPixels never.
func TestMotionAwareRate(t *testing.T) {
	t0 := time.Unix(1000, 0)
	tests := []struct {
		name  string
		move  float32 // pixels the vertex moved since the last frame drawn
		after time.Duration
		scale float64
		want  bool
	}{
		{"still", 0.2, time.Second, 1, false},
		{"slow, soon after the last frame", 0.8, 40 * time.Millisecond, 1, false},
		{"slow, a while after", 0.8, slowInterval, 1, true},
		{"fast", 1.2, 10 * time.Millisecond, 1, true},
		{"0.6 render pixels at half scale are 1.2 on screen: fast", 0.6, 40 * time.Millisecond, 0.5, true},
		{"0.4 render pixels at half scale: slow", 0.4, 40 * time.Millisecond, 0.5, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			now := t0
			r := &Renderer{now: func() time.Time { return now }}
			f := &Frame{Verts: []ebiten.Vertex{{DstX: 10, DstY: 20}, {DstX: 30, DstY: 40}}}
			r.remember(f, r.clock())
			f.Verts[1].DstY += tc.move
			now = now.Add(tc.after)
			if got := r.due(f, tc.scale, r.clock()); got != tc.want {
				t.Errorf("moved %v px after %v at scale %v: due = %v, want %v", tc.move, tc.after, tc.scale, got, tc.want)
			}
		})
	}
}

// TestResting: after a frame that moved slowly the renderer rests (the
// game skips posing) until slowInterval has passed; fast motion, a new
// camera or Forget end it; Invalidate does not.
func TestResting(t *testing.T) {
	now := time.Unix(1000, 0)
	r := &Renderer{now: func() time.Time { return now }}
	f := &Frame{Verts: []ebiten.Vertex{{DstX: 10, DstY: 20}}}
	r.remember(f, now)
	cam := Camera{Distance: 2, FovY: 0.6}
	r.slowCam = cam
	f.Verts[0].DstY += 0.5
	r.due(f, 1, now)
	if !r.Resting() || !r.resting(&cam) {
		t.Fatal("not resting after slow motion")
	}
	turned := cam
	turned.Yaw += 0.01
	if r.resting(&turned) {
		t.Error("resting through a turned camera")
	}
	r.Invalidate()
	if !r.Resting() {
		t.Error("not resting after Invalidate: a repaint needs no new pose")
	}
	r.Forget()
	if r.Resting() {
		t.Error("resting after Forget")
	}
	r.full, r.stale = false, false
	now = now.Add(slowInterval)
	if r.Resting() {
		t.Error("still resting after slowInterval")
	}
	f.Verts[0].DstY += 1
	r.due(f, 1, now)
	if r.Resting() {
		t.Error("resting after fast motion")
	}
}

// TestRepaintWithoutRendering: a target painted over while the character
// stands still is repainted from the colour buffer (the final pass alone),
// pixel for pixel the frame it showed; Forget renders it anew.
func TestRepaintWithoutRendering(t *testing.T) {
	const w, h = 240, 360
	st := newStillRig(t, w, h)
	r, s, dst, draw := st.r, st.l.Scene, st.dst, st.draw
	if !draw() {
		t.Fatal("the first frame was not drawn")
	}
	want := make([]byte, 4*w*h)
	dst.ReadPixels(want)
	dst.Fill(color.RGBA{255, 0, 255, 255}) // text or a glow painted over it
	r.Invalidate()
	if !draw() {
		t.Fatal("not repainted after Invalidate")
	}
	if r.Drawn != 1 || r.Repainted != 1 {
		t.Errorf("Drawn, Repainted = %d, %d after Invalidate; want 1, 1 (repainted, not rendered)", r.Drawn, r.Repainted)
	}
	got := make([]byte, 4*w*h)
	dst.ReadPixels(got)
	if !bytes.Equal(got, want) {
		t.Error("the repainted target differs from the frame it showed")
	}
	r.Forget()
	if !draw() || r.Drawn != 2 {
		t.Errorf("Drawn = %d after Forget, want 2 (rendered anew)", r.Drawn)
	}
	s.Orbit.Yaw += 0.2
	r.Invalidate()
	if !draw() || r.Drawn != 3 || r.Repainted != 1 {
		t.Errorf("Drawn, Repainted = %d, %d after a turn; want 3, 1", r.Drawn, r.Repainted)
	}
}

// stillRig is a renderer with the default avatar at rest and a w×h target.
type stillRig struct {
	l    *Loaded
	r    *Renderer
	mesh *Mesh
	dst  *ebiten.Image
}

func newStillRig(t *testing.T, w, h int) *stillRig {
	t.Helper()
	l := loadLoaded(t, "rpm-visage-male.glb")
	r, err := NewRenderer()
	if err != nil {
		t.Fatal(err)
	}
	l.Scene.Step(0)
	st := &stillRig{l: l, r: r, mesh: r.Adopt(l)}
	st.dst = ebiten.NewImageWithOptions(image.Rect(0, 0, w, h), &ebiten.NewImageOptions{Unmanaged: true})
	t.Cleanup(func() { st.mesh.Dispose(); st.dst.Deallocate() })
	return st
}

// draw draws the scene as it is through its camera, reporting whether it
// drew.
func (st *stillRig) draw() bool {
	b := st.dst.Bounds()
	cam := st.l.Scene.Camera(float32(b.Dx()) / float32(b.Dy()))
	return st.r.Draw(st.dst, st.mesh, st.l.Scene.Pose, &cam)
}
