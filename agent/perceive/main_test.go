package perceive

import (
	"bufio"
	"fmt"
	"io"
	"log"
	"os"
	"os/exec"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/jezek/xgb"
	"github.com/jezek/xgb/xproto"
	"github.com/kin-companion/kin/agent/tools/desktop"
)

// xvfb is the package's test X server, started on first need.
var xvfb struct {
	once    sync.Once
	cmd     *exec.Cmd
	display string
	err     error
}

func TestMain(m *testing.M) {
	xgb.Logger = log.New(io.Discard, "", 0)
	code := m.Run()
	if xvfb.cmd != nil {
		_ = xvfb.cmd.Process.Signal(syscall.SIGTERM)
		_ = xvfb.cmd.Wait()
	}
	os.Exit(code)
}

// needX returns the display of a 1280x720 Xvfb, skipping when Xvfb is not
// installed.
func needX(tb testing.TB) string {
	tb.Helper()
	xvfb.once.Do(func() { xvfb.cmd, xvfb.display, xvfb.err = startXvfb() })
	if xvfb.err != nil {
		tb.Skipf("no test X server: %v", xvfb.err)
	}
	return xvfb.display
}

// startXvfb starts Xvfb on a free display it reports through -displayfd.
func startXvfb() (*exec.Cmd, string, error) {
	if _, err := exec.LookPath("Xvfb"); err != nil {
		return nil, "", fmt.Errorf("Xvfb is not installed (apt-get install xvfb)")
	}
	r, w, err := os.Pipe()
	if err != nil {
		return nil, "", err
	}
	defer r.Close()
	cmd := exec.Command("Xvfb", "-displayfd", "3", "-screen", "0", "1280x720x24", "-nolisten", "tcp", "-noreset")
	cmd.ExtraFiles = []*os.File{w}
	if err := cmd.Start(); err != nil {
		w.Close()
		return nil, "", fmt.Errorf("start Xvfb: %w", err)
	}
	w.Close()
	line := make(chan string, 1)
	go func() {
		s, _ := bufio.NewReader(r).ReadString('\n')
		line <- strings.TrimSpace(s)
	}()
	select {
	case s := <-line:
		if s != "" {
			return cmd, ":" + s, nil
		}
	case <-time.After(10 * time.Second):
	}
	_ = cmd.Process.Kill()
	_ = cmd.Wait()
	return nil, "", fmt.Errorf("Xvfb did not report its display")
}

// xprobe is the real X probe of display with the desktop screenshot tool.
func xprobe(t testing.TB, display string) *X {
	d := desktop.New(desktop.Config{Display: display})
	x := NewX(display, ScreenshotTool(d.Tools()))
	t.Cleanup(func() { x.Close(); d.Close() })
	return x
}

// session is the test's own X client: it maps windows and, standing in
// for a window manager, keeps _NET_CLIENT_LIST.
type session struct {
	t       testing.TB
	c       *xgb.Conn
	screen  *xproto.ScreenInfo
	clients []xproto.Window
}

func newSession(t testing.TB, display string) *session {
	t.Helper()
	c, err := xgb.NewConnDisplay(display)
	if err != nil {
		t.Fatalf("test connection: %v", err)
	}
	s := &session{t: t, c: c, screen: xproto.Setup(c).DefaultScreen(c)}
	t.Cleanup(func() {
		s.setClients(nil)
		c.Close()
	})
	return s
}

// window maps a titled window of colour (0xRRGGBB) at (x, y) sized w×h,
// lists it as a client and returns it; it is destroyed at cleanup.
func (s *session) window(title string, x, y, w, h int, colour uint32) xproto.Window {
	s.t.Helper()
	id, err := xproto.NewWindowId(s.c)
	if err != nil {
		s.t.Fatal(err)
	}
	err = xproto.CreateWindowChecked(s.c, s.screen.RootDepth, id, s.screen.Root, int16(x), int16(y),
		uint16(w), uint16(h), 0, xproto.WindowClassInputOutput, s.screen.RootVisual,
		xproto.CwBackPixel|xproto.CwOverrideRedirect, []uint32{colour, 1}).Check()
	if err != nil {
		s.t.Fatalf("create window: %v", err)
	}
	xproto.ChangeProperty(s.c, xproto.PropModeReplace, id, xproto.AtomWmName, xproto.AtomString, 8,
		uint32(len(title)), []byte(title))
	if err := xproto.MapWindowChecked(s.c, id).Check(); err != nil {
		s.t.Fatalf("map window: %v", err)
	}
	s.setClients(append(s.clients, id))
	s.t.Cleanup(func() { s.destroy(id) })
	return id
}

// destroy unmaps and forgets a window.
func (s *session) destroy(id xproto.Window) {
	var keep []xproto.Window
	for _, w := range s.clients {
		if w != id {
			keep = append(keep, w)
		}
	}
	s.setClients(keep)
	xproto.DestroyWindowChecked(s.c, id).Check()
}

// setClients writes _NET_CLIENT_LIST on the root window and waits until
// the server has it.
func (s *session) setClients(ids []xproto.Window) {
	s.clients = ids
	a, err := xproto.InternAtom(s.c, false, uint16(len("_NET_CLIENT_LIST")), "_NET_CLIENT_LIST").Reply()
	if err != nil {
		s.t.Fatal(err)
	}
	data := make([]byte, 4*len(ids))
	for i, id := range ids {
		xgb.Put32(data[4*i:], uint32(id))
	}
	err = xproto.ChangePropertyChecked(s.c, xproto.PropModeReplace, s.screen.Root, a.Atom,
		xproto.AtomWindow, 32, uint32(len(ids)), data).Check()
	if err != nil {
		s.t.Fatalf("set _NET_CLIENT_LIST: %v", err)
	}
}
