package engine

import "testing"

// TestOnMonitor: remembered geometry that still fits stays as it was;
// geometry from a bigger or vanished screen comes back within reach.
func TestOnMonitor(t *testing.T) {
	cases := []struct {
		name    string
		in      Geometry
		overlay bool
		want    Geometry
	}{
		{"fits", Geometry{100, 100, 480, 720}, false, Geometry{100, 100, 480, 720}},
		{"pet peeking from the right edge", Geometry{1100, 500, 320, 480}, true, Geometry{1100, 500, 320, 480}},
		{"on a monitor to the right that is gone", Geometry{3000, 200, 320, 480}, true, Geometry{1280 - grabMargin, 200, 320, 480}},
		{"far above", Geometry{100, -2000, 320, 480}, true, Geometry{100, grabMargin - 480, 320, 480}},
		{"window title bar kept below the top", Geometry{100, -50, 480, 720}, false, Geometry{100, 0, 480, 720}},
		{"below the bottom", Geometry{100, 5000, 480, 720}, false, Geometry{100, 1024 - grabMargin, 480, 720}},
		{"bigger than the screen", Geometry{0, 0, 3000, 2000}, false, Geometry{0, 0, 1280, 1024}},
		{"far left", Geometry{-900, 10, 480, 720}, false, Geometry{grabMargin - 480, 10, 480, 720}},
	}
	for _, c := range cases {
		if got := onMonitor(c.in, 1280, 1024, c.overlay); got != c.want {
			t.Errorf("%s: onMonitor(%+v) = %+v, want %+v", c.name, c.in, got, c.want)
		}
	}
}

// TestDefaultGeometry: with nothing remembered, the overlay sits in the
// bottom-right corner and a window in the middle of the monitor, wholly on
// it; on a small screen the window shrinks to fit.
func TestDefaultGeometry(t *testing.T) {
	cases := []struct {
		name    string
		overlay bool
		mw, mh  int
		want    Geometry
	}{
		{"overlay", true, 1600, 1000, Geometry{X: 1600 - overlayW - 24, Y: 1000 - overlayH - 48, W: overlayW, H: overlayH}},
		{"window", false, 1600, 1000, Geometry{X: (1600 - windowW) / 2, Y: (1000 - windowH) / 2, W: windowW, H: windowH}},
		{"window on a laptop", false, 1366, 768, Geometry{X: (1366 - windowW) / 2, Y: 32, W: windowW, H: 704}},
		{"window on a tiny screen", false, 400, 300, Geometry{X: 0, Y: 32, W: 400, H: 236}},
	}
	for _, c := range cases {
		got := defaultGeometry(c.overlay, c.mw, c.mh)
		if got != c.want {
			t.Errorf("%s: %+v, want %+v", c.name, got, c.want)
		}
		if got.X < 0 || got.Y < 0 || got.X+got.W > c.mw || got.Y+got.H > c.mh {
			t.Errorf("%s: %+v is not wholly on a %dx%d monitor", c.name, got, c.mw, c.mh)
		}
	}
}
