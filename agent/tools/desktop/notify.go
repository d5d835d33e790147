package desktop

import (
	"context"
	_ "embed"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/godbus/dbus/v5"
	"github.com/kin-companion/kin/agent/tools"
)

//go:embed notify.md
var notifyDescription string

var notifySchema = json.RawMessage(`{"type":"object","properties":{
 "title":{"type":"string","description":"Short headline of the notification"},
 "body":{"type":"string","description":"The message"},
 "urgency":{"type":"string","enum":["low","normal","critical"],"default":"normal"}},"required":["title","body"]}`)

// Freedesktop notification service names.
const (
	notifyService = "org.freedesktop.Notifications"
	notifyPath    = "/org/freedesktop/Notifications"
	notifyMethod  = notifyService + ".Notify"
	notifyMaxText = 4000
)

var urgencies = map[string]byte{"low": 0, "normal": 1, "critical": 2}

type notifyArgs struct {
	Title   string `json:"title"`
	Body    string `json:"body"`
	Urgency string `json:"urgency"`
}

func (d *Desktop) notifyTool() *tools.Tool {
	return &tools.Tool{Name: "notify", Description: notifyDescription, Schema: notifySchema,
		Meta: tools.Meta{Risk: tools.Low, ConcurrencySafe: true},
		Run: func(ctx context.Context, args json.RawMessage) (string, error) {
			a, err := tools.Decode[notifyArgs]("notify", args, notifySchema)
			if err != nil {
				return "", err
			}
			if err := a.check(); err != nil {
				return "", fmt.Errorf("notify: %w", err)
			}
			id, err := Within(ctx, func() (uint32, error) { return d.notify(ctx, a) })
			if err != nil {
				return "", fmt.Errorf("notify: %w", err)
			}
			return fmt.Sprintf("Showed the notification %q (id %d).", a.Title, id), nil
		},
		Assess: func(args json.RawMessage) tools.Assessment {
			a, _ := tools.Decode[notifyArgs]("notify", args, notifySchema)
			return tools.Assessment{Summary: fmt.Sprintf("show a desktop notification %s", quoteShort(a.Title, 80))}
		}}
}

func (a *notifyArgs) check() error {
	if a.Urgency == "" {
		a.Urgency = "normal"
	}
	switch {
	case strings.TrimSpace(a.Title) == "":
		return fmt.Errorf("the title argument is missing or empty")
	case len(a.Title)+len(a.Body) > notifyMaxText:
		return fmt.Errorf("title and body together are %d bytes; keep them under %d",
			len(a.Title)+len(a.Body), notifyMaxText)
	}
	if _, ok := urgencies[a.Urgency]; !ok {
		return fmt.Errorf("urgency must be low, normal or critical, not %q", a.Urgency)
	}
	return nil
}

// notify sends one Notify call on the session bus and returns its id.
func (d *Desktop) notify(ctx context.Context, a notifyArgs) (uint32, error) {
	addr, err := d.busAddress()
	if err != nil {
		return 0, err
	}
	conn, err := dbus.Connect(addr, dbus.WithContext(ctx))
	if err != nil {
		return 0, fmt.Errorf("could not connect to the D-Bus session bus at %s: %w", addr, err)
	}
	defer conn.Close()
	hints := map[string]dbus.Variant{"urgency": dbus.MakeVariant(urgencies[a.Urgency])}
	var id uint32
	err = conn.Object(notifyService, notifyPath).CallWithContext(ctx, notifyMethod, 0,
		"kin", uint32(0), "", a.Title, a.Body, []string{}, hints, int32(-1)).Store(&id)
	var derr dbus.Error
	if errors.As(err, &derr) && (derr.Name == "org.freedesktop.DBus.Error.ServiceUnknown" ||
		derr.Name == "org.freedesktop.DBus.Error.NameHasNoOwner") {
		return 0, fmt.Errorf("no notification server is running on this session bus " +
			"(a desktop normally provides one: GNOME Shell, KDE Plasma, dunst or mako)")
	}
	if err != nil {
		return 0, fmt.Errorf("the notification server refused the notification: %w", err)
	}
	return id, nil
}

// busAddress is Config.BusAddress, $DBUS_SESSION_BUS_ADDRESS or the
// per-user socket; never an autolaunched bus.
func (d *Desktop) busAddress() (string, error) {
	if d.cfg.BusAddress != "" {
		return d.cfg.BusAddress, nil
	}
	if a := os.Getenv("DBUS_SESSION_BUS_ADDRESS"); a != "" {
		return a, nil
	}
	if dir := os.Getenv("XDG_RUNTIME_DIR"); dir != "" {
		if p := filepath.Join(dir, "bus"); fileExists(p) {
			return "unix:path=" + p, nil
		}
	}
	return "", fmt.Errorf("this session has no D-Bus session bus, so desktop notifications " +
		"cannot be shown (DBUS_SESSION_BUS_ADDRESS is unset)")
}

func fileExists(p string) bool {
	_, err := os.Stat(p)
	return err == nil
}
