package main

import (
	"image"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// ambientEvents feed kin shot the ambient canvas's events: kin speaking
// loudly, a thought and a tool call for the ghost log, a whiteboard.
const ambientEvents = `{"t":0,"type":"presence","payload":{"state":"speaking"}}
{"t":0,"type":"think","payload":{"thought":"the user wants last week's notes"}}
{"t":0.1,"type":"tool-call","payload":{"tool":"read_file","caller":"model","allowed":true,"summary":"read ~/notes/2026-11-18.md"}}
{"t":0.2,"type":"board","payload":{"id":"week","title":"Week","markdown":"# Plan\n- notes\n- summary\n\n| Day | Task |\n|---|---|\n| Mon | notes |","width":300,"height":260}}
{"t":0.5,"type":"audio-level","payload":{"rms":0.25}}
{"t":0.55,"type":"audio-level","payload":{"rms":0.3}}
`

// TestShotAmbient: kin shot accepts the glow's, ghost log's and
// whiteboard's events and draws them: the bottom edge glows, the board's
// title bar is where the board goes.
func TestShotAmbient(t *testing.T) {
	if os.Getenv("DISPLAY") == "" {
		t.Fatal("run under a display: xvfb-run -a go test ./cmd/kin-window")
	}
	bin := build(t)
	dir := t.TempDir()
	events := filepath.Join(dir, "e.jsonl")
	if err := os.WriteFile(events, []byte(ambientEvents), 0o644); err != nil {
		t.Fatal(err)
	}
	shot := func(name, evs string) string {
		out := filepath.Join(dir, name)
		args := []string{"shot", out, "--size", "480x480", "--frames", "37"}
		if evs != "" {
			args = append(args, "--events", evs)
		}
		if msg, err := exec.Command(bin, args...).CombinedOutput(); err != nil || !strings.Contains(string(msg), "wrote") {
			t.Fatalf("%v: %s", err, msg)
		}
		return out
	}
	plain, ambient := readImage(t, shot("plain.png", "")), readImage(t, shot("ambient.png", events))
	if shots := os.Getenv("KIN_SHOTS"); shots != "" {
		data, _ := os.ReadFile(filepath.Join(dir, "ambient.png"))
		os.WriteFile(filepath.Join(shots, "shot-ambient.png"), data, 0o644)
	}
	lum := func(x, y int) uint32 {
		r, g, b, _ := ambient.At(x, y).RGBA()
		r0, g0, b0, _ := plain.At(x, y).RGBA()
		return (r + g + b) - (r0 + g0 + b0)
	}
	if d := lum(240, 478); int32(d) <= 0 {
		t.Errorf("bottom edge not brighter with the glow (difference %d)", int32(d))
	}
	if r, g, b, _ := ambient.At(250, 77).RGBA(); r>>8 > 90 || g>>8 > 90 || b>>8 > 110 {
		t.Errorf("board title bar colour (%d,%d,%d), want the dark bar", r>>8, g>>8, b>>8)
	}
}

// readImage decodes a PNG file.
func readImage(t *testing.T, path string) image.Image {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatal(err)
	}
	return img
}

// TestShotBoardPicture: kin shot --root shows a whiteboard's picture from
// that folder, scaled to the board's width; without --root it is left out.
func TestShotBoardPicture(t *testing.T) {
	if os.Getenv("DISPLAY") == "" {
		t.Fatal("run under a display: xvfb-run -a go test ./cmd/kin-window")
	}
	bin := build(t)
	dir := t.TempDir()
	pic := image.NewRGBA(image.Rect(0, 0, 400, 100))
	for i := 0; i < len(pic.Pix); i += 4 {
		copy(pic.Pix[i:], []byte{220, 30, 30, 255})
	}
	f, err := os.Create(filepath.Join(dir, "red.png"))
	if err != nil {
		t.Fatal(err)
	}
	png.Encode(f, pic)
	f.Close()
	events := filepath.Join(dir, "e.jsonl")
	board := `{"t":0,"type":"board","payload":{"markdown":"![red](red.png)","width":300,"height":260}}` + "\n"
	if err := os.WriteFile(events, []byte(board), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, withRoot := range []bool{true, false} {
		out := filepath.Join(dir, "out.png")
		args := []string{"shot", out, "--size", "480x480", "--events", events}
		if withRoot {
			args = append(args, "--root", dir)
		}
		if msg, err := exec.Command(bin, args...).CombinedOutput(); err != nil {
			t.Fatalf("%v: %s", err, msg)
		}
		r, g, _, _ := readImage(t, out).At(240, 140).RGBA()
		if red := r>>8 > 180 && g>>8 < 80; red != withRoot {
			t.Errorf("--root given %v: the picture shown %v", withRoot, red)
		}
	}
}
