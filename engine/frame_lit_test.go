package engine

import (
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
)

// TestProjectLitMatchesLightVertex: the lit primitives' vertices that
// projectLit writes are, bit for bit, those project writes through
// lightVertex, from several angles and a camera close enough to clip.
func TestProjectLitMatchesLightVertex(t *testing.T) {
	s := loadScene(t, "rpm-visage-male.glb")
	f := NewFrame(s.Pose)
	lit := 0
	for i, zoom := range []float32{1, 0.3, 0.05} {
		s.Orbit.Yaw, s.Orbit.Zoom = 0.9*float32(i), zoom
		cam := s.Camera(480.0 / 720)
		f.Build(s.Pose, &cam, 480, 720)
		for k := range f.prims {
			pi := &f.prims[k]
			if !pi.lit {
				continue
			}
			lit++
			posed := &s.Pose.Instances[pi.inst].Prims[pi.prim]
			fast := append([]ebiten.Vertex(nil), f.Verts[pi.base:pi.base+pi.nverts]...)
			fastZ := append([]float32(nil), f.z[pi.base:pi.base+pi.nverts]...)
			extFast := f.projectLit(pi, posed)
			if ext := f.project(pi, posed); ext != extFast {
				t.Fatalf("zoom %g, primitive %d: extent %+v, want %+v", zoom, k, extFast, ext)
			}
			for v := range fast {
				if fastZ[v] != f.z[pi.base+v] {
					t.Fatalf("zoom %g, primitive %d, vertex %d: depth %g, want %g", zoom, k, v, fastZ[v], f.z[pi.base+v])
				}
				if fastZ[v] >= f.View.NearClip && fast[v] != f.Verts[pi.base+v] {
					t.Fatalf("zoom %g, primitive %d, vertex %d:\n%+v\nwant\n%+v", zoom, k, v, fast[v], f.Verts[pi.base+v])
				}
			}
		}
	}
	if lit == 0 {
		t.Fatal("no primitive lit per vertex")
	}
}
