package engine

import (
	"image"
	"testing"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/kin-companion/kin/avatar"
)

// floorModel is a 2 m × 2 m unlit floor of two triangles, red at its near
// edge (+Z) fading to blue at its far edge, and a small white cube
// standing on it.
func floorModel() *avatar.Model {
	b := &sceneBuilder{m: &avatar.Model{Name: "floor"}}
	b.m.Materials = append(b.m.Materials, avatar.Material{BaseColor: [4]float32{1, 1, 1, 1}, AlphaCutoff: 0.5, Unlit: true, DoubleSided: true})
	up := mgl32.Vec3{0, 1, 0}
	b.add(avatar.Primitive{
		Positions: []mgl32.Vec3{{-1, 0, 1}, {1, 0, 1}, {1, 0, -1}, {-1, 0, -1}},
		Normals:   []mgl32.Vec3{up, up, up, up},
		Colors:    [][4]float32{{1, 0, 0, 1}, {1, 0, 0, 1}, {0, 0, 1, 1}, {0, 0, 1, 1}},
		Indices:   []uint32{0, 1, 2, 0, 2, 3},
	})
	b.sphere(mgl32.Vec3{0, 0.1, -0.6}, 0.1, b.material([4]float32{0.9, 0.9, 0.9, 1}))
	return b.m
}

// renderView draws a prepared model through cam into a w×h image.
func renderView(t *testing.T, l *Loaded, cam Camera, w, h int) *image.RGBA {
	t.Helper()
	_, _, dst := drawOnce(t, l, cam, w, h, nil)
	out := image.NewRGBA(image.Rect(0, 0, w, h))
	dst.ReadPixels(out.Pix)
	return out
}

// TestNearPlaneClip: a camera standing on the floor sees it from its feet
// to the far edge. Both floor triangles reach behind the camera, so without
// clipping at the near plane the floor would vanish; clipped, every pixel
// below the far edge is floor, red near and bluer with distance.
func TestNearPlaneClip(t *testing.T) {
	l := Prepare("floor", floorModel())
	const w, h = 320, 240
	cam := Camera{Target: mgl32.Vec3{0, 0.1, -0.5}, Distance: 1.1, Pitch: 0.25, FovY: 1.0}
	img := renderView(t, l, cam, w, h)
	checkGolden(t, "near-clip", img)
	v := cam.Resolve(w, h, mgl32.Vec3{-1, 0, -1}, mgl32.Vec3{1, 0.2, 1})
	_, farY, _ := v.Project(mgl32.Vec3{0, 0, -1})
	holes := 0
	for y := int(farY) + 12; y < h; y++ { // where the floor spans the width
		for x := range w {
			if x > w/2-40 && x < w/2+40 && y < h/2+20 {
				continue // the sphere
			}
			o := img.PixOffset(x, y)
			r, g, b := int(img.Pix[o]), int(img.Pix[o+1]), int(img.Pix[o+2])
			if r+b < 200 || g > 60 {
				holes++
			}
		}
	}
	if holes > 0 {
		t.Errorf("%d pixels below the floor's far edge (y > %.0f) are not floor: triangles crossing the near plane left holes", holes, farY)
	}
	bottom, top := img.PixOffset(w/2, h-1), img.PixOffset(w/2-60, int(farY)+4)
	if img.Pix[bottom] < img.Pix[bottom+2] || img.Pix[top] > img.Pix[top+2] {
		t.Errorf("floor colour: %v at the bottom, %v near the far edge; want red near, blue far", img.Pix[bottom:bottom+3], img.Pix[top:top+3])
	}
}
