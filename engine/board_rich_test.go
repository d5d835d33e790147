package engine

import (
	"image"
	"image/color"
	"image/jpeg"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/kin-companion/kin/agent/protocol"
	"github.com/kin-companion/kin/agent/tools/fs"
)

// writePicture writes a w×h test picture (a sky, a sun and hills) as PNG
// or JPEG by the name's extension.
func writePicture(t *testing.T, path string, w, h int) {
	t.Helper()
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := range h {
		for x := range w {
			c := color.RGBA{uint8(90 + 100*y/h), uint8(150 + 80*y/h), 235, 255}
			if dx, dy := x-w*3/4, y-h/3; dx*dx+dy*dy < h*h/36 {
				c = color.RGBA{250, 200, 60, 255}
			}
			if y > h*2/3+int(float64(h)/8*sinApprox(float64(x)/float64(w)*6)) {
				c = color.RGBA{60, 140, 70, 255}
			}
			img.SetRGBA(x, y, c)
		}
	}
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if strings.HasSuffix(path, ".jpg") {
		err = jpeg.Encode(f, img, &jpeg.Options{Quality: 90})
	} else {
		err = png.Encode(f, img)
	}
	if err != nil {
		t.Fatal(err)
	}
}

// sinApprox is a smooth wave for the hills (a parabola per half period).
func sinApprox(x float64) float64 {
	x -= float64(int(x/2)) * 2
	if x < 1 {
		return 4 * x * (1 - x)
	}
	return -4 * (x - 1) * (2 - x)
}

// richBoard shows a board with every kind of block and two pictures from
// a real root folder (through the file tools' roots check), one outside it.
func richBoard(t *testing.T, withOutside bool) (*board, *BoardHost) {
	t.Helper()
	dir := t.TempDir()
	writePicture(t, filepath.Join(dir, "hills.png"), 800, 300)
	writePicture(t, filepath.Join(dir, "small.jpg"), 120, 60)
	roots, err := fs.NewRoots([]string{dir}, nil)
	if err != nil {
		t.Fatal(err)
	}
	outsideMD := ""
	if withOutside {
		outside := filepath.Join(t.TempDir(), "secret.png")
		writePicture(t, outside, 40, 40)
		outsideMD = "![not mine](" + outside + ")\n"
	}
	host := &BoardHost{Resolve: roots.Resolve}
	b := &board{host: host}
	b.show(protocol.BoardPayload{Title: "Trip notes", Height: 700, Markdown: "## Day one\n\n" +
		"We walked **12 km** along the *coast*; see [the map](https://maps.example/coast) and `route.gpx`.\n\n" +
		"![The hills at noon](hills.png)\n\n" +
		"- pack the `stove`\n- buy **fuel**\n  - 2 cans\n\n" +
		"```sh\nkin shot out.png --events trip.jsonl\n```\n\n" +
		"| Day | km | Weather |\n|---|---:|---|\n| **Mon** | 12 | *sun*, see [the forecast](https://wx.example/mon) |\n" +
		"| Tue | `9` | rain all afternoon, so we took the **bus** back along the coast road to the old town |\n|  | 21 | |\n\n" +
		"![small](small.jpg)\n" + outsideMD})
	b.pics.wait(10 * time.Second)
	if b.pics.poll(); b.pics.pending != 0 {
		t.Fatalf("%d pictures still loading", b.pics.pending)
	}
	return b, host
}

// TestGoldenBoardRich: headings, emphasis, an underlined link, inline
// code, a picture scaled to the panel's width, a list, a code block, a
// table, a small picture at its own size, and a selection across a
// paragraph, highlighted.
func TestGoldenBoardRich(t *testing.T) {
	b, _ := richBoard(t, false)
	var a ambient
	a.board = *b
	grab(700, 740, desk, func(dst *ebiten.Image) { a.draw(dst, 1, 0) }) // lays out
	d := a.board.r.doc
	a.board.sel.a, a.board.sel.b = boxCaret(t, d, "We walked", 3), boxCaret(t, d, "the map", 3)
	a.board.version++
	img := grab(700, 740, desk, func(dst *ebiten.Image) { a.draw(dst, 1, 0) })
	checkGolden(t, "board-rich", img)
	if got, want := a.board.selection(), "walked 12 km along the coast; see the"; got != want {
		t.Errorf("selection %q, want %q", got, want)
	}
}

// boxCaret is the caret off bytes into the text box starting with prefix.
func boxCaret(t *testing.T, d *mdDoc, prefix string, off int) mdCaret {
	t.Helper()
	for i, b := range d.boxes {
		if b.kind == boxText && strings.HasPrefix(b.text, prefix) {
			return mdCaret{i, off}
		}
	}
	t.Fatalf("no text box starts with %q", prefix)
	return mdCaret{}
}

// TestBoardPictures: pictures load from the roots (PNG scaled down to the
// column, JPEG as it is); one outside the roots is refused with the roots'
// reason and never read.
func TestBoardPictures(t *testing.T) {
	b, _ := richBoard(t, true)
	b.layout(608, 1)
	var imgs []mdBox
	var notes []string
	for _, bx := range b.r.doc.boxes {
		switch {
		case bx.kind == boxImage:
			imgs = append(imgs, bx)
		case bx.kind == boxText && strings.HasPrefix(bx.text, "[not mine"):
			notes = append(notes, bx.text)
		}
	}
	if len(imgs) != 2 || imgs[0].w != 608 || imgs[0].h != 228 || imgs[1].w != 120 || imgs[1].h != 60 {
		t.Fatalf("pictures %+v, want hills at 608×228 and the small one at 120×60", imgs)
	}
	if len(notes) == 0 || !strings.Contains(b.r.doc.all(), "outside the folders kin may use") {
		t.Errorf("the picture outside the roots: %q", b.r.doc.all())
	}
}

// TestBoardCopyAndLinks: the Copy button copies the selection, or the
// whole Markdown when nothing is selected; a click on a link opens it
// through the host; a link with another scheme is refused on the board.
func TestBoardCopyAndLinks(t *testing.T) {
	copied, opened := make(chan string, 4), make(chan string, 4)
	host := &BoardHost{Copy: func(s string) error { copied <- s; return nil }, Open: func(s string) error { opened <- s; return nil }}
	b := &board{host: host}
	md := "Read [the guide](https://guide.example/a) or [this](javascript:alert(1)).\n\n- one\n- two\n\n```\nx := 1\n\ty()\n```"
	b.show(protocol.BoardPayload{Markdown: md})
	screen := image.Pt(800, 700)
	grab(800, 700, desk, func(dst *ebiten.Image) { b.draw(dst, 1) })
	r := b.rect(screen, 1)
	b.press(copyRect(r, 1).Min.Add(image.Pt(5, 5)), r, 1)
	if got := <-copied; got != md {
		t.Errorf("Copy with nothing selected gave %q, want the Markdown", got)
	}
	d := b.r.doc
	b.sel.a, b.sel.b = mdCaret{}, mdCaret{len(d.boxes) - 1, len(d.boxes[len(d.boxes)-1].text)}
	want := "Read the guide or this.\n• one\n• two\nx := 1\n    y()"
	if got := b.selection(); got != want {
		t.Errorf("selecting all: %q, want %q", got, want)
	}
	b.press(copyRect(r, 1).Min.Add(image.Pt(5, 5)), r, 1)
	if got := <-copied; got != want {
		t.Errorf("Copy gave %q", got)
	}
	body := bodyRect(r, 1)
	for _, bx := range d.boxes {
		if bx.kind != boxText || bx.link == 0 {
			continue
		}
		at := body.Min.Add(image.Pt(int(bx.x+bx.w/2), int(bx.y+bx.h/2)))
		b.press(at, r, 1)
		b.selecting(at, r, 1) // the button is up: a click
	}
	if got := <-opened; got != "https://guide.example/a" {
		t.Errorf("opened %q", got)
	}
	if n := b.takeNote(); !strings.Contains(n, "javascript:") {
		time.Sleep(50 * time.Millisecond)
		if n += b.takeNote(); !strings.Contains(n, "javascript:") {
			t.Errorf("the javascript: link: note %q, want a refusal", n)
		}
	}
	select {
	case s := <-opened:
		t.Errorf("opened %q", s)
	default:
	}
}

func TestLinkAllowed(t *testing.T) {
	for _, tc := range []struct {
		target string
		want   bool
	}{
		{"https://x.org/a?b", true}, {"http://x.org", true}, {"mailto:a@b.org", true},
		{"notes/plan.md", true}, {"~/notes/plan.md", true},
		{"javascript:alert(1)", false}, {"file:///etc/passwd", false}, {"https://", false},
		{"//evil.org/x", false}, {"", false}, {"#top", false}, {"ftp://x.org", false},
	} {
		if got := linkAllowed(tc.target); got != tc.want {
			t.Errorf("linkAllowed(%q) = %v, want %v", tc.target, got, tc.want)
		}
	}
}
