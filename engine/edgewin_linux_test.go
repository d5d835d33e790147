//go:build linux

package engine

import (
	"image"
	"os/exec"
	"strconv"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/jezek/xgb/xproto"
	"github.com/kin-companion/kin/agent/protocol"
)

// TestGlowOnCPU: the glow painted on the CPU for its own window looks as
// glow.kage draws it in a canvas, at three energies and two states.
func TestGlowOnCPU(t *testing.T) {
	const w, h = 640, 120
	for _, tc := range []struct {
		state  string
		energy float64
	}{{"speaking", 0.15}, {"speaking", 0.5}, {"listening", 1}} {
		gl := glow{energy: tc.energy, tint: glowTints[tc.state]}
		img := ebiten.NewImage(w, h)
		gl.draw(img, 1, 3.7) // the band is min(120, h) high: the whole image
		want := make([]byte, 4*w*h)
		img.ReadPixels(want)
		img.Deallocate()
		got := make([]byte, 4*w*h)
		gl.paint(got, w, h, 3.7, make([]float32, 4*h), make([]byte, w))
		worst, at := 0, 0
		for i := 0; i < len(got); i += 4 {
			bgra, rgba := got[i:i+4], want[i:i+4]
			for c, k := range [4]int{2, 1, 0, 3} { // RGBA from BGRA
				if d := abs(int(bgra[k]) - int(rgba[c])); d > worst {
					worst, at = d, i/4
				}
			}
		}
		if worst > 2 {
			t.Errorf("%s at %.2f: the CPU glow differs from the shader's by %d/255 at (%d, %d)", tc.state, tc.energy, worst, at%w, at/w)
		}
		if mid := got[4*(w*(h-3)+w/2)+3]; mid < 15 {
			t.Errorf("%s at %.2f: the band's middle near the edge has alpha %d; the glow does not show", tc.state, tc.energy, mid)
		}
	}
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// TestEdgeWindow: under a real X server the glow's window spans the bottom
// of the screen, holds the glow's pixels, lets the pointer through to
// what is below and goes away when hidden.
func TestEdgeWindow(t *testing.T) {
	for _, sent := range []bool{false, true} {
		name := "shared memory"
		if sent {
			name = "pixels sent"
		}
		t.Run(name, func(t *testing.T) { testEdgeWindow(t, sent) })
	}
}

// testEdgeWindow is TestEdgeWindow with the pixels in memory shared with
// the X server, or sent with PutImage (as to a remote display).
func testEdgeWindow(t *testing.T, sent bool) {
	e, err := openEdgeWindow()
	if err != nil {
		t.Skipf("no edge window here: %v", err)
	}
	defer e.close()
	e.noShm = sent
	gl := glow{energy: 0.8, tint: glowTints["speaking"]}
	const h = 100
	if err := e.show(&gl, "", h, 2); err != nil {
		t.Fatal(err)
	}
	if (e.shared != nil) == sent {
		t.Errorf("shared memory in use: %v; want %v (a local X server)", e.shared != nil, !sent)
	}
	c := e.conn
	scr := xproto.Setup(c).DefaultScreen(c)
	sw, sh := int(scr.WidthInPixels), int(scr.HeightInPixels)
	geo, err := xproto.GetGeometry(c, xproto.Drawable(e.win)).Reply()
	if err != nil {
		t.Fatal(err)
	}
	if got, want := image.Rect(int(geo.X), int(geo.Y), int(geo.X)+int(geo.Width), int(geo.Y)+int(geo.Height)), image.Rect(0, sh-h, sw, sh); got != want {
		t.Errorf("the glow's window is at %v, want %v (the screen's bottom edge)", got, want)
	}
	img, err := xproto.GetImage(c, xproto.ImageFormatZPixmap, xproto.Drawable(e.win), 0, 0, uint16(sw), h, ^uint32(0)).Reply()
	if err != nil {
		t.Fatal(err)
	}
	want := make([]byte, 4*sw*h)
	gl.paint(want, sw, h, 2, make([]float32, 4*h), make([]byte, sw))
	if string(img.Data) != string(want) {
		i := 4 * (sw*(h-2) + sw/2)
		t.Errorf("the window does not hold the glow's pixels: %d bytes, want %d; near the bottom middle % x, want % x (depth %d)",
			len(img.Data), len(want), img.Data[i:i+4], want[i:i+4], img.Depth)
	}
	if out, err := exec.Command("xdotool", "mousemove", strconv.Itoa(sw/2), strconv.Itoa(sh-h/2), "getmouselocation", "--shell").Output(); err != nil {
		t.Logf("xdotool: %v (pointer check skipped)", err)
	} else if id := shellValue(string(out), "WINDOW"); id == strconv.Itoa(int(e.win)) {
		t.Errorf("the pointer over the glow is on its window (%s); it should pass through", id)
	}
	e.hide()
	attr, err := xproto.GetWindowAttributes(c, e.win).Reply()
	if err != nil {
		t.Fatal(err)
	}
	if attr.MapState != xproto.MapStateUnmapped {
		t.Error("the glow's window still shows after hide")
	}
}

// shellValue is KEY's value in xdotool's --shell output.
func shellValue(out, key string) string {
	for _, ln := range strings.Fields(out) {
		if k, v, ok := strings.Cut(ln, "="); ok && k == key {
			return v
		}
	}
	return ""
}

// BenchmarkEdgeGlow is one frame of the glow's own window on a 1920-pixel
// wide monitor: painting the band and showing it (shared memory, one
// round trip to the X server).
func BenchmarkEdgeGlow(b *testing.B) {
	e, err := openEdgeWindow()
	if err != nil {
		b.Skipf("no edge window here: %v", err)
	}
	defer e.close()
	gl := glow{energy: 0.7, tint: glowTints["speaking"]}
	now := 0.0
	for b.Loop() {
		now += 1.0 / ambientRate
		if err := e.show(&gl, "", glowBandDIP, now); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkGlowPaint is painting the band alone, 1920×120 pixels.
func BenchmarkGlowPaint(b *testing.B) {
	const w, h = 1920, glowBandDIP
	gl := glow{energy: 0.7, tint: glowTints["speaking"]}
	pix, rows, cols := make([]byte, 4*w*h), make([]float32, 4*h), make([]byte, w)
	for b.Loop() {
		gl.paint(pix, w, h, 1.5, rows, cols)
	}
}

// TestEdgeGlowLoopDoesNotAllocate: on the desktop canvas with kin
// speaking, the game loop hands the glow to its window's goroutine
// without allocating, and the window shows it.
func TestEdgeGlowLoopDoesNotAllocate(t *testing.T) {
	g, err := NewGame(Options{Model: loadModel(t, "rpm-visage-male.glb"), Overlay: true, Desktop: true, FPS: 1})
	if err != nil {
		t.Fatal(err)
	}
	g.Layout(1280, 720)
	defer g.closeEdge()
	speak := func() {
		g.amb.glow.hear(protocol.AudioLevelPayload{RMS: 0.2})
		g.Update()
	}
	for range 120 {
		speak()
	}
	g.frameAcc = -1e9 // no frame falls due: the loop alone is measured
	g.tick = 10*windowPollTicks - 1
	if n := testing.AllocsPerRun(windowPollTicks-1, speak); n != 0 {
		t.Errorf("a tick with the glow in its own window allocates %v times", n)
	}
	if g.edge.state.Load() != edgeOpen {
		t.Skip("no edge window on this display")
	}
	if !g.glowAway() {
		t.Error("the canvas still draws the glow")
	}
}
