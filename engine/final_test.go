package engine

import (
	"image"
	"image/color"
	"image/draw"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
)

// clearOutside reports the first pixel of img outside r that is not fully
// transparent, if any.
func clearOutside(img *image.RGBA, r image.Rectangle) (image.Point, bool) {
	b := img.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			if !image.Pt(x, y).In(r) && img.RGBAAt(x, y).A != 0 {
				return image.Pt(x, y), false
			}
		}
	}
	return image.Point{}, true
}

// differs reports the first pixel of got (within r, or all of it when r
// is empty) more than tol levels from want's in any channel, if any.
func differs(got, want *image.RGBA, r image.Rectangle, tol int) (image.Point, bool) {
	if r.Empty() {
		r = got.Bounds()
	}
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			i, j := got.PixOffset(x, y), want.PixOffset(x, y)
			for c := range 4 {
				if d := int(got.Pix[i+c]) - int(want.Pix[j+c]); d > tol || d < -tol {
					return image.Pt(x, y), true
				}
			}
		}
	}
	return image.Point{}, false
}

// checkDirect draws a frame of g into screen and checks that it went onto
// the window straight from the colour buffer and is the picture the usual
// composite over the whole window makes: in an overlay over the
// character's rectangle alone, the rest of the window left clear; in a
// window with its background, every pixel opaque. place moves the frame
// on the window by whole pixels.
func checkDirect(t *testing.T, g *Game, screen *ebiten.Image, place ebiten.GeoM, what string) {
	t.Helper()
	w, h := screen.Bounds().Dx(), screen.Bounds().Dy()
	g.dirty = true
	g.Draw(screen)
	if !g.r.Direct {
		t.Fatalf("%s: the frame is not composited onto the window directly", what)
	}
	shown := g.r.Shown()
	if shown.Empty() || shown.Dx()*shown.Dy() > w*h*3/4 {
		t.Fatalf("%s: the character's rectangle is %v of a %dx%d window", what, shown, w, h)
	}
	off := image.Pt(int(place.Element(0, 2)), int(place.Element(1, 2)))
	win := newTestScreen(t, w+off.X, h+off.Y) // the window, cleared as Ebitengine clears it
	g.r.CompositeOnto(win, screen.Bounds(), place)
	ref := newTestScreen(t, w, h) // the whole frame composited the usual way
	g.r.compositeTo(ref, g.r.cbuf.Bounds(), g.r.lastS)
	got, want := image.NewRGBA(screen.Bounds()), readBack(ref)
	draw.Draw(got, got.Rect, readBack(win), off, draw.Src)
	if !g.overlay {
		opaque := image.NewRGBA(got.Bounds())
		for i := 3; i < len(opaque.Pix); i += 4 {
			opaque.Pix[i] = 255
		}
		if p, ok := differs(got, opaque, image.Rectangle{}, 0); ok && got.RGBAAt(p.X, p.Y).A != 255 {
			t.Fatalf("%s: the window at %v is not opaque: %v", what, p, got.RGBAAt(p.X, p.Y))
		}
	} else if p, ok := clearOutside(got, shown); !ok {
		t.Fatalf("%s: the window at %v, outside %v, is not clear: %v", what, p, shown, got.RGBAAt(p.X, p.Y))
	}
	// Filtered up from a lower scale, a sample may round a level apart:
	// the quad's corners differ, and so do the positions interpolated
	// between them.
	if p, ok := differs(got, want, image.Rectangle{}, 1); ok {
		t.Fatalf("%s: the window at %v is %v, the usual composite %v", what, p, got.RGBAAt(p.X, p.Y), want.RGBAAt(p.X, p.Y))
	}
	c := shown.Min.Add(shown.Max).Div(2)
	if got.RGBAAt(c.X, c.Y) == want.RGBAAt(0, 0) {
		t.Errorf("%s: the middle of %v shows no character", what, shown)
	}
}

// TestDirectOverlay: while nothing but the character shows, the overlay's
// frame goes onto the window straight from the colour buffer, over the
// character's rectangle alone, and is the picture the usual composite
// makes — as the character turns, at a lower render scale, and after text
// went away. With text on it, the frame is in the screen image, whole,
// and is copied the usual way.
func TestDirectOverlay(t *testing.T) {
	g, screen := newOverlay(t)
	testDirect(t, g, screen)
}

// TestDirectWindow: a window with its background goes direct as the
// overlay does, the background drawn around the character's rectangle.
func TestDirectWindow(t *testing.T) {
	g, err := NewGame(Options{Model: loadModel(t, "rpm-visage-male.glb")})
	if err != nil {
		t.Fatal(err)
	}
	w, h := g.Layout(320, 480)
	screen := newTestScreen(t, w, h)
	testDirect(t, g, screen)
	var moved ebiten.GeoM // the window a few pixels larger than the screen image, which Ebitengine centres
	moved.Translate(3, 2)
	g.scene.Orbit.Yaw = 0.6
	checkDirect(t, g, screen, moved, "placed off the window's corner")
}

// testDirect is TestDirectOverlay for g, drawing into screen.
func testDirect(t *testing.T, g *Game, screen *ebiten.Image) {
	var id ebiten.GeoM
	checkDirect(t, g, screen, id, "first frame")
	g.scene.Orbit.Yaw = 1.2
	checkDirect(t, g, screen, id, "turned")
	g.scene.Orbit.Yaw, g.scene.Orbit.Zoom = -0.4, 0.7
	checkDirect(t, g, screen, id, "turned back and closer")
	g.r.Scale = 0.5
	checkDirect(t, g, screen, id, "at render scale 0.5")
	g.r.Scale = 1

	drawNotice(g, screen)
	if g.r.Direct {
		t.Fatal("a frame with text on it is composited onto the window directly")
	}
	if _, ok := g.finalRect(screen.Bounds(), id); ok {
		t.Error("a frame with text on it copies only the character's rectangle")
	}
	img, shown := readBack(screen), g.r.Shown()
	if c := shown.Min.Add(shown.Max).Div(2); img.RGBAAt(c.X, c.Y) == img.RGBAAt(0, 0) {
		t.Error("the screen image does not hold the character once text shows")
	}
	g.ui.errMsg = "" // the notice goes
	checkDirect(t, g, screen, id, "after the notice")
}

// TestFinalRect: on the desktop canvas fitted to the character the
// window gets only the character's rectangle of the screen image, and
// every pixel of the image outside it is clear; a scaled placement gets
// the whole image.
func TestFinalRect(t *testing.T) {
	g, screen := newOverlay(t)
	w, h := screen.Bounds().Dx(), screen.Bounds().Dy()
	var id ebiten.GeoM
	g.setDirect(false)
	g.r.Transparent = true
	for _, yaw := range []float32{0, 1.2, -0.4} {
		g.scene.Orbit.Yaw = yaw
		g.bare = false
		if !g.r.Draw(screen, g.mesh, g.scene.Pose, ptr(g.scene.Camera(float32(w)/float32(h)))) {
			t.Fatalf("yaw %v: no frame drawn", yaw)
		}
		g.bare = true // as the fitted canvas sets it
		r, ok := g.finalRect(screen.Bounds(), id)
		if !ok || r.Empty() || r.Dx()*r.Dy() > w*h*3/4 {
			t.Fatalf("yaw %v: copies %v (%v) of a %dx%d frame", yaw, r, ok, w, h)
		}
		if p, ok := clearOutside(readBack(screen), r); !ok {
			t.Fatalf("yaw %v: pixel %v outside %v is not clear", yaw, p, r)
		}
	}
	var scaled ebiten.GeoM
	scaled.Scale(2, 2)
	if _, ok := g.finalRect(screen.Bounds(), scaled); ok {
		t.Error("a scaled placement copies only the character's rectangle")
	}
}

// drawNotice shows a notice over the frame and draws one.
func drawNotice(g *Game, screen *ebiten.Image) {
	g.ui.notify("a notice over the frame")
	g.ui.advance(g.now())
	g.dirty = true
	g.Draw(screen)
}

// newOverlay is the default test character in a 320x480 overlay, and its
// screen image.
func newOverlay(t *testing.T) (*Game, *ebiten.Image) {
	t.Helper()
	g, err := NewGame(Options{Model: loadModel(t, "rpm-visage-male.glb"), Overlay: true})
	if err != nil {
		t.Fatal(err)
	}
	w, h := g.Layout(320, 480)
	return g, newTestScreen(t, w, h)
}

// ptr returns a pointer to a copy of v.
func ptr[T any](v T) *T { return &v }

// TestDirectOverlayGlow: the edge glow keeps the overlay's frame going
// onto the window directly, the glow drawn onto the window after the
// character, and the window shows what the usual way (composite and glow
// into the screen image, copied whole) shows. A notice over the frame
// ends that, glow or not.
func TestDirectOverlayGlow(t *testing.T) {
	g, screen := newOverlay(t)
	w, h := screen.Bounds().Dx(), screen.Bounds().Dy()
	var id ebiten.GeoM
	g.amb.glow.energy, g.amb.glow.tint = 0.8, glowTints["speaking"]
	g.dirty = true
	g.Draw(screen)
	if !g.r.Direct {
		t.Fatal("with the glow lit, the frame is not composited onto the window directly")
	}
	if p, ok := clearOutside(readBack(screen), image.Rect(0, 0, 1, 1)); !ok {
		t.Fatalf("a direct frame drew into the screen image at %v", p)
	}
	win := newTestScreen(t, w, h) // the window, cleared as Ebitengine clears it
	g.r.CompositeOnto(win, screen.Bounds(), id)
	g.amb.glow.drawOnto(win, screen.Bounds(), id, g.ui.s, g.glowAt)
	ref := newTestScreen(t, w, h) // the same frame the usual way
	g.r.compositeTo(ref, g.r.cbuf.Bounds(), g.r.lastS)
	g.amb.glow.draw(ref, g.ui.s, g.glowAt)
	got, want := readBack(win), readBack(ref)
	if p, ok := differs(got, want, image.Rectangle{}, 1); ok {
		t.Fatalf("the window at %v is %v, the usual way %v", p, got.RGBAAt(p.X, p.Y), want.RGBAAt(p.X, p.Y))
	}
	if a := got.RGBAAt(w/2, h-2).A; a == 0 {
		t.Error("the glow does not light the window's bottom edge")
	}
	if a := got.RGBAAt(w/2, 2).A; a != 0 {
		t.Errorf("the window's top is not clear: alpha %d", a)
	}
	// Placed on the window with an offset, the band moves with the image.
	var moved ebiten.GeoM
	moved.Translate(0, -40)
	win2 := newTestScreen(t, w, h)
	g.amb.glow.drawOnto(win2, screen.Bounds(), moved, g.ui.s, g.glowAt)
	if a := readBack(win2).RGBAAt(w/2, h-42).A; a == 0 {
		t.Error("the glow does not follow the image's placement on the window")
	}

	drawNotice(g, screen)
	if g.r.Direct {
		t.Error("a frame with text and the glow is composited onto the window directly")
	}
}

// TestDirectOverlayLayer: while kin speaks in the overlay (the bubble, the
// presence word, the glow), the frame still goes onto the window directly;
// the screen image holds the bubble and the word alone, clear elsewhere,
// and laid over the window they make the picture the usual way makes.
// The layer is drawn again only when what it shows changes; when the
// bubble goes, its rectangle is cleared.
func TestDirectOverlayLayer(t *testing.T) {
	g, screen := newOverlay(t)
	w, h := screen.Bounds().Dx(), screen.Bounds().Dy()
	var id ebiten.GeoM
	screen.Fill(color.RGBA{200, 0, 0, 255}) // a whole frame from before
	g.amb.glow.energy, g.amb.glow.tint = 0.8, glowTints["speaking"]
	g.chat.say("Hello! I am **kin**, and I am speaking.")
	g.presence.state, g.presence.since = "speaking", g.now()
	g.dirty = true
	g.Draw(screen)
	if !g.r.Direct {
		t.Fatal("with the bubble and the presence word, the frame is not composited onto the window directly")
	}
	layer, shown := g.layer.rect, g.r.Shown()
	img := readBack(screen)
	if layer.Empty() || layer.Dx()*layer.Dy() > w*h/2 {
		t.Fatalf("the layer covers %v of a %dx%d window", layer, w, h)
	}
	if p, ok := clearOutside(img, layer); !ok {
		t.Fatalf("the screen image at %v, outside the layer %v, is not clear: %v", p, layer, img.RGBAAt(p.X, p.Y))
	}
	if a := img.RGBAAt(0, 0).A; a != 0 {
		t.Errorf("the top-left pixel, which a direct frame clears, holds alpha %d", a)
	}
	feet := image.Pt((shown.Min.X+shown.Max.X)/2, shown.Max.Y-shown.Dy()/8)
	if feet.In(layer) || img.RGBAAt(feet.X, feet.Y).A != 0 {
		t.Errorf("the character (at %v) is in the screen image", feet)
	}

	win := newTestScreen(t, w, h) // the window, cleared as Ebitengine clears it
	g.r.CompositeOnto(win, screen.Bounds(), id)
	g.amb.glow.drawOnto(win, screen.Bounds(), id, g.ui.s, g.glowAt)
	g.layOnto(win, screen, id)
	ref := newTestScreen(t, w, h) // the usual way
	g.r.compositeTo(ref, g.r.cbuf.Bounds(), g.r.lastS)
	g.amb.glow.draw(ref, g.ui.s, g.glowAt)
	cam := g.scene.Camera(float32(w) / float32(h))
	v := cam.Resolve(w, h, g.scene.Pose.Min, g.scene.Pose.Max)
	g.drawBubble(ref, &v)
	g.drawPresence(ref)
	got, want := readBack(win), readBack(ref)
	// Text laid over the frame in a layer of its own rounds its blend once
	// more than text drawn over it.
	if p, ok := differs(got, want, image.Rectangle{}, 2); ok {
		t.Fatalf("the window at %v is %v, the usual way %v", p, got.RGBAAt(p.X, p.Y), want.RGBAAt(p.X, p.Y))
	}

	// A frame whose bubble and word look the same leaves the layer as it is.
	mark := g.layer.rect.Min.Add(image.Pt(2, 2))
	screen.SubImage(image.Rectangle{Min: mark, Max: mark.Add(image.Pt(1, 1))}).(*ebiten.Image).Fill(color.RGBA{0, 200, 0, 255})
	g.r.Invalidate()
	g.dirty = true
	g.Draw(screen)
	if c := readBack(screen).RGBAAt(mark.X, mark.Y); c != (color.RGBA{0, 200, 0, 255}) {
		t.Errorf("the unchanged layer was drawn again: %v at %v", c, mark)
	}
	g.chat.say("Something else to say.")
	g.r.Invalidate()
	g.dirty = true
	g.Draw(screen)
	if c := readBack(screen).RGBAAt(mark.X, mark.Y); c == (color.RGBA{0, 200, 0, 255}) {
		t.Errorf("the layer was not drawn again for new words (%v at %v)", c, mark)
	}

	g.chat.bubble, g.chat.status = "", "" // the bubble goes
	g.dirty = true
	g.Draw(screen)
	if !g.r.Direct || g.layer.rect.Dx()*g.layer.rect.Dy() >= layer.Dx()*layer.Dy() {
		t.Fatalf("without the bubble the layer is %v (direct %v), was %v", g.layer.rect, g.r.Direct, layer)
	}
	if p, ok := clearOutside(readBack(screen), g.layer.rect); !ok {
		t.Fatalf("the bubble's pixel %v stays in the screen image", p)
	}
}
