package engine

import (
	"image"
	"image/color"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/kin-companion/kin/agent/protocol"
)

// boardSample is a board with the Markdown a whiteboard must show.
var boardSample = protocol.BoardPayload{ID: "week", Title: "Week of 18 November", Markdown: `# Plan for the week

The **budget** meeting matters most; notes are in [the wiki](https://wiki.example/budget).

- Monday: read the notes
- Tuesday: draft the summary
  - ask Ana for the figures
1. first
2. second

` + "```go\nfunc total(xs []int) (n int) {\n\tfor _, x := range xs {\n\t\tn += x\n\t}\n\treturn n\n}\n```" + `

| Day | Task | Hours |
|-----|------|------:|
| Mon | notes | 2 |
| Tue | summary | 3 |

> Keep it short.
`}

func TestGoldenBoard(t *testing.T) {
	var a ambient
	a.handle(ev(boardSample), 0)
	img := grab(700, 600, desk, func(dst *ebiten.Image) { a.draw(dst, 1, 0) })
	checkGolden(t, "board", img)
}

// TestBoardEvents: a board replaces the one shown, a close for another id
// is ignored, a close for its id takes it away.
func TestBoardEvents(t *testing.T) {
	var b board
	b.show(protocol.BoardPayload{ID: "a", Markdown: "# A"})
	b.show(protocol.BoardPayload{ID: "b", Markdown: "# B", Width: 300, Height: 250})
	if !b.shown || b.id != "b" || b.blocks[0].text != "B" || b.w != 300 || b.h != 250 {
		t.Fatalf("after two boards: %+v", b)
	}
	b.show(protocol.BoardPayload{ID: "a", Close: true})
	if !b.shown {
		t.Error("closing another id closed the board")
	}
	b.show(protocol.BoardPayload{ID: "b", Close: true})
	if b.shown {
		t.Error("the board stayed after its close")
	}
	b.show(protocol.BoardPayload{Markdown: "x"})
	if b.id != "board" || b.w != boardW || b.h != boardH {
		t.Errorf("defaults: id %q, %dx%d", b.id, b.w, b.h)
	}
}

// TestBoardPlacement: the panel is centred, kept on screen when moved
// away, and shrunk to a screen smaller than it.
func TestBoardPlacement(t *testing.T) {
	var b board
	b.show(protocol.BoardPayload{Markdown: "x"})
	screen := image.Pt(1280, 720)
	if r := b.rect(screen, 1); r != image.Rect(320, 66, 960, 586) {
		t.Errorf("centred: %v", r)
	}
	b.at = image.Pt(5000, -40)
	if r := b.rect(screen, 1); r != image.Rect(640, 0, 1280, 520) {
		t.Errorf("moved off screen: %v", r)
	}
	if r := b.rect(image.Pt(320, 480), 2); r.Dx() != 320 || r.Dy() != 480 {
		t.Errorf("on a small overlay at 2x: %v", r)
	}
	if !b.hit(image.Pt(700, 10), screen, 1) || b.hit(image.Pt(10, 10), screen, 1) {
		t.Error("hit: want on the panel only")
	}
}

// TestBoardScroll: a long board scrolls within its content and no
// further; the shown part changes with it.
func TestBoardScroll(t *testing.T) {
	var a ambient
	md := ""
	for range 80 {
		md += "- a line of the list\n"
	}
	a.handle(ev(protocol.BoardPayload{Markdown: md, Height: 300}), 0)
	top := grab(640, 400, color.Black, func(dst *ebiten.Image) { a.draw(dst, 1, 0) })
	if a.board.r.height < 1000 {
		t.Fatalf("content %d pixels high, want a long list", a.board.r.height)
	}
	view := 300 - boardBar - boardPad
	a.board.scrollBy(1e6, view)
	if want := float64(a.board.r.height - view); a.board.scroll != want {
		t.Errorf("scrolled to %v, want the end %v", a.board.scroll, want)
	}
	end := grab(640, 400, color.Black, func(dst *ebiten.Image) { a.draw(dst, 1, 0) })
	if bad, _ := diff(top, end); bad == 0 {
		t.Error("scrolling changed nothing on screen")
	}
	a.board.scrollBy(-1e6, view)
	if a.board.scroll != 0 {
		t.Errorf("scrolled back to %v, want 0", a.board.scroll)
	}
}

// BenchmarkBoardDraw measures a frame's whiteboard when nothing on it
// changed (the composed panel drawn once), and one where the selection
// changes every frame (the panel composed again).
func BenchmarkBoardDraw(b *testing.B) {
	for _, changing := range []bool{false, true} {
		name := "unchanged"
		if changing {
			name = "selecting"
		}
		b.Run(name, func(b *testing.B) {
			var a ambient
			a.handle(ev(boardSample), 0)
			dst := ebiten.NewImage(1280, 720)
			defer dst.Deallocate()
			pix, corner := make([]byte, 4), dst.SubImage(image.Rect(0, 0, 1, 1)).(*ebiten.Image)
			a.draw(dst, 1, 0)
			d := a.board.r.doc
			b.ReportAllocs()
			for i := 0; b.Loop(); i++ {
				if changing {
					a.board.sel.a, a.board.sel.b = mdCaret{}, mdCaret{box: 1 + i%(len(d.boxes)-1)}
					a.board.version++
				}
				a.draw(dst, 1, 0)
				b.StopTimer()
				corner.ReadPixels(pix) // ends the frame's commands
				b.StartTimer()
			}
		})
	}
}
