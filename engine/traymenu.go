package engine

import (
	"errors"
	"os"
	"strconv"

	"github.com/godbus/dbus/v5"
	"github.com/hajimehoshi/ebiten/v2"

	"github.com/kin-companion/kin/engine/tray"
)

// trayAction is a tray menu choice, run inside Update.
type trayAction int

const (
	trayShowHide trayAction = iota
	trayMode
	trayCanvas
	trayMute
	traySettings
	trayQuit
)

// The indices of the tray menu's checkboxes: "Desktop canvas" and "Mute
// microphone".
const (
	trayCanvasItem = 2
	trayMuteItem   = 3
)

// startTray puts kin's icon in the desktop's tray (StatusNotifierItem)
// with show/hide, window/overlay, desktop canvas (a checkbox), mute microphone (a checkbox, when kin
// has a microphone), settings and quit; the choices are run in Update.
// Where no tray runs, the user is told once and kin goes on.
func (g *Game) startTray() {
	if os.Getenv("DBUS_SESSION_BUS_ADDRESS") == "" {
		return // no session bus to find a tray on (and no autolaunching one)
	}
	conn, err := dbus.ConnectSessionBus()
	if err != nil {
		return // no session bus: no desktop tray either
	}
	send := func(a trayAction) func() {
		return func() {
			select {
			case g.trayActs <- a:
			default:
			}
		}
	}
	title := g.opts.Title
	if title == "" {
		title = "kin"
	}
	t, err := tray.Start(conn, tray.Config{ID: "kin", Title: title, IconName: "face-smile",
		Items: []tray.Item{{Label: "Show / hide", Action: send(trayShowHide)},
			{Label: "Window / overlay", Action: send(trayMode)},
			{Label: "Desktop canvas", Action: send(trayCanvas), Toggle: true, Checked: g.desktop()},
			{Label: "Mute microphone", Action: send(trayMute), Toggle: true, Checked: g.muted, Disabled: g.opts.Mute == nil},
			{Label: "Settings…", Action: send(traySettings), Disabled: g.opts.Settings == nil},
			{Label: "Quit", Action: send(trayQuit)}},
		Activate: send(trayShowHide)})
	if err != nil {
		conn.Close()
		if errors.Is(err, tray.ErrNoHost) {
			g.ui.notify(err.Error())
		}
		return
	}
	g.tray = t
}

// trayChoices runs the tray's menu choices made since the last tick.
func (g *Game) trayChoices() {
	for {
		select {
		case a := <-g.trayActs:
			switch a {
			case trayShowHide:
				if ebiten.IsWindowMinimized() {
					ebiten.RestoreWindow()
				} else {
					ebiten.MinimizeWindow()
				}
			case trayMode:
				g.toggleMode()
			case trayCanvas:
				g.toggleCanvas()
			case trayMute:
				g.changeMute()
			case traySettings:
				if ebiten.IsWindowMinimized() {
					ebiten.RestoreWindow()
				}
				g.openSettings()
			case trayQuit:
				g.quit = true
			}
		default:
			return
		}
	}
}

// changeMute flips the microphone from the tray, saving it as micMuted
// when the settings panel is connected.
func (g *Game) changeMute() {
	on := !g.muted
	if g.opts.Settings != nil {
		g.changeSetting("micMuted", strconv.FormatBool(on))
		return
	}
	g.setMuted(on)
}
