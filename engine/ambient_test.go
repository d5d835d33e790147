package engine

import (
	"fmt"
	"image"
	"image/color"
	"math"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/kin-companion/kin/agent/protocol"
)

func ev(p protocol.Payload) protocol.Event { return protocol.Event{Type: p.EventType(), Payload: p} }

// grab draws with draw onto a w×h image filled with bg and reads it back.
func grab(w, h int, bg color.Color, draw func(dst *ebiten.Image)) *image.RGBA {
	dst := ebiten.NewImageWithOptions(image.Rect(0, 0, w, h), &ebiten.NewImageOptions{Unmanaged: true})
	defer dst.Deallocate()
	dst.Fill(bg)
	draw(dst)
	out := image.NewRGBA(image.Rect(0, 0, w, h))
	dst.ReadPixels(out.Pix)
	return out
}

var desk = color.RGBA{28, 30, 38, 255} // a dark desktop behind the goldens

// TestGoldenGlow draws the glow at three energies, and once in the
// listening colour.
func TestGoldenGlow(t *testing.T) {
	for _, c := range []struct {
		state  string
		energy float64
	}{{"speaking", 0.25}, {"speaking", 0.6}, {"speaking", 1}, {"listening", 0.6}} {
		name := fmt.Sprintf("glow-%s-%03.0f", c.state, c.energy*100)
		t.Run(name, func(t *testing.T) {
			var gl glow
			gl.state = c.state
			gl.step(0)
			gl.energy = c.energy
			img := grab(480, 160, desk, func(dst *ebiten.Image) { gl.draw(dst, 1, 2) })
			checkGolden(t, name, img)
			top, mid, bottom := img.RGBAAt(240, 10), img.RGBAAt(240, 100), img.RGBAAt(240, 158)
			if top != desk || luma(bottom) <= luma(mid) || luma(mid) <= luma(desk) {
				t.Errorf("want dark top %v, brighter toward the bottom: %v < %v", top, mid, bottom)
			}
		})
	}
}

// TestGlowOnAtlasImages: the glow lights the same band in an image that
// shares Ebitengine's atlas with others (placed away from its origin) as in
// one of its own.
func TestGlowOnAtlasImages(t *testing.T) {
	var gl glow
	gl.energy, gl.tint = 0.8, glowTints["speaking"]
	want := grab(96, 64, color.Transparent, func(dst *ebiten.Image) { gl.draw(dst, 0.4, 1) })
	for i := range 3 {
		dst := ebiten.NewImage(96, 64) // on the atlas, after the ones before it
		defer dst.Deallocate()
		gl.draw(dst, 0.4, 1)
		got := image.NewRGBA(want.Rect)
		dst.ReadPixels(got.Pix)
		if p, ok := differs(got, want, image.Rectangle{}, 1); ok {
			t.Fatalf("image %d: at %v %v, want %v", i, p, got.RGBAAt(p.X, p.Y), want.RGBAAt(p.X, p.Y))
		}
	}
}

func luma(c color.RGBA) int { return int(c.R) + int(c.G) + int(c.B) }

// TestGlowSilence: silence draws nothing; a target left transparent stays
// transparent (the overlay).
func TestGlowSilence(t *testing.T) {
	var gl glow
	gl.hear(protocol.AudioLevelPayload{RMS: 0.3})
	for range 3 * TickRate {
		gl.step(1.0 / TickRate)
	}
	if gl.active() {
		t.Fatalf("3 s after the last level the glow still shows (energy %v)", gl.energy)
	}
	img := grab(64, 64, color.Transparent, func(dst *ebiten.Image) { gl.draw(dst, 1, 0) })
	for i, v := range img.Pix {
		if v != 0 {
			t.Fatalf("byte %d is %d: the silent glow drew", i, v)
		}
	}
}

// TestGlowEnvelope: the glow rises within a few ticks of a voice, the
// louder the higher, and fades within a second or two of silence.
func TestGlowEnvelope(t *testing.T) {
	tests := []struct {
		rms          float64
		source       string
		lo, hi       float64 // energy after 0.2 s of that level
		colour       [3]float32
		stillAfter1s bool
	}{
		{0.02, "", 0.2, 0.4, glowTints["speaking"], true},
		{0.2, "", 0.9, 1, glowTints["speaking"], true},
		{0.5, "user", 0.9, 1, glowTints["listening"], true},
	}
	for _, tc := range tests {
		var gl glow
		for range TickRate / 5 {
			gl.hear(protocol.AudioLevelPayload{RMS: tc.rms, Source: tc.source})
			gl.step(1.0 / TickRate)
		}
		if gl.energy < tc.lo || gl.energy > tc.hi {
			t.Errorf("rms %v: energy %.3f, want %v..%v", tc.rms, gl.energy, tc.lo, tc.hi)
		}
		if gl.tint != tc.colour {
			t.Errorf("rms %v from %q: colour %v, want %v", tc.rms, tc.source, gl.tint, tc.colour)
		}
		peak := gl.energy
		for range TickRate / 2 {
			gl.step(1.0 / TickRate)
		}
		if gl.energy >= peak*0.6 || gl.energy == 0 {
			t.Errorf("rms %v: energy %.3f half a second after %.3f: want a gradual fade", tc.rms, gl.energy, peak)
		}
	}
}

// TestAmbientUserLevel: the user's level lights the glow but is kept from
// the character (its lips follow kin's voice only).
func TestAmbientUserLevel(t *testing.T) {
	var a ambient
	if !a.handle(ev(protocol.AudioLevelPayload{RMS: 0.1, Source: "user"}), 0) {
		t.Error("the user's level was passed on to the character")
	}
	if a.handle(ev(protocol.AudioLevelPayload{RMS: 0.1}), 0) {
		t.Error("kin's level was kept from the character")
	}
	if a.handle(ev(protocol.PresencePayload{State: "thinking"}), 0) || a.glow.state != "thinking" {
		t.Errorf("presence: state %q", a.glow.state)
	}
}

func TestGhostText(t *testing.T) {
	tests := []struct {
		p    protocol.Payload
		want string
	}{
		{protocol.ThinkPayload{Thought: "looking for the file"}, "looking for the file"},
		{protocol.ToolCallPayload{Tool: "read_file", Caller: "model", Allowed: true, Summary: "read ~/a.txt"}, "read ~/a.txt"},
		{protocol.ToolCallPayload{Tool: "web_fetch", Caller: "voice", Allowed: true}, "web_fetch"},
		{protocol.ToolCallPayload{Tool: "delete", Caller: "model", Summary: "delete ~/a", Reason: "the user said no"}, "not allowed: delete ~/a (the user said no)"},
		{protocol.ToolCallPayload{Tool: "search", Caller: "researcher", Allowed: true, Summary: "search the web for otters"}, "researcher: search the web for otters"},
		{protocol.SpeakPayload{Text: "hello"}, ""},
	}
	for _, tc := range tests {
		if got := ghostText(ev(tc.p)); got != tc.want {
			t.Errorf("%+v: %q, want %q", tc.p, got, tc.want)
		}
	}
}

// TestGhostLogRing: the log keeps the newest ghostLines lines, cuts long
// ones, and each fades in, stays and is gone ghostSeconds after it came.
func TestGhostLogRing(t *testing.T) {
	var l ghostLog
	for i := range 13 {
		l.add(fmt.Sprintf("line %d\nwith a break", i), float64(i))
	}
	l.add("   ", 13)
	l.add(strings.Repeat("x", 500), 13)
	var got []string
	for i := range ghostLines {
		got = append(got, l.lines[(l.next+i)%ghostLines].text)
	}
	if got[0] != "line 4 with a break" || got[8] != "line 12 with a break" || len([]rune(got[9])) != ghostRunes || !strings.HasSuffix(got[9], "…") {
		t.Errorf("lines oldest first: %q", got)
	}
	ln := ghostLine{text: "a", at: 10}
	for _, c := range []struct{ now, want float64 }{
		{9, 0}, {10, 0}, {10.1, 0.5}, {13, 1}, {17, 0.5}, {18, 0}, {30, 0},
	} {
		if a := ln.alpha(c.now); math.Abs(a-c.want) > 1e-9 {
			t.Errorf("alpha at %v: %v, want %v", c.now, a, c.want)
		}
	}
	if l.visible(100) || !l.visible(14) {
		t.Error("visible: want lines at 14 s and none at 100 s")
	}
}

// ghostScene fills a log as a busy agent would: twelve lines over ten
// seconds, so at 10 s the oldest are gone, some fade and the newest is
// arriving.
func ghostScene() (*ambient, float64) {
	a := &ambient{}
	lines := []protocol.Payload{
		protocol.ThinkPayload{Thought: "the user wants last week's notes"},
		protocol.ToolCallPayload{Tool: "list_dir", Caller: "model", Allowed: true, Summary: "list ~/notes"},
		protocol.ToolCallPayload{Tool: "read_file", Caller: "model", Allowed: true, Summary: "read ~/notes/2026-11-18.md"},
		protocol.ThinkPayload{Thought: "three meetings; the budget one matters most"},
		protocol.ToolCallPayload{Tool: "web_search", Caller: "researcher", Allowed: true, Summary: "search the web for \"otter habitats in Scotland\""},
		protocol.ToolCallPayload{Tool: "delete_file", Caller: "model", Summary: "delete ~/notes/old.md (to the trash)", Reason: "the user said no"},
		protocol.ThinkPayload{Thought: "summarise in three lines, then ask about the budget meeting"},
		protocol.ToolCallPayload{Tool: "create_board", Caller: "model", Allowed: true, Summary: "show a board: Week of 18 November"},
		protocol.ToolCallPayload{Tool: "remember", Caller: "model", Allowed: true, Summary: "remember: the user prefers short summaries"},
		protocol.ThinkPayload{Thought: "done; speak the summary"},
		protocol.ToolCallPayload{Tool: "schedule", Caller: "model", Allowed: true, Summary: "remind the user on Friday at 9:00 about the budget"},
		protocol.ThinkPayload{Thought: "wait for the answer"},
	}
	for i, p := range lines {
		a.handle(ev(p), float64(i)*0.8)
	}
	return a, 9.0
}

func TestGoldenGhostLog(t *testing.T) {
	a, now := ghostScene()
	img := grab(560, 260, desk, func(dst *ebiten.Image) { a.draw(dst, 1, now) })
	checkGolden(t, "ghostlog", img)
}

// BenchmarkAmbientDraw measures the CPU cost of a frame's glow and a full
// ghost log: stepping and queueing the draws. The GPU's work is not
// counted; the flush at the end of each frame runs with the timer stopped.
func BenchmarkAmbientDraw(b *testing.B) {
	a, now := ghostScene()
	dst := ebiten.NewImage(1280, 720)
	defer dst.Deallocate()
	pix := make([]byte, 4*1280*720)
	b.ReportAllocs()
	for b.Loop() {
		a.glow.hear(protocol.AudioLevelPayload{RMS: 0.15})
		a.step(1.0 / TickRate)
		a.draw(dst, 1, now)
		b.StopTimer()
		dst.ReadPixels(pix)
		b.StartTimer()
	}
}
