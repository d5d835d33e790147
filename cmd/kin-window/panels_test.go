package main

import (
	"fmt"
	"image"
	"image/color"
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/kin-companion/kin/internal/settings"
)

// The engine's panel sizes at scale 1 (Xvfb's), in window pixels: the
// settings panel (engine/settings_panel_draw.go) and the whiteboard
// (engine/board.go).
const (
	setW, setRowH, setHeadH, setFootH, setMargin = 520, 24, 34, 44, 8
	boardBar, boardPad                           = 30, 16
)

// Colours the panels paint opaque: the settings panel's header and the
// whiteboard's paper.
var (
	setHeadC = color.RGBA{60, 64, 78, 255}
	paperC   = color.RGBA{250, 249, 244, 255}
	headerC  = color.RGBA{236, 234, 226, 255} // a table's header row on the board
)

// TestPanelsRealInput drives kin's real window under X with xdotool, as a
// user would: Ctrl+comma opens the settings panel; a click on a row, typing
// and Enter change the agent's name and the frame rate in the settings file
// on disk (its comment kept), also when a letter arrives in the same frame
// as the Enter or the click; Esc closes the panel. A whiteboard shown by
// create_board (through kin's MCP server, the tool path the model uses)
// scrolls with the mouse wheel; dragging over its text and a quick Ctrl+C
// put that text on the X clipboard (read with xclip). A click on a link in
// a table cell opens it through the open tool; a click on the settings
// panel open over the board's × leaves the board alone; its × takes it
// away.
func TestPanelsRealInput(t *testing.T) {
	if os.Getenv("DISPLAY") == "" {
		t.Fatal("run under a display: xvfb-run -a go test ./cmd/kin-window")
	}
	w := startWindow(t, build(t), "# kept by the test\nname: Kin # the agent\nmcpPort: "+itoa(freePort(t))+"\n")
	t.Run("settings", func(t *testing.T) { w.t = t; settingsByHand(w) })
	t.Run("whiteboard", func(t *testing.T) { w.t = t; boardByHand(w) })
}

// settingsByHand changes two settings through the panel.
func settingsByHand(w *liveWindow) {
	t := w.t
	pw := min(setW, w.at.Dx()-2*setMargin)
	ph := min(setHeadH+setFootH+len(settings.Fields)*setRowH, w.at.Dy()-2*setMargin)
	panel := image.Rect((w.at.Dx()-pw)/2, (w.at.Dy()-ph)/2, (w.at.Dx()+pw)/2, (w.at.Dy()+ph)/2)
	if setHeadH+setFootH+len(settings.Fields)*setRowH > ph {
		t.Fatalf("the window (%v) shows only some of the settings; the test wants them all", w.at)
	}
	head := panel.Min.Add(image.Pt(pw/3, 4))
	row := func(key string) image.Point {
		for i, f := range settings.Fields {
			if f.Key == key {
				return panel.Min.Add(image.Pt(pw*2/3, setHeadH+i*setRowH+setRowH/2))
			}
		}
		t.Fatalf("no setting %q", key)
		return image.Point{}
	}
	w.key("ctrl+comma")
	w.waitPixel(head, setHeadC, true, "Ctrl+comma: the settings panel's header")

	w.click(row("name"))
	w.key("BackSpace", "BackSpace", "BackSpace")
	w.do("type", "--delay", "300", "Ad")
	w.do("key", "--delay", "0", "a", "Return") // the last letter and Enter at once, as a fast typist's
	time.Sleep(150 * time.Millisecond)
	// A click with the first digit typed at once, both in one frame (key,
	// as type would take what follows it as text).
	w.move(row("fps"))
	w.do("mousedown", "1", "key", "--delay", "0", "2")
	time.Sleep(80 * time.Millisecond)
	w.do("mouseup", "1")
	time.Sleep(300 * time.Millisecond)
	w.do("type", "--delay", "300", "4x")
	w.key("Return")
	var got settings.Settings
	for deadline := time.Now().Add(3 * time.Second); time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
		if got, _ = settings.Load(w.conf); got.Name == "Ada" && got.FPS == 24 {
			break
		}
	}
	if got.Name != "Ada" || got.FPS != 24 {
		t.Errorf("the settings file has name %q and fps %d, want Ada and 24", got.Name, got.FPS)
	}
	if raw, _ := os.ReadFile(w.conf); !strings.Contains(string(raw), "# kept by the test") {
		t.Errorf("the file lost its comment:\n%s", raw)
	}
	w.key("Escape")
	w.waitPixel(head, setHeadC, false, "Esc: the settings panel")
}

// boardLine is the whiteboard's line n.
func boardLine(n int) string {
	return fmt.Sprintf("Line %02d: the fox jumps %d times.", n, n*n)
}

// boardByHand shows a long board, scrolls it, copies some of its text and
// closes it.
func boardByHand(w *liveWindow) {
	t := w.t
	var md strings.Builder
	for n := 1; n <= 40; n++ {
		md.WriteString(boardLine(n) + "\n\n")
	}
	const bw, bh = 440, 400
	w.callTool("create_board", map[string]any{"markdown": md.String(), "title": "Forty lines", "width": bw, "height": bh})
	r := image.Rect(0, 0, bw, bh).Add(image.Pt((w.at.Dx()-bw)/2, max(0, (w.at.Dy()-bh)/3)))
	body := image.Rect(r.Min.X+boardPad, r.Min.Y+boardBar+boardPad/2, r.Max.X-boardPad, r.Max.Y-boardPad/2)
	margin := image.Pt(r.Max.X-11, r.Min.Y+bh/2) // paper between the text and the scroll bar
	w.waitPixel(margin, paperC, true, "create_board: the board's paper")

	w.move(body.Min.Add(image.Pt(body.Dx()/2, body.Dy()/2)))
	for range 3 {
		w.do("click", "5") // the wheel, one notch down
		time.Sleep(80 * time.Millisecond)
	}
	time.Sleep(150 * time.Millisecond)
	before := clipboard()
	from, to := body.Min.Add(image.Pt(-6, 40)), image.Pt(body.Max.X-4, body.Min.Y+100)
	w.move(from)
	w.do("mousedown", "1")
	time.Sleep(150 * time.Millisecond)
	for k := 1; k <= 4; k++ {
		w.move(from.Add(to.Sub(from).Mul(k).Div(4)))
	}
	w.do("mouseup", "1")
	time.Sleep(150 * time.Millisecond)
	// A quick chord, as a fast hand's: C goes down and up and Ctrl up in
	// one frame (Ctrl went down in an earlier one).
	w.do("keydown", "ctrl", "sleep", "0.3", "keydown", "--delay", "0", "c", "keyup", "--delay", "0", "c", "keyup", "--delay", "0", "ctrl")
	time.Sleep(150 * time.Millisecond)
	var copied string
	for deadline := time.Now().Add(3 * time.Second); time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
		if copied = clipboard(); copied != before {
			break
		}
	}
	if copied == before {
		w.shot(os.Getenv("KIN_DEBUG_SHOT"))
	}
	checkCopied(t, strings.TrimSpace(copied))

	linkInCell(w, body, bw, bh)
	x := image.Pt(r.Max.X-boardBar/2, r.Min.Y+boardBar/2)
	w.key("ctrl+comma") // the settings panel opens over the board: a click there is the panel's
	w.click(x)
	w.key("Escape", "Escape") // out of the row the click started editing, then the panel
	w.waitPixel(margin, paperC, true, "the board after a click on the settings panel over its ×")

	w.click(x)
	w.waitPixel(margin, paperC, false, "the board after a click on its ×")
}

// checkCopied checks text copied from the board: two or more whole lines
// in order, without Markdown, from well down the board (it was scrolled
// by three notches of 40 pixels, about four lines).
func checkCopied(t *testing.T, text string) {
	t.Helper()
	lines := strings.Split(text, "\n")
	m := regexp.MustCompile(`^Line (\d\d):`).FindStringSubmatch(lines[0])
	if m == nil || len(lines) < 2 {
		t.Fatalf("the clipboard holds %q, want lines of the board", text)
	}
	first, _ := strconv.Atoi(m[1])
	for i, ln := range lines {
		if ln != boardLine(first+i) {
			t.Errorf("copied line %d is %q, want %q", i, ln, boardLine(first+i))
		}
	}
	if first < 5 {
		t.Errorf("the copy starts at line %d: the wheel did not scroll the board (want line 5 or later)", first)
	}
	t.Logf("copied lines %d to %d", first, first+len(lines)-1)
}

// linkInCell replaces the board with one holding a table and clicks the
// link in its first body cell: the open tool gets its address.
func linkInCell(w *liveWindow, body image.Rectangle, bw, bh int) {
	t := w.t
	w.callTool("create_board", map[string]any{"title": "Links", "width": bw, "height": bh,
		"markdown": "| Where | What |\n|---|---|\n| [the wiki](https://wiki.example/plan) | **the plan** |\n"})
	// the header row and the first body row are each about 1.6 lines of
	// 15 pixels high; the link starts 6 pixels into its cell
	at := body.Min.Add(image.Pt(6+20, 24+12))
	w.waitPixel(body.Min.Add(image.Pt(3, 12)), headerC, true, "the table's header row")
	w.click(at)
	var got []byte
	for deadline := time.Now().Add(5 * time.Second); time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
		if got, _ = os.ReadFile(w.opened); len(got) > 0 {
			break
		}
	}
	if string(got) != "https://wiki.example/plan" {
		t.Errorf("a click on the link in a table cell opened %q", got)
	}
}
