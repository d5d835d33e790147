package engine

import "testing"

// BenchmarkOverlayCPU measures kin's own CPU work for one drawn frame of
// the default avatar in the desktop overlay (320×480) with the camera
// turning: idle motion and posing (skeleton, morphs, skinning), then
// Frame.Build; with the full meshes and with the levels of detail the
// game builds. The GPU is not involved.
func BenchmarkOverlayCPU(b *testing.B) {
	for _, lods := range []bool{false, true} {
		name := "full"
		if lods {
			name = "lod"
		}
		b.Run(name, func(b *testing.B) {
			s := loadScene(b, "rpm-visage-male.glb")
			if lods {
				s.Model.BuildLODs()
			}
			f := NewFrame(s.Pose)
			b.ReportAllocs()
			for b.Loop() {
				s.Step(1.0 / TickRate)
				s.Orbit.Yaw += 0.05
				cam := s.Camera(320.0 / 480)
				f.Build(s.Pose, &cam, 320, 480)
			}
		})
	}
}
