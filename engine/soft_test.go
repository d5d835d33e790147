package engine

import (
	"image"
	"image/color"
	"reflect"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/kin-companion/kin/raster"
)

// TestRasterVertexLayout: raster.Vertex has ebiten.Vertex's fields, in the
// same order, at the same offsets, so the frame's vertices are read in
// place (rasterVerts), and a vertex read that way has the same values.
func TestRasterVertexLayout(t *testing.T) {
	e, r := reflect.TypeFor[ebiten.Vertex](), reflect.TypeFor[raster.Vertex]()
	if e.Size() != r.Size() || e.NumField() != r.NumField() {
		t.Fatalf("ebiten.Vertex is %d bytes in %d fields, raster.Vertex %d in %d", e.Size(), e.NumField(), r.Size(), r.NumField())
	}
	for i := range e.NumField() {
		ef, rf := e.Field(i), r.Field(i)
		if ef.Name != rf.Name || ef.Offset != rf.Offset || ef.Type.Kind() != rf.Type.Kind() {
			t.Errorf("field %d: ebiten %s at %d (%v), raster %s at %d (%v)", i, ef.Name, ef.Offset, ef.Type, rf.Name, rf.Offset, rf.Type)
		}
	}
	v := []ebiten.Vertex{{DstX: 1, DstY: 2, SrcX: 3, SrcY: 4, ColorR: 5, ColorG: 6, ColorB: 7, ColorA: 8, Custom0: 9, Custom1: 10, Custom2: 11, Custom3: 12}}
	want := raster.Vertex{DstX: 1, DstY: 2, SrcX: 3, SrcY: 4, ColorR: 5, ColorG: 6, ColorB: 7, ColorA: 8, Custom0: 9, Custom1: 10, Custom2: 11, Custom3: 12}
	if got := rasterVerts(v); len(got) != 1 || got[0] != want {
		t.Errorf("read in place: %+v, want %+v", got, want)
	}
}

// TestSoftRenderDoesNotAllocate: drawing a frame on the CPU, the
// engine's part (lights, draws, texture levels, the raster) allocates
// nothing once the first frame is drawn; only Ebitengine's upload of the
// pixels does.
func TestSoftRenderDoesNotAllocate(t *testing.T) {
	br := newBenchRig(&testing.B{}, benchSizes[0])
	br.r.Backend = BackendCPU
	for range 3 {
		br.frame()
	}
	region := br.mesh.Frame.Bounds
	if n := testing.AllocsPerRun(20, func() { br.r.softRender(br.mesh, region) }); n != 0 {
		t.Errorf("a CPU frame allocates %v times", n)
	}
}

// TestCPULevelsAfterDrop: the CPU renderer's texture levels behave as the
// GPU's: a coarser level is halved from a finer one without the source,
// and a finer one, once the source is dropped, is decoded off the game
// loop while the coarser level is drawn.
func TestCPULevelsAfterDrop(t *testing.T) {
	img, file := checker(t)
	tex := newTexture(img, file)
	defer tex.dispose()
	l1 := tex.cpuLevel(1)
	if !tex.drop() {
		t.Fatal("drop kept the source although the file can bring it back")
	}
	l2 := tex.cpuLevel(2)
	if l2.W != 16 || tex.decoding != nil || tex.src != nil {
		t.Fatalf("level 2 is %d wide (want 16), halved from level 1 without decoding", l2.W)
	}
	if got := tex.cpuLevel(0); got != l1 {
		t.Fatal("while decoding, level 0 should be drawn with the built level 1")
	}
	l0 := awaitLevel(t, func() *raster.Image { return tex.cpuLevel(0) }, l1)
	if l0.W != 64 || l0.Pix[0] != 0xffffffff || l0.Pix[1] != 0xff000000 {
		t.Errorf("level 0 is %d wide with texels %#x %#x, want 64, white then black", l0.W, l0.Pix[0], l0.Pix[1])
	}
}

// TestWholeRepaintRendersTheCharacterOnly: a frame that must repaint its
// whole target (text was drawn over the last one) renders only the
// character's rectangles anew and composites the rest from the colour
// buffer, and shows what a frame rendered whole shows, on either backend.
func TestWholeRepaintRendersTheCharacterOnly(t *testing.T) {
	for _, b := range []Backend{BackendCPU, BackendGPU} {
		br := newBenchRig(&testing.B{}, benchSizes[0])
		br.r.Backend = b
		for range 3 {
			br.frame()
		}
		br.dst.Fill(color.RGBA{255, 0, 0, 255}) // text over the last frame, say
		br.r.WholeIfDrawn = true
		br.frame()
		got := readBack(br.dst)
		if b == BackendCPU {
			if rect, all := br.r.sw.t.Rect, br.r.cbuf.Bounds(); !rect.In(all) || rect.Dx()*rect.Dy() >= all.Dx()*all.Dy()*3/4 {
				t.Errorf("cpu: rendered %v of the colour buffer's %v", rect, all)
			}
		}
		s := br.l.Scene
		cam := s.Camera(float32(br.dst.Bounds().Dx()) / float32(br.dst.Bounds().Dy()))
		br.r.Forget() // the same frame, rendered whole
		br.r.Draw(br.dst, br.mesh, s.Pose, &cam)
		want := readBack(br.dst)
		if p, ok := differs(got, want, image.Rectangle{}, 1); ok {
			t.Fatalf("%v: at %v %v, rendered whole %v", b, p, got.RGBAAt(p.X, p.Y), want.RGBAAt(p.X, p.Y))
		}
	}
}
