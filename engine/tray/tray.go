package tray

import (
	"errors"
	"fmt"
	"image"
	"os"
	"sync"

	"github.com/godbus/dbus/v5"
	"github.com/godbus/dbus/v5/prop"
)

// D-Bus names of the StatusNotifierItem protocol.
const (
	watcherName  = "org.kde.StatusNotifierWatcher"
	watcherPath  = "/StatusNotifierWatcher"
	itemIface    = "org.kde.StatusNotifierItem"
	itemPath     = "/StatusNotifierItem"
	menuPath     = "/MenuBar"
	registerCall = watcherName + ".RegisterStatusNotifierItem"
)

// ErrNoHost means no tray runs on this desktop: there is no
// StatusNotifierWatcher on the session bus.
var ErrNoHost = errors.New("no tray is running on this desktop, so kin shows no tray icon; " +
	"right-click the character for its menu")

// Item is one entry of the tray's menu.
type Item struct {
	Label  string
	Action func() // called on the bus's goroutine: send it into your own loop
	// Toggle makes the item a checkbox, ticked while Checked (see
	// [Tray.SetChecked]); the action is still what a click runs.
	Toggle, Checked bool
	// Disabled greys the item out.
	Disabled bool
}

// Config configures [Start].
type Config struct {
	ID       string      // the application's id, e.g. "kin"
	Title    string      // shown as the icon's tooltip, e.g. the agent's name
	IconName string      // an icon theme name; "" uses Icon only
	Icon     image.Image // drawn when the theme has no IconName; may be nil
	Items    []Item      // the menu, top to bottom
	Activate func()      // a left click on the icon; nil opens the menu
}

// Tray is kin's icon in the tray, registered until [Tray.Close].
type Tray struct {
	conn  *dbus.Conn
	name  string
	props *prop.Properties
	menu  *menu
	once  sync.Once
}

// Start shows the icon: it claims a bus name for the item, exports the
// item and its menu, and registers with the desktop's watcher. It returns
// ErrNoHost when no tray runs.
func Start(conn *dbus.Conn, cfg Config) (*Tray, error) {
	if cfg.ID == "" {
		cfg.ID = "kin"
	}
	if !hasOwner(conn, watcherName) {
		return nil, ErrNoHost
	}
	t := &Tray{conn: conn, name: fmt.Sprintf("org.kde.StatusNotifierItem-%d-1", os.Getpid())}
	if reply, err := conn.RequestName(t.name, dbus.NameFlagDoNotQueue); err != nil || reply != dbus.RequestNameReplyPrimaryOwner {
		return nil, fmt.Errorf("tray: could not claim the bus name %s (%v)", t.name, err)
	}
	t.menu = newMenu(conn, cfg.Items)
	if err := t.export(cfg); err != nil {
		t.Close()
		return nil, err
	}
	if err := conn.Object(watcherName, watcherPath).Call(registerCall, 0, t.name).Err; err != nil {
		t.Close()
		return nil, fmt.Errorf("tray: the desktop's tray refused kin's icon: %w", err)
	}
	return t, nil
}

// hasOwner reports whether a bus name has an owner.
func hasOwner(conn *dbus.Conn, name string) bool {
	var ok bool
	err := conn.BusObject().Call("org.freedesktop.DBus.NameHasOwner", 0, name).Store(&ok)
	return err == nil && ok
}

// export publishes the item's methods and properties and the menu.
func (t *Tray) export(cfg Config) error {
	var pix []pixmap
	if cfg.Icon != nil {
		pix = []pixmap{argb(cfg.Icon)}
	}
	ro := func(v any) *prop.Prop { return &prop.Prop{Value: v, Emit: prop.EmitTrue} }
	props, err := prop.Export(t.conn, itemPath, prop.Map{itemIface: {
		"Category": ro("ApplicationStatus"), "Id": ro(cfg.ID), "Title": ro(cfg.Title),
		"Status": ro("Active"), "IconName": ro(cfg.IconName), "IconPixmap": ro(pix),
		"ToolTip":    ro(tooltip{Title: cfg.Title, Icon: []pixmap{}}),
		"ItemIsMenu": ro(cfg.Activate == nil), "Menu": ro(dbus.ObjectPath(menuPath)),
	}})
	if err != nil {
		return fmt.Errorf("tray: export the icon's properties: %w", err)
	}
	t.props = props
	if err := t.conn.Export(itemMethods{cfg.Activate, t.menu}, itemPath, itemIface); err != nil {
		return fmt.Errorf("tray: export the icon: %w", err)
	}
	return t.menu.export()
}

// SetLabel changes menu item i's label (e.g. "Mute microphone" to
// "Unmute microphone") and tells the tray to show it.
func (t *Tray) SetLabel(i int, label string) { t.menu.setLabel(i, label) }

// SetChecked ticks (on) or clears checkbox item i and tells the tray.
func (t *Tray) SetChecked(i int, on bool) { t.menu.setChecked(i, on) }

// Close takes the icon out of the tray.
func (t *Tray) Close() error {
	var err error
	t.once.Do(func() {
		t.conn.Export(nil, itemPath, itemIface)
		t.conn.Export(nil, menuPath, menuIface)
		_, err = t.conn.ReleaseName(t.name)
	})
	return err
}

// pixmap is one icon image: width, height, ARGB32 pixels in network byte
// order.
type pixmap struct {
	W, H int32
	Pix  []byte
}

// tooltip is the StatusNotifierItem tooltip: icon name, icons, title, text.
type tooltip struct {
	IconName string
	Icon     []pixmap
	Title    string
	Text     string
}

// argb converts an image to the item's pixmap format.
func argb(img image.Image) pixmap {
	b := img.Bounds()
	p := pixmap{W: int32(b.Dx()), H: int32(b.Dy()), Pix: make([]byte, 0, 4*b.Dx()*b.Dy())}
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			r, g, bl, a := img.At(x, y).RGBA()
			p.Pix = append(p.Pix, byte(a>>8), byte(r>>8), byte(g>>8), byte(bl>>8))
		}
	}
	return p
}

// itemMethods are the StatusNotifierItem's methods.
type itemMethods struct {
	activate func()
	menu     *menu
}

// Activate is a left click on the icon.
func (m itemMethods) Activate(x, y int32) *dbus.Error {
	if m.activate != nil {
		m.activate()
	}
	return nil
}

// SecondaryActivate is a middle click; kin treats it as a left click.
func (m itemMethods) SecondaryActivate(x, y int32) *dbus.Error { return m.Activate(x, y) }

// ContextMenu is a right click where the host does not show the menu
// itself; kin's menu is served over dbusmenu, so there is nothing to do.
func (m itemMethods) ContextMenu(x, y int32) *dbus.Error { return nil }

// Scroll is the wheel over the icon; kin ignores it.
func (m itemMethods) Scroll(delta int32, orientation string) *dbus.Error { return nil }
