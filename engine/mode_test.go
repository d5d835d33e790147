package engine

import "testing"

// TestSetMode: the menu, the tray and the settings panel switch between
// the window, the overlay and the desktop canvas, and the menu's canvas
// item names the way back.
func TestSetMode(t *testing.T) {
	g, err := NewGame(Options{Model: loadModel(t, "rpm-visage-male.glb")})
	if err != nil {
		t.Fatal(err)
	}
	g.Layout(480, 720)
	steps := []struct {
		do   func()
		want string
		item string // the menu's canvas item
	}{
		{func() { g.setMode("desktop") }, "desktop", "Character only"},
		{func() { g.menuAction(menuCanvas) }, "overlay", "Desktop canvas"},
		{func() { g.menuAction(menuCanvas) }, "desktop", "Character only"},
		{func() { g.menuAction(menuWindow) }, "window", "Desktop canvas"},
		{func() { g.setMode("no such mode") }, "window", "Desktop canvas"},
		{func() { g.setMode("overlay") }, "overlay", "Desktop canvas"},
		{func() { g.toggleMode() }, "window", "Desktop canvas"},
	}
	for i, s := range steps {
		s.do()
		if g.mode() != s.want || g.ov.menu.items[menuCanvas] != s.item {
			t.Errorf("step %d: mode %q, menu item %q; want %q, %q", i, g.mode(), g.ov.menu.items[menuCanvas], s.want, s.item)
		}
	}
}
