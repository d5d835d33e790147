package engine

import (
	"image/color"
	"strings"
	"testing"
)

// chatSample is a reply with the Markdown a model writes in chat.
const chatSample = "Here is the **plan** for *today*:\n\n" +
	"1. run `go test ./...`\n2. read [the docs](https://kin.example/docs)\n\n" +
	"```\nmake bench\n```\nThat's all."

// TestGoldenChatMarkdown: the speech bubble and the history panel set
// Markdown — bold, italic, inline code, a numbered list, a link and a
// code block — instead of showing its marks.
func TestGoldenChatMarkdown(t *testing.T) {
	g, err := NewGame(Options{Model: loadModel(t, "rpm-visage-male.glb"), Brain: &fakeBrain{}})
	if err != nil {
		t.Fatal(err)
	}
	w, h := g.Layout(560, 760)
	c := g.chat
	c.history = []chatLine{
		{user: true, text: "what's the **plan**?"},
		{text: "Two steps: `go vet` and then *ship it* — see https://kin.example/ship."},
		{user: true, text: "and after that?"},
	}
	c.focused, c.input = true, []rune("thanks")
	c.say(chatSample)
	screen := newTestScreen(t, w, h)
	screen.Fill(color.RGBA{70, 80, 100, 255})
	g.dirty = true
	g.Draw(screen)
	checkGolden(t, "chat-markdown", readBack(screen))
}

// TestChatMarkdownText: what the bubble shows has no Markdown marks left,
// and a reply too long for the bubble shows its last lines.
func TestChatMarkdownText(t *testing.T) {
	var m chatMD
	d := m.doc(chatSample, inkBubble, 300, 14, 1)
	got := d.all()
	if strings.ContainsAny(got, "*`[]") || !strings.Contains(got, "plan for today") || !strings.Contains(got, "go test ./...") {
		t.Errorf("bubble text %q still has Markdown marks", got)
	}
	if d2 := m.doc(chatSample, inkBubble, 300, 14, 1); d2 != d {
		t.Error("the same text was laid out again")
	}
	long := strings.Repeat("word ", 400)
	ld := m.doc(long, inkBubble, 300, 14, 1)
	from := ld.cutAt(ld.height - 14*1.4*bubbleLines)
	if from <= 0 || ld.height-from > 14*1.4*bubbleLines {
		t.Errorf("cut at %v of %v: want the last lines", from, ld.height)
	}
}

// TestChatMarkdownTable: a table in a reply sets its cells' Markdown as
// the board does, wrapped to the bubble's width, and copies without marks.
func TestChatMarkdownTable(t *testing.T) {
	var m chatMD
	d := m.doc("| Step | How |\n|---|---|\n| **test** | run `go test ./...` and read [the docs](https://kin.example/docs) |",
		inkBubble, 200, 14, 1)
	if got, want := d.all(), "Step\tHow\ntest\trun go test ./... and read the docs"; got != want {
		t.Errorf("table text %q, want %q", got, want)
	}
	if len(d.links) != 1 || d.links[0] != "https://kin.example/docs" || d.width > 200 {
		t.Errorf("links %q, width %v: want the docs' link within 200 pixels", d.links, d.width)
	}
}
