package engine

import (
	"bytes"
	"encoding/json"
	"image"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/kin-companion/kin/agent/protocol"
	"github.com/kin-companion/kin/avatar"
)

// deskFitEnv makes the test binary a deskFitChild (see TestMain); its
// value is the model file.
const deskFitEnv = "KIN_TEST_DESKFIT"

// fitShot is the canvas window's geometry after one step, as the X server
// (xdotool) and Ebitengine report it.
type fitShot struct {
	Step       string
	X, Y, W, H int         // the X window, from xdotool
	Ebiten     [4]int      // ebiten.WindowPosition and WindowSize
	Monitor    image.Point // ebiten.Monitor().Size()
	Char       image.Rectangle
	Glow       image.Rectangle // the glow's own window, if it shows
	Err        string
}

// fitStep is something put on (or taken off) the canvas, done every tick
// for fitTicks ticks before the window is measured.
type fitStep struct {
	name string
	act  func(g *Game)
	fit  fitKind // what the window should cover after it
}

// fitKind is what the canvas window covers.
type fitKind int

const (
	fitChar    fitKind = iota // the character's rectangle
	fitStrip                  // a strip along the monitor's bottom, its whole width
	fitMonitor                // the whole monitor
	fitBubble                 // the character's rectangle and the bubble beside its head
)

const fitTicks = 45

var fitSteps = []fitStep{
	{"nothing ambient", func(*Game) {}, fitChar},
	{"whiteboard", func(g *Game) {
		if !g.amb.board.shown {
			g.handleEvent(ev(boardSample))
		}
	}, fitMonitor},
	{"whiteboard closed", func(g *Game) { g.amb.board.close() }, fitChar},
	{"ghost line", func(g *Game) {
		if !g.amb.ghost.visible(g.now()) {
			g.amb.ghost.add("read notes.md", g.now())
		}
	}, fitStrip},
	{"ghost faded", func(g *Game) { g.amb.ghost = ghostLog{} }, fitChar},
	{"bubble", func(g *Game) {
		if g.chat.bubble == "" {
			g.chat.say("**Hello** from the canvas, a reply long enough to need a second line of text")
		}
	}, fitBubble},
	{"bubble gone", func(g *Game) { g.chat.bubble = "" }, fitChar},
	// The glow shows in a window of its own along the bottom edge (see
	// edgeWindow): the canvas stays the character's size.
	{"glow", func(g *Game) { g.handleEvent(ev(protocol.AudioLevelPayload{RMS: 0.3})) }, fitChar},
	{"glow and a message", func(g *Game) {
		g.handleEvent(ev(protocol.AudioLevelPayload{RMS: 0.3}))
		if g.ui.message(g.now(), g.ld) == "" {
			g.ui.notify("a message over the canvas")
		}
	}, fitMonitor},
}

// deskFitGame runs the desktop canvas through fitSteps.
type deskFitGame struct {
	g     *Game
	step  int
	ticks int
	shots []fitShot
}

func (d *deskFitGame) Update() error {
	if d.step >= len(fitSteps) {
		return ebiten.Termination
	}
	fitSteps[d.step].act(d.g)
	if err := d.g.Update(); err != nil {
		return err
	}
	if d.ticks++; d.ticks < fitTicks {
		return nil
	}
	d.shots = append(d.shots, d.measure(fitSteps[d.step].name))
	d.step, d.ticks = d.step+1, 0
	return nil
}

// measure reads the window's geometry from the X server and Ebitengine.
func (d *deskFitGame) measure(step string) fitShot {
	s := fitShot{Step: step, Char: d.g.charRect()}
	x, y := ebiten.WindowPosition()
	w, h := ebiten.WindowSize()
	s.Ebiten = [4]int{x, y, w, h}
	if m := ebiten.Monitor(); m != nil {
		s.Monitor.X, s.Monitor.Y = m.Size()
	}
	r, err := xWindowAt("^kin deskfit$")
	if err != nil {
		s.Err = "xdotool: " + err.Error()
		return s
	}
	s.X, s.Y, s.W, s.H = r.Min.X, r.Min.Y, r.Dx(), r.Dy()
	s.Glow, _ = xWindowAt("^" + edgeWindowTitle + "$") // an error: none shows
	return s
}

// xWindowAt is where the visible X window whose name matches pattern is,
// from xdotool.
func xWindowAt(pattern string) (image.Rectangle, error) {
	out, err := exec.Command("xdotool", "search", "--onlyvisible", "--name", pattern, "getwindowgeometry", "--shell").Output()
	if err != nil {
		return image.Rectangle{}, err
	}
	var x, y, w, h int
	for _, ln := range strings.Fields(string(out)) {
		k, v, _ := strings.Cut(ln, "=")
		n, _ := strconv.Atoi(v)
		switch k {
		case "X":
			x = n
		case "Y":
			y = n
		case "WIDTH":
			w = n
		case "HEIGHT":
			h = n
		}
	}
	return image.Rect(x, y, x+w, y+h), nil
}

func (d *deskFitGame) Draw(screen *ebiten.Image) { d.g.Draw(screen) }

func (d *deskFitGame) Layout(w, h int) (int, int) { return d.g.Layout(w, h) }

// deskFitChild runs the canvas through fitSteps and prints what the window
// was after each, as JSON.
func deskFitChild(model string) int {
	m, err := avatar.Load(model)
	if err != nil {
		os.Stderr.WriteString(err.Error() + "\n")
		return 1
	}
	g, err := NewGame(Options{Model: m, Overlay: true, Desktop: true})
	if err != nil {
		os.Stderr.WriteString(err.Error() + "\n")
		return 1
	}
	g.ov.warned = true // Xvfb has no compositor; its warning is a message that would keep the canvas full
	g.applyMode()
	ebiten.SetWindowTitle("kin deskfit")
	ebiten.SetRunnableOnUnfocused(true)
	ebiten.SetScreenClearedEveryFrame(false)
	d := &deskFitGame{g: g}
	if err := ebiten.RunGameWithOptions(d, &ebiten.RunGameOptions{ScreenTransparent: true, X11ClassName: "kin"}); err != nil && err != ebiten.Termination {
		os.Stderr.WriteString(err.Error() + "\n")
		return 1
	}
	if err := json.NewEncoder(os.Stdout).Encode(d.shots); err != nil {
		return 1
	}
	return 0
}

// TestDesktopCanvasFits: in a real game loop under X, the canvas window is
// shrunk to the character's rectangle, where the character stands, while
// nothing ambient shows, covers a strip along the monitor's bottom while a
// ghost line or the glow shows, and the whole monitor while a whiteboard
// or a message does (the X server's geometry, from xdotool).
func TestDesktopCanvasFits(t *testing.T) {
	if _, err := exec.LookPath("xdotool"); err != nil {
		t.Skip("xdotool is not installed (scripts/deps.sh installs it)")
	}
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), deskFitEnv+"="+filepath.Join(sharedAssets(t), "rpm-visage-male.glb"))
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	if err := cmd.Run(); err != nil {
		t.Fatalf("canvas child: %v\n%s", err, errb.String())
	}
	var shots []fitShot
	if err := json.Unmarshal(out.Bytes(), &shots); err != nil || len(shots) != len(fitSteps) {
		t.Fatalf("canvas child printed %q (%v)\n%s", out.String(), err, errb.String())
	}
	for i, s := range shots {
		if s.Err != "" {
			t.Fatalf("%s: %s", s.Step, s.Err)
		}
		got := image.Rect(s.X, s.Y, s.X+s.W, s.Y+s.H)
		t.Logf("%-18s window %v (Ebitengine: at %d,%d size %dx%d)", s.Step, got, s.Ebiten[0], s.Ebiten[1], s.Ebiten[2], s.Ebiten[3])
		if s.Monitor.X == 0 {
			t.Fatalf("after %q: no monitor size", s.Step)
		}
		glowing := strings.HasPrefix(fitSteps[i].name, "glow")
		if band := image.Rect(0, s.Monitor.Y-glowBandDIP, s.Monitor.X, s.Monitor.Y); glowing && s.Glow != band {
			t.Errorf("after %q the glow's window is %v, want %v", s.Step, s.Glow, band)
		} else if !glowing && !s.Glow.Empty() {
			t.Errorf("after %q the glow's window shows at %v", s.Step, s.Glow)
		}
		switch fitSteps[i].fit {
		case fitChar:
			if got != s.Char {
				t.Errorf("after %q the window is %v, want the character's rectangle %v", s.Step, got, s.Char)
			}
		case fitMonitor:
			if want := (image.Rectangle{Max: s.Monitor}); got != want {
				t.Errorf("after %q the window is %v, want the monitor %v", s.Step, got, want)
			}
		case fitBubble:
			if !s.Char.In(got) || got.Dx() <= s.Char.Dx() || got == (image.Rectangle{Max: s.Monitor}) {
				t.Errorf("after %q the window is %v, want the character's rectangle %v and the bubble, less than the monitor", s.Step, got, s.Char)
			}
		case fitStrip:
			// The whole width, down to the bottom edge, from above both
			// the character and the glow band (or ghost log), and no
			// higher than needed: well short of the monitor's top.
			top := min(s.Char.Min.Y, s.Monitor.Y-glowBandDIP)
			if got.Min.X != 0 || got.Max.X != s.Monitor.X || got.Max.Y != s.Monitor.Y || got.Min.Y > top || got.Min.Y < top-glowBandDIP {
				t.Errorf("after %q the window is %v, want a strip along the bottom of the monitor %v from y ≤ %d", s.Step, got, s.Monitor, top)
			}
		}
	}
}
