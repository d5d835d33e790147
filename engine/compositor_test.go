package engine

import (
	"errors"
	"testing"

	"github.com/jezek/xgb"
	"github.com/jezek/xgb/xproto"
)

// TestCompositing asks the X server who owns _NET_WM_CM_S0: nobody under a
// bare Xvfb, then a client that takes the selection, as a compositing
// manager does.
func TestCompositing(t *testing.T) {
	ok, err := compositing()
	if err != nil {
		t.Fatal(err)
	}
	if ok {
		t.Skip("a compositing manager runs on this display")
	}
	c, err := xgb.NewConn()
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	screen := xproto.Setup(c).DefaultScreen(c)
	win, err := xproto.NewWindowId(c)
	if err != nil {
		t.Fatal(err)
	}
	if err := xproto.CreateWindowChecked(c, 0, win, screen.Root, 0, 0, 1, 1, 0, xproto.WindowClassInputOnly, 0, 0, nil).Check(); err != nil {
		t.Fatal(err)
	}
	atom, err := xproto.InternAtom(c, false, uint16(len("_NET_WM_CM_S0")), "_NET_WM_CM_S0").Reply()
	if err != nil {
		t.Fatal(err)
	}
	if err := xproto.SetSelectionOwnerChecked(c, win, atom.Atom, xproto.TimeCurrentTime).Check(); err != nil {
		t.Fatal(err)
	}
	if ok, err := compositing(); err != nil || !ok {
		t.Errorf("with the selection owned: compositing() = %v, %v; want true", ok, err)
	}
}

// TestOpaqueOverlayWarning: switching to the overlay without a compositor
// says why the background is black, once, and the notice it interrupts is
// shown after it.
func TestOpaqueOverlayWarning(t *testing.T) {
	if ok, _ := compositing(); ok {
		t.Skip("a compositing manager runs on this display")
	}
	g, err := NewGame(Options{Model: loadModel(t, "BoxTextured.glb"), Notices: []string{"a notice"}})
	if err != nil {
		t.Fatal(err)
	}
	g.overlay = true
	g.applyMode()
	if g.ui.errMsg != noCompositor {
		t.Fatalf("message %q, want the missing-compositor warning", g.ui.errMsg)
	}
	if len(g.ui.queue) != 1 || g.ui.queue[0] != "a notice" {
		t.Errorf("queue %q, want the interrupted notice next", g.ui.queue)
	}
	g.ui.showError(0, errors.New("something else"))
	g.overlay = false
	g.applyMode()
	g.overlay = true
	g.applyMode()
	if g.ui.errMsg == noCompositor {
		t.Error("the warning came again on the second switch")
	}
	g.overlay = false
	g.applyMode()
}
