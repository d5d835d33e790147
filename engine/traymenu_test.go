package engine

import (
	"sync"
	"testing"
	"time"

	"github.com/godbus/dbus/v5"

	"github.com/kin-companion/kin/internal/keyring/keyringtest"
)

// snWatcher is a desktop's StatusNotifierWatcher, for kin's icon to
// register with.
type snWatcher struct {
	mu    sync.Mutex
	items []string
}

func (w *snWatcher) RegisterStatusNotifierItem(service string) *dbus.Error {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.items = append(w.items, service)
	return nil
}

// TestTrayMuteAndSettings starts the window's tray on a real session bus
// with a watcher, clicks "Mute microphone" and "Settings…" as a tray host
// does, and checks the microphone, the saved setting, the checkbox and
// the panel.
func TestTrayMuteAndSettings(t *testing.T) {
	addr := keyringtest.StartBus(t) // a private dbus-daemon
	t.Setenv("DBUS_SESSION_BUS_ADDRESS", addr)
	host, err := dbus.Connect(addr)
	if err != nil {
		t.Fatal(err)
	}
	defer host.Close()
	w := &snWatcher{}
	host.Export(w, "/StatusNotifierWatcher", "org.kde.StatusNotifierWatcher")
	if r, err := host.RequestName("org.kde.StatusNotifierWatcher", dbus.NameFlagDoNotQueue); err != nil || r != dbus.RequestNameReplyPrimaryOwner {
		t.Fatalf("watcher: %v %v", r, err)
	}
	src := newFakeSettings()
	g := panelGame(t, src)
	var mic []bool
	g.opts.Mute = func(on bool) { mic = append(mic, on) }
	g.trayActs = make(chan trayAction, 4)
	g.startTray()
	if g.tray == nil {
		t.Fatal("no tray icon")
	}
	defer g.tray.Close()
	w.mu.Lock()
	name := w.items[0]
	w.mu.Unlock()
	menu := host.Object(name, "/MenuBar")
	item := func(id int32) map[string]dbus.Variant {
		var rev uint32
		var root struct {
			ID       int32
			Props    map[string]dbus.Variant
			Children []dbus.Variant
		}
		if err := menu.Call("com.canonical.dbusmenu.GetLayout", 0, int32(0), int32(-1), []string{}).Store(&rev, &root); err != nil {
			t.Fatal(err)
		}
		return root.Children[id-1].Value().([]any)[1].(map[string]dbus.Variant)
	}
	click := func(id int32) {
		if err := menu.Call("com.canonical.dbusmenu.Event", 0, id, "clicked", dbus.MakeVariant(""), uint32(0)).Err; err != nil {
			t.Fatal(err)
		}
		for deadline := time.Now().Add(2 * time.Second); len(g.trayActs) == 0 && time.Now().Before(deadline); {
			time.Sleep(5 * time.Millisecond)
		}
		g.trayChoices()
	}
	mute := item(trayMuteItem + 1)
	if mute["label"].Value() != "Mute microphone" || mute["toggle-type"].Value() != "checkmark" || mute["toggle-state"].Value() != int32(0) {
		t.Fatalf("mute item %v", mute)
	}
	if l := item(trayMuteItem + 2)["label"].Value(); l != "Settings…" {
		t.Fatalf("settings item %v", l)
	}
	click(trayMuteItem + 1)
	if len(mic) != 1 || !mic[0] || src.saved["micMuted"] != "true" || item(trayMuteItem + 1)["toggle-state"].Value() != int32(1) {
		t.Errorf("after mute: mic %v, saved %q, state %v", mic, src.saved["micMuted"], item(trayMuteItem + 1)["toggle-state"].Value())
	}
	click(trayMuteItem + 1)
	if len(mic) != 2 || mic[1] || item(trayMuteItem + 1)["toggle-state"].Value() != int32(0) {
		t.Errorf("after unmute: mic %v", mic)
	}
	click(trayMuteItem + 2)
	if !g.set.open || len(g.set.rows) == 0 {
		t.Error("Settings… did not open the panel")
	}
	canvas := item(trayCanvasItem + 1)
	if canvas["label"].Value() != "Desktop canvas" || canvas["toggle-state"].Value() != int32(0) {
		t.Fatalf("canvas item %v", canvas)
	}
	click(trayCanvasItem + 1)
	if !g.desktop() || item(trayCanvasItem + 1)["toggle-state"].Value() != int32(1) || g.ov.menu.items[menuCanvas] != "Character only" {
		t.Errorf("after Desktop canvas: desktop %v, state %v, menu %q", g.desktop(), item(trayCanvasItem + 1)["toggle-state"].Value(), g.ov.menu.items[menuCanvas])
	}
	click(trayCanvasItem + 1)
	if g.desktop() || !g.overlay || item(trayCanvasItem + 1)["toggle-state"].Value() != int32(0) {
		t.Errorf("after Desktop canvas again: desktop %v, overlay %v", g.desktop(), g.overlay)
	}
}
