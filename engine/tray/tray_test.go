package tray

import (
	"bufio"
	"errors"
	"image"
	"image/color"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/godbus/dbus/v5"
)

// sessionBus starts a private dbus-daemon and returns its address.
func sessionBus(t *testing.T) string {
	t.Helper()
	if _, err := exec.LookPath("dbus-daemon"); err != nil {
		t.Fatal("dbus-daemon is needed (apt-get install dbus-daemon)")
	}
	dir := t.TempDir()
	conf := filepath.Join(dir, "bus.conf")
	os.WriteFile(conf, []byte(`<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
 "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<busconfig><type>session</type><listen>unix:dir=`+dir+`</listen>
<policy context="default"><allow send_destination="*" eavesdrop="true"/><allow eavesdrop="true"/><allow own="*"/></policy>
</busconfig>`), 0o644)
	cmd := exec.Command("dbus-daemon", "--config-file="+conf, "--nofork", "--print-address=1")
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	line, err := bufio.NewReader(out).ReadString('\n')
	if err != nil {
		t.Fatalf("dbus-daemon printed no address: %v", err)
	}
	return strings.TrimSpace(line)
}

func connect(t *testing.T, addr string) *dbus.Conn {
	t.Helper()
	c, err := dbus.Connect(addr)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	return c
}

// watcher is a StatusNotifierWatcher, as a desktop's tray runs it.
type watcher struct {
	mu    sync.Mutex
	items []string
}

func (w *watcher) RegisterStatusNotifierItem(service string) *dbus.Error {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.items = append(w.items, service)
	return nil
}

func startWatcher(t *testing.T, addr string) *watcher {
	t.Helper()
	c := connect(t, addr)
	w := &watcher{}
	if err := c.Export(w, watcherPath, watcherName); err != nil {
		t.Fatal(err)
	}
	if r, err := c.RequestName(watcherName, dbus.NameFlagDoNotQueue); err != nil || r != dbus.RequestNameReplyPrimaryOwner {
		t.Fatalf("watcher name: %v %v", r, err)
	}
	return w
}

// TestTray registers the icon with a watcher on a real bus, reads its
// properties and menu as a tray host does, and clicks a menu item.
func TestTray(t *testing.T) {
	addr := sessionBus(t)
	w := startWatcher(t, addr)
	clicked := make(chan string, 4)
	icon := image.NewRGBA(image.Rect(0, 0, 2, 1))
	icon.Set(0, 0, color.RGBA{255, 0, 0, 255})
	tr, err := Start(connect(t, addr), Config{ID: "kin", Title: "Ada", Icon: icon, Items: []Item{
		{Label: "Show / hide", Action: func() { clicked <- "show" }},
		{Label: "Mute microphone", Action: func() { clicked <- "mute" }},
		{Label: "Quit", Action: func() { clicked <- "quit" }},
	}})
	if err != nil {
		t.Fatal(err)
	}
	defer tr.Close()
	w.mu.Lock()
	items := append([]string(nil), w.items...)
	w.mu.Unlock()
	if len(items) != 1 || !strings.HasPrefix(items[0], "org.kde.StatusNotifierItem-") {
		t.Fatalf("watcher saw %q", items)
	}

	host := connect(t, addr)
	item := host.Object(items[0], itemPath)
	for name, want := range map[string]any{"Id": "kin", "Title": "Ada", "Status": "Active", "Menu": dbus.ObjectPath(menuPath), "ItemIsMenu": true} {
		v, err := item.GetProperty(itemIface + "." + name)
		if err != nil || v.Value() != want {
			t.Errorf("property %s: %v, %v; want %v", name, v.Value(), err, want)
		}
	}
	var pix []struct {
		W, H int32
		Pix  []byte
	}
	if v, err := item.GetProperty(itemIface + ".IconPixmap"); err != nil || v.Store(&pix) != nil || len(pix) != 1 ||
		pix[0].W != 2 || string(pix[0].Pix[:4]) != "\xff\xff\x00\x00" {
		t.Errorf("icon pixmap %+v, %v", pix, err)
	}

	labels := func() []string {
		var rev uint32
		var root struct {
			ID       int32
			Props    map[string]dbus.Variant
			Children []dbus.Variant
		}
		if err := host.Object(items[0], menuPath).Call(menuIface+".GetLayout", 0, int32(0), int32(-1), []string{}).Store(&rev, &root); err != nil {
			t.Fatal(err)
		}
		var out []string
		for _, c := range root.Children {
			n := c.Value().([]any)
			out = append(out, n[1].(map[string]dbus.Variant)["label"].Value().(string))
		}
		return out
	}
	if got := labels(); strings.Join(got, "|") != "Show / hide|Mute microphone|Quit" {
		t.Errorf("menu %q", got)
	}
	if err := host.Object(items[0], menuPath).Call(menuIface+".Event", 0, int32(2), "clicked", dbus.MakeVariant(""), uint32(0)).Err; err != nil {
		t.Fatal(err)
	}
	select {
	case c := <-clicked:
		if c != "mute" {
			t.Errorf("clicked %q, want mute", c)
		}
	case <-time.After(2 * time.Second):
		t.Fatal("the menu click did not run its action")
	}
	tr.SetLabel(1, "Unmute microphone")
	if got := labels(); got[1] != "Unmute microphone" {
		t.Errorf("after SetLabel: %q", got)
	}
}

// TestNoHost: without a watcher Start says there is no tray.
func TestNoHost(t *testing.T) {
	addr := sessionBus(t)
	if _, err := Start(connect(t, addr), Config{Title: "kin"}); !errors.Is(err, ErrNoHost) {
		t.Errorf("error %v, want ErrNoHost", err)
	}
}
