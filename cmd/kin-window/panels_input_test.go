package main

import (
	"bufio"
	"context"
	"encoding/json"
	"image"
	"image/color"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/jezek/xgb"
	"github.com/kin-companion/kin/internal/xshot"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

// liveWindow is kin's window running as a real program under X, driven
// with xdotool as a user would.
type liveWindow struct {
	t      *testing.T
	cmd    *exec.Cmd
	mcp    string // the MCP server's address
	conf   string // the settings file
	opened string // where the stand-in opener writes what it opened
	id     string // the X window
	at     image.Rectangle
	x      *xgb.Conn
}

// startWindow runs the window with its settings in a new config folder
// holding yaml, and waits for its MCP server and its X window.
func startWindow(t *testing.T, bin, yaml string) *liveWindow {
	t.Helper()
	for _, tool := range []string{"xdotool", "xclip"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Fatalf("%s is needed (scripts/deps.sh test installs it)", tool)
		}
	}
	home := t.TempDir()
	conf := filepath.Join(home, "kin", "config.yaml")
	os.MkdirAll(filepath.Dir(conf), 0o700)
	if err := os.WriteFile(conf, []byte(yaml), 0o600); err != nil {
		t.Fatal(err)
	}
	// The system opener is a script that writes down what it was asked to
	// open, so a clicked link reaches no browser.
	stub := t.TempDir()
	w := &liveWindow{t: t, conf: conf, cmd: exec.Command(bin, "--voice", "off"), opened: filepath.Join(stub, "opened")}
	script := "#!/bin/sh\nprintf '%s' \"$1\" > " + w.opened + "\n"
	if err := os.WriteFile(filepath.Join(stub, "xdg-open"), []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	w.cmd.Env = append(cleanEnv(), "XDG_CONFIG_HOME="+home, "XDG_DATA_HOME="+home,
		"PATH="+stub+string(os.PathListSeparator)+os.Getenv("PATH"))
	stderr, _ := w.cmd.StderrPipe()
	if err := w.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		w.cmd.Process.Signal(syscall.SIGTERM)
		w.cmd.Wait()
	})
	w.mcp = mcpAddress(t, stderr)
	out, err := exec.Command("xdotool", "search", "--sync", "--onlyvisible", "--pid", strconv.Itoa(w.cmd.Process.Pid)).Output()
	if err != nil {
		t.Fatalf("xdotool found no window of kin: %v", err)
	}
	w.id = strings.Fields(string(out))[0]
	w.at = w.geometry()
	if w.x, err = xgb.NewConn(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(w.x.Close)
	w.do("mousemove", itoa(w.at.Min.X+w.at.Dx()/2), itoa(w.at.Max.Y-40))
	w.do("windowfocus", "--sync", w.id)
	time.Sleep(300 * time.Millisecond)
	return w
}

// geometry is the window's place on the screen, from the X server.
func (w *liveWindow) geometry() image.Rectangle {
	out, err := exec.Command("xdotool", "getwindowgeometry", "--shell", w.id).Output()
	if err != nil {
		w.t.Fatalf("xdotool getwindowgeometry: %v", err)
	}
	v := map[string]int{}
	for _, ln := range strings.Fields(string(out)) {
		k, s, _ := strings.Cut(ln, "=")
		v[k], _ = strconv.Atoi(s)
	}
	return image.Rect(v["X"], v["Y"], v["X"]+v["WIDTH"], v["Y"]+v["HEIGHT"])
}

// do runs xdotool.
func (w *liveWindow) do(args ...string) {
	w.t.Helper()
	if out, err := exec.Command("xdotool", args...).CombinedOutput(); err != nil {
		w.t.Fatalf("xdotool %v: %v\n%s", args, err, out)
	}
}

// click clicks the left button at p, in window pixels, held as long as a
// hand holds it.
func (w *liveWindow) click(p image.Point) {
	w.t.Helper()
	w.move(p)
	w.do("mousedown", "1", "sleep", "0.08", "mouseup", "1")
	time.Sleep(150 * time.Millisecond)
}

// move moves the pointer to p, in window pixels.
func (w *liveWindow) move(p image.Point) {
	w.t.Helper()
	q := p.Add(w.at.Min)
	w.do("mousemove", itoa(q.X), itoa(q.Y))
	time.Sleep(100 * time.Millisecond) // a few ticks, so the game sees the pointer there (--sync would wait
	// long for a pointer already there)
}

// key presses keys (xdotool's names, "ctrl+c" for a chord) one after
// another, each held for a moment as a hand would.
func (w *liveWindow) key(keys ...string) {
	w.t.Helper()
	var args []string
	for _, k := range keys {
		args = append(args, "keydown", k, "sleep", "0.08", "keyup", k, "sleep", "0.3")
	}
	w.do(args...)
	time.Sleep(100 * time.Millisecond)
}

// pixel is the colour on screen at p, in window pixels.
func (w *liveWindow) pixel(p image.Point) color.RGBA {
	w.t.Helper()
	q := p.Add(w.at.Min)
	img, err := xshot.Grab(w.x, image.Rectangle{Min: q, Max: q.Add(image.Pt(1, 1))})
	if err != nil {
		w.t.Fatalf("reading the screen at %v: %v", q, err)
	}
	return img.RGBAAt(0, 0)
}

// shot writes the window's picture to path (when set: $KIN_DEBUG_SHOT),
// to see what a failure looked like.
func (w *liveWindow) shot(path string) {
	if path == "" {
		return
	}
	if err := xshot.Save(w.x, w.at, path); err != nil {
		w.t.Logf("no picture of the window: %v", err)
		return
	}
	w.t.Logf("the window is in %s", path)
}

// waitPixel waits up to three seconds for the colour at p to be (or, with
// is false, to stop being) near c.
func (w *liveWindow) waitPixel(p image.Point, c color.RGBA, is bool, what string) {
	w.t.Helper()
	var got color.RGBA
	for deadline := time.Now().Add(3 * time.Second); time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
		if got = w.pixel(p); near(got, c) == is {
			return
		}
	}
	w.t.Fatalf("%s: the screen at %v is %v", what, p, got)
}

func near(a, b color.RGBA) bool {
	d := func(x, y uint8) int { return max(int(x)-int(y), int(y)-int(x)) }
	return d(a.R, b.R) <= 6 && d(a.G, b.G) <= 6 && d(a.B, b.B) <= 6
}

// callTool calls one of kin's tools through its MCP server, as another
// agent (or kin's own model) would.
func (w *liveWindow) callTool(name string, args any) {
	w.t.Helper()
	token, err := os.ReadFile(filepath.Join(filepath.Dir(w.conf), "mcp-token"))
	if err != nil {
		w.t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	client := sdk.NewClient(&sdk.Implementation{Name: "test", Version: "1"}, nil)
	cs, err := client.Connect(ctx, &sdk.StreamableClientTransport{Endpoint: "http://" + w.mcp + "/",
		HTTPClient: &http.Client{Transport: bearer{strings.TrimSpace(string(token))}}}, nil)
	if err != nil {
		w.t.Fatal(err)
	}
	defer cs.Close()
	raw, _ := json.Marshal(args)
	if res, err := cs.CallTool(ctx, &sdk.CallToolParams{Name: name, Arguments: json.RawMessage(raw)}); err != nil || res.IsError {
		w.t.Fatalf("%s: %v %+v", name, err, res)
	}
}

// clipboard is the X clipboard's text, read with xclip.
func clipboard() string {
	out, _ := exec.Command("xclip", "-o", "-selection", "clipboard").Output()
	return string(out)
}

// mcpAddress reads a starting kin-window's stderr until it says where
// its MCP server listens (host:port), and keeps draining it.
func mcpAddress(t *testing.T, stderr io.Reader) string {
	t.Helper()
	addrs := make(chan string, 1)
	go func() {
		re := regexp.MustCompile(`MCP server at http://([0-9.:]+)/`)
		sc := bufio.NewScanner(stderr)
		for sc.Scan() {
			if m := re.FindStringSubmatch(sc.Text()); m != nil {
				addrs <- m[1]
			}
		}
	}()
	select {
	case a := <-addrs:
		return a
	case <-time.After(60 * time.Second):
		t.Fatal("the window never said where its MCP server is")
		return ""
	}
}

// freePort is a TCP port free on 127.0.0.1 a moment ago.
func freePort(t *testing.T) int {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return ln.Addr().(*net.TCPAddr).Port
}
