package engine

import "testing"

// TestAmbientRate: while only the glow changes it is repainted
// ambientRate times a second, the first time at once, and not at all once
// it is dark.
func TestAmbientRate(t *testing.T) {
	g := &Game{}
	g.amb.glow.energy = 0.5
	due := 0
	first := false
	for g.tick = 1; g.tick <= TickRate; g.tick++ {
		if g.tick%2 == 1 { // a frame every other tick: 30 a second
			ok := g.ambientDue()
			if g.tick == 1 {
				first = ok
			}
			if ok {
				due++
			}
		}
	}
	if !first {
		t.Error("the glow was not painted the frame it lit")
	}
	if due != ambientRate {
		t.Errorf("repainted %d times in a second, want %d", due, ambientRate)
	}
	g.amb.glow.energy = 0
	if g.ambientDue() {
		t.Error("a dark glow is due for repainting")
	}
	g.amb.glow.energy = 0.5
	if !g.ambientDue() {
		t.Error("a glow lit again was not painted at once")
	}
}

// TestChatChanged: the bubble is repainted when it appears, when its text
// or status changes and when it goes, not every frame it stays the same;
// the chat panel is repainted every frame.
func TestChatChanged(t *testing.T) {
	g := &Game{chat: &chat{}}
	steps := []struct {
		name string
		act  func(c *chat)
		want bool
	}{
		{"nothing", func(*chat) {}, false},
		{"a reply", func(c *chat) { c.say("hello") }, true},
		{"the same reply", func(*chat) {}, false},
		{"more words", func(c *chat) { c.say("hello there") }, true},
		{"a status", func(c *chat) { c.status = "thinking…" }, true},
		{"still the same", func(*chat) {}, false},
		{"gone", func(c *chat) { c.bubble, c.status = "", "" }, true},
		{"typing", func(c *chat) { c.focused = true }, true},
		{"still typing", func(*chat) {}, true},
	}
	for _, s := range steps {
		s.act(g.chat)
		if got := g.chatChanged(0); got != s.want {
			t.Errorf("%s: chatChanged = %v, want %v", s.name, got, s.want)
		}
	}
}
