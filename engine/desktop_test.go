package engine

import (
	"image"
	"image/color"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/kin-companion/kin/agent/protocol"
)

// readBack reads an image's pixels.
func readBack(img *ebiten.Image) *image.RGBA {
	out := image.NewRGBA(img.Bounds())
	img.ReadPixels(out.Pix)
	return out
}

// TestDesktopCanvas: the canvas is transparent but for the character,
// placed at the bottom right; a frame with nothing changed draws nothing;
// moving the character repaints it where it went; kin's voice lights the
// monitor's bottom edge.
func TestDesktopCanvas(t *testing.T) {
	g, screen, draw := newDesktop(t)
	w, h := screen.Bounds().Dx(), screen.Bounds().Dy()

	img := draw()
	cr := g.charRect()
	if cr.Max.X > w || cr.Max.Y > h || cr.Min.X < w/2 || cr.Min.Y < 0 {
		t.Fatalf("character at %v on a %dx%d canvas, want the bottom right", cr, w, h)
	}
	if a := img.RGBAAt(cr.Min.X+cr.Dx()/2, cr.Min.Y+cr.Dy()/3).A; a != 255 {
		t.Errorf("character's chest alpha %d, want 255", a)
	}
	if a := img.RGBAAt(100, 100).A; a != 0 {
		t.Errorf("canvas away from the character alpha %d, want 0", a)
	}

	screen.Set(5, 5, color.RGBA{255, 0, 0, 255}) // a mark a repaint would clear
	if img := draw(); img.RGBAAt(5, 5).A != 255 {
		t.Error("a frame with nothing changed repainted the canvas")
	}

	screen.Set(cr.Min.X+1, cr.Min.Y+1, color.RGBA{255, 0, 0, 255}) // in the character's corner
	g.r.Invalidate()                                               // the character alone is drawn again
	if img := draw(); img.RGBAAt(5, 5).A != 255 || img.RGBAAt(cr.Min.X+1, cr.Min.Y+1).A != 0 {
		t.Error("a frame where only the character changed did not repaint just its rectangle")
	}

	g.desk.at, g.desk.placed = image.Pt(0, 0), true
	g.desk.version++
	img = draw()
	if img.RGBAAt(5, 5).A != 0 {
		t.Error("moving the character did not repaint the canvas")
	}
	if a := img.RGBAAt(cr.Dx()/2, cr.Dy()/3).A; a != 255 {
		t.Errorf("moved character's chest alpha %d, want 255", a)
	}

	g.handleEvent(ev(protocol.AudioLevelPayload{RMS: 0.3}))
	for range 10 {
		g.amb.step(1.0 / TickRate)
	}
	if img := draw(); img.RGBAAt(w/2, h-2).A == 0 {
		t.Error("kin's voice did not light the canvas's bottom edge")
	}
}

// TestGoldenDesktopCanvas: the canvas with everything on it — the
// character, kin speaking, the ghost log and a whiteboard — over a plain
// desktop colour (the picture for the README).
func TestGoldenDesktopCanvas(t *testing.T) {
	g := newDesktopGame(t)
	w, h := g.Layout(1280, 720)
	a, _ := ghostScene()
	for i := range a.ghost.lines {
		g.amb.ghost.add(a.ghost.lines[(a.ghost.next+i)%ghostLines].text, float64(i)*0.7-4)
	}
	g.handleEvent(ev(protocol.PresencePayload{State: "speaking"}))
	g.handleEvent(ev(boardSample))
	g.amb.board.at, g.amb.board.placed = image.Pt(330, 40), true
	for range 12 {
		g.handleEvent(ev(protocol.AudioLevelPayload{RMS: 0.12}))
		g.amb.step(1.0 / TickRate)
	}
	screen := newTestScreen(t, w, h)
	g.dirty = true
	g.Draw(screen)
	desk := newTestScreen(t, w, h)
	desk.Fill(color.RGBA{58, 76, 96, 255})
	desk.DrawImage(screen, nil)
	checkGolden(t, "desktop-canvas", readBack(desk))
}

// TestDesktopBubble: on the desktop canvas the speech bubble shows beside
// the character's head, wherever the character stands, set as Markdown.
func TestDesktopBubble(t *testing.T) {
	g, screen, _ := newDesktop(t)
	w, h := screen.Bounds().Dx(), screen.Bounds().Dy()
	g.desk.at, g.desk.placed = image.Pt(80, 40), true
	g.chat.say("**Hello** from the `canvas`")
	g.dirty = true
	g.Draw(screen)
	img := readBack(screen)
	cr := g.charRect()
	bubble := image.Rectangle{}
	for y := range h {
		for x := range w {
			if c := img.RGBAAt(x, y); c == bubbleFill { // translucent: neither the character nor the desktop
				bubble = bubble.Union(image.Rect(x, y, x+1, y+1))
			}
		}
	}
	if bubble.Dx() < 100 || bubble.Dy() < 20 || bubble.Min.Y > cr.Min.Y+cr.Dy()/3 || bubble.Max.X < cr.Min.X+cr.Dx()/2 {
		t.Errorf("bubble at %v, want it by the head of the character at %v", bubble, cr)
	}
	if g.desk.bubbleAt != (image.Point{}) {
		t.Error("the canvas offset outlived the bubble's drawing")
	}
}

// TestDesktopBubbleFitted: while kin speaks the canvas window covers the
// character and the bubble only, and the bubble, laid out on the monitor,
// stands beside the head — on its left when the character stands at the
// monitor's right edge — not over it.
func TestDesktopBubbleFitted(t *testing.T) {
	g := newDesktopGame(t)
	mon := image.Pt(1280, 720)
	g.Layout(mon.X, mon.Y)
	g.desk.mon = mon
	g.chat.say("**Hello** from the canvas, a reply long enough to need a second line of text")
	fit := g.canvasFit(mon)
	cr := g.charRect()
	if !cr.In(fit) || fit == (image.Rectangle{Max: mon}) {
		t.Fatalf("the canvas would cover %v for the character at %v and its bubble, want less than the monitor", fit, cr)
	}
	g.desk.win, g.desk.fitted = fit, true
	w, h := g.Layout(fit.Dx(), fit.Dy())
	screen := newTestScreen(t, w, h)
	g.dirty = true
	g.Draw(screen)
	img := readBack(screen)
	bubble := image.Rectangle{}
	for y := range h {
		for x := range w {
			if img.RGBAAt(x, y) == bubbleFill {
				bubble = bubble.Union(image.Rect(x, y, x+1, y+1))
			}
		}
	}
	bubble = bubble.Add(fit.Min) // on the monitor
	head := cr.Min.X + cr.Dx()/2
	if bubble.Dx() < 100 || bubble.Max.X > head || bubble.Min.Y > cr.Min.Y+cr.Dy()/3 {
		t.Errorf("bubble at %v on the monitor, want it left of the head (x %d) of the character at %v", bubble, head, cr)
	}
}

// TestDesktopBubbleStays: on the canvas, a frame where only the character
// changed while the bubble shows in the same place repaints the
// character's rectangle alone, the bubble painted again where the
// character's image covered it, and looks as a whole repaint does.
func TestDesktopBubbleStays(t *testing.T) {
	g, screen, draw := newDesktop(t)
	g.chat.say("A reply **beside** the head, long enough to reach over the character's rectangle.")
	draw()
	cr := g.charRect()
	_, mon := g.view()
	shows, _ := g.deskBubble(cr, ptr(g.scene.Camera(float32(cr.Dx())/float32(cr.Dy()))), mon, g.now())
	if !shows.rect.Overlaps(cr) {
		t.Fatalf("the bubble at %v does not reach over the character at %v", shows.rect, cr)
	}

	screen.Set(5, 5, color.RGBA{255, 0, 0, 255}) // a mark a whole repaint would clear
	g.r.Invalidate()                             // the character alone is drawn again
	got := draw()
	if got.RGBAAt(5, 5).A != 255 {
		t.Fatal("a frame where only the character changed repainted the whole canvas")
	}
	g.desk.version++ // the same frame, the canvas painted whole
	want := draw()
	for _, r := range []image.Rectangle{cr, shows.rect} {
		if p, ok := differs(got, want, r, 1); ok {
			t.Fatalf("at %v %v, painted whole %v", p, got.RGBAAt(p.X, p.Y), want.RGBAAt(p.X, p.Y))
		}
	}
}

// newDesktopGame is the default test character on the desktop canvas.
func newDesktopGame(t *testing.T) *Game {
	t.Helper()
	g, err := NewGame(Options{Model: loadModel(t, "rpm-visage-male.glb"), Overlay: true, Desktop: true})
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// newDesktop is newDesktopGame on a 960x540 monitor, its screen image, and
// a function that draws a frame and reads it back.
func newDesktop(t *testing.T) (*Game, *ebiten.Image, func() *image.RGBA) {
	t.Helper()
	g := newDesktopGame(t)
	w, h := g.Layout(960, 540)
	screen := newTestScreen(t, w, h)
	return g, screen, func() *image.RGBA { g.dirty = true; g.Draw(screen); return readBack(screen) }
}
