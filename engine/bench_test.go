package engine

import (
	"image"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
)

// BenchmarkRenderCPU measures the CPU side of a frame of the default avatar
// at 720×1280: projection, culling, sorting and buffer building (posing is
// the avatar package's and is not included).
func BenchmarkRenderCPU(b *testing.B) {
	s := loadScene(b, "rpm-visage-male.glb")
	f := NewFrame(s.Pose)
	cam := s.Camera(720.0 / 1280)
	b.ReportAllocs()
	for b.Loop() {
		f.Build(s.Pose, &cam, 720, 1280)
	}
}

// BenchmarkPose measures posing the default avatar with idle motion and a
// blink (avatar skinning plus the engine's idle), for comparison.
func BenchmarkPose(b *testing.B) {
	s := loadScene(b, "rpm-visage-male.glb")
	b.ReportAllocs()
	for b.Loop() {
		s.Step(1.0 / TickRate)
	}
}

// BenchmarkRenderFrame measures a whole frame on the GPU (llvmpipe under
// Xvfb), synchronised by reading one pixel back each iteration.
func BenchmarkRenderFrame(b *testing.B) {
	for _, size := range []image.Point{{480, 720}, {720, 1280}} {
		b.Run(sizeName(size), func(b *testing.B) {
			l := loadLoaded(b, "rpm-visage-male.glb")
			r, err := NewRenderer()
			if err != nil {
				b.Fatal(err)
			}
			mesh := r.Adopt(l)
			defer mesh.Dispose()
			dst := ebiten.NewImage(size.X, size.Y)
			defer dst.Deallocate()
			px := make([]byte, 4)
			frame := func() {
				l.Scene.Step(1.0 / TickRate)
				cam := l.Scene.Camera(float32(size.X) / float32(size.Y))
				r.Draw(dst, mesh, l.Scene.Pose, &cam)
				dst.SubImage(image.Rect(0, 0, 1, 1)).(*ebiten.Image).ReadPixels(px)
			}
			for range 10 { // let llvmpipe compile its shader variants
				frame()
			}
			for b.Loop() {
				frame()
			}
		})
	}
}

func sizeName(p image.Point) string {
	return itoa(p.X) + "x" + itoa(p.Y)
}

func itoa(i int) string {
	if i == 0 {
		return "0"
	}
	var b [20]byte
	n := len(b)
	for ; i > 0; i /= 10 {
		n--
		b[n] = byte('0' + i%10)
	}
	return string(b[n:])
}
