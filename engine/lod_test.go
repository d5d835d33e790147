package engine

import (
	"image"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
)

// TestLODPicture: with its levels of detail the default avatar is drawn
// with far fewer triangles in a small window and looks the same: at most
// a few pixels along edges differ from the full meshes' picture.
func TestLODPicture(t *testing.T) {
	for _, size := range []image.Point{{320, 480}, {480, 720}} {
		t.Run(sizeName(size), func(t *testing.T) {
			full, fullTris := lodShot(t, size, false)
			lod, lodTris := lodShot(t, size, true)
			if lodTris > fullTris*3/4 {
				t.Errorf("%d triangles drawn with levels of detail, %d without: want at most three quarters", lodTris, fullTris)
			}
			bad, char := 0, 0
			for i := 0; i < len(full.Pix); i += 4 {
				if full.Pix[i+3] > 0 {
					char++
				}
				for c := range 4 {
					if d := int(full.Pix[i+c]) - int(lod.Pix[i+c]); d > 40 || d < -40 {
						bad++
						break
					}
				}
			}
			t.Logf("%s: %d → %d triangles; %d of %d character pixels differ by more than 40/255", sizeName(size), fullTris, lodTris, bad, char)
			if bad > char/100 {
				t.Errorf("%d pixels differ, more than 1%% of the character's %d", bad, char)
			}
		})
	}
}

// lodShot draws the default avatar at rest into a size target, with or
// without its levels of detail, returning the picture and the triangles
// drawn.
func lodShot(t *testing.T, size image.Point, lods bool) (*image.RGBA, int) {
	l := loadLoaded(t, "rpm-visage-male.glb")
	if lods {
		l.Scene.Model.BuildLODs()
	}
	r, err := NewRenderer()
	if err != nil {
		t.Fatal(err)
	}
	r.Transparent = true
	l.Scene.Step(0)
	mesh := r.Adopt(l)
	defer mesh.Dispose()
	dst := ebiten.NewImage(size.X, size.Y)
	defer dst.Deallocate()
	cam := l.Scene.Camera(float32(size.X) / float32(size.Y))
	r.Draw(dst, mesh, l.Scene.Pose, &cam)
	tris := 0
	for _, d := range mesh.Frame.Draws {
		tris += len(d.Indices) / 3
	}
	return readBack(dst), tris
}

// BenchmarkRenderFrameLOD is BenchmarkRenderFrame with the default
// avatar's levels of detail built, as the game builds them: the overlay's
// size and the window's.
func BenchmarkRenderFrameLOD(b *testing.B) {
	for _, size := range []image.Point{{320, 480}, {480, 720}, {720, 1280}} {
		for _, lods := range []bool{false, true} {
			name := sizeName(size) + "/full"
			if lods {
				name = sizeName(size) + "/lod"
			}
			b.Run(name, func(b *testing.B) {
				br := newBenchRig(b, size)
				if lods {
					br.l.Scene.Model.BuildLODs()
				}
				for range 10 {
					br.frame()
				}
				cpu := startCPU(b)
				for b.Loop() {
					br.frame()
				}
				cpu.report(b)
			})
		}
	}
}
