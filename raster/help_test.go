package raster

import (
	"bytes"
	"image"
	"sync"
	"testing"
)

// TestHelpSamePicture: a frame whose bands Help draws, wholly or in part
// and from other goroutines, is the frame Render draws; Help reports a
// frame only between Begin and Finish.
func TestHelpSamePicture(t *testing.T) {
	draws, l := avatarScene(240, 360, 20000, true)
	rect := image.Rect(0, 0, 240, 360)
	var want Target
	want.Reset(rect)
	(&Renderer{Workers: 1}).Render(&want, draws, l)

	cases := []struct {
		name    string
		helpers int  // goroutines calling Help while Finish runs
		first   bool // Help on the caller's goroutine before Finish: it draws every band
	}{
		{"help draws all", 0, true},
		{"one helper", 1, false},
		{"three helpers", 3, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := &Renderer{Workers: 2}
			if r.Help() {
				t.Fatal("Help before Begin reported a frame")
			}
			for range 4 {
				var got Target
				got.Reset(rect)
				r.Begin(&got, draws, l)
				if c.first && !r.Help() {
					t.Fatal("Help after Begin reported no frame")
				}
				var wg sync.WaitGroup
				for range c.helpers {
					wg.Go(func() { r.Help() })
				}
				r.Finish()
				if !bytes.Equal(got.Pix, want.Pix) {
					t.Fatal("colours differ from Render's")
				}
				for i := range got.z {
					if got.z[i] != want.z[i] {
						t.Fatalf("depth %d differs from Render's", i)
					}
				}
				wg.Wait()
			}
			if r.Help() {
				t.Fatal("Help after Finish reported a frame")
			}
		})
	}
}
