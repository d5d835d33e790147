package raster

import (
	"encoding/gob"
	"image"
	"image/png"
	"os"
	"testing"
)

type dumpFrame struct {
	Rect   [4]int
	Lights Lights
	Draws  []dumpDraw
	Mats   []Material
	Imgs   []Image
}
type dumpDraw struct {
	Verts      []Vertex
	Indices    []uint32
	Mat        int
	Base, Emit int
}

func loadDump(tb testing.TB) (image.Rectangle, []Draw, *Lights) {
	f, err := os.Open("/tmp/frame.gob")
	if err != nil {
		tb.Skip(err)
	}
	defer f.Close()
	var d dumpFrame
	if err := gob.NewDecoder(f).Decode(&d); err != nil {
		tb.Fatal(err)
	}
	var draws []Draw
	for _, dd := range d.Draws {
		dr := Draw{Verts: dd.Verts, Indices: dd.Indices, Mat: &d.Mats[dd.Mat]}
		if dd.Base >= 0 {
			dr.Base = &d.Imgs[dd.Base]
		}
		if dd.Emit >= 0 {
			dr.Emit = &d.Imgs[dd.Emit]
		}
		draws = append(draws, dr)
	}
	return image.Rect(d.Rect[0], d.Rect[1], d.Rect[2], d.Rect[3]), draws, &d.Lights
}

func BenchmarkZZFrame(b *testing.B) {
	rect, draws, l := loadDump(b)
	r := &Renderer{Workers: 1}
	var t Target
	b.ReportAllocs()
	for b.Loop() {
		t.Reset(rect)
		r.Render(&t, draws, l)
	}
}

func TestZZFrame(t *testing.T) {
	rect, draws, l := loadDump(t)
	r := &Renderer{Workers: 1}
	var tg Target
	tg.Reset(rect)
	r.Render(&tg, draws, l)
	f, _ := os.Create("/tmp/zzframe.png")
	png.Encode(f, tg.RGBA())
	f.Close()
}
