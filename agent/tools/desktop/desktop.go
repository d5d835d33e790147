package desktop

import (
	"context"
	"errors"
	"fmt"
	"os"
	"sync"

	"github.com/kin-companion/kin/agent/tools"
)

// Config says which display, opener and bus the tools use. The zero value
// uses the session's own: $DISPLAY, xdg-open and the D-Bus session bus.
type Config struct {
	// Display is the X display, e.g. ":0" (default $DISPLAY).
	Display string
	// Opener is the program the open tool runs with the target as its one
	// argument (default "xdg-open"); tests point it at a recording script.
	Opener string
	// Confine, when set, vets a file path given to open and returns the
	// path to use (an error refuses the call).
	Confine func(string) (string, error)
	// BusAddress is the D-Bus address for notify (default the session bus).
	BusAddress string
}

// ErrNoDisplay is returned by the screen, input and clipboard tools when the
// session has no X display to talk to.
var ErrNoDisplay = errors.New("screen and input tools need an X11 display; " +
	"this session has none (Wayland without XWayland is not supported yet, " +
	"and a terminal over SSH needs X forwarding)")

// Desktop holds the shared X connection, the keys remapped for typing and
// the clipboard contents kin serves. Its methods are safe for concurrent use.
type Desktop struct {
	cfg Config

	mu     sync.Mutex
	x      *xconn     // nil until first use or after the server went away
	owner  *clipOwner // serves clipboard_write's text; nil when not owning
	spares *spareKeys // keycodes remapped for characters the layout lacks
}

// New returns a Desktop for cfg. Nothing is opened until a tool needs it.
func New(cfg Config) *Desktop {
	if cfg.Display == "" {
		cfg.Display = os.Getenv("DISPLAY")
	}
	if cfg.Opener == "" {
		cfg.Opener = "xdg-open"
	}
	return &Desktop{cfg: cfg}
}

// Tools returns the desktop tools: screenshot, keyboard_type, keyboard_keys,
// mouse_move, mouse_click, clipboard_read, clipboard_write, notify and open.
func (d *Desktop) Tools() []*tools.Tool {
	return []*tools.Tool{
		d.screenshotTool(), d.keyboardTypeTool(), d.keyboardKeysTool(),
		d.mouseMoveTool(), d.mouseClickTool(),
		d.clipboardReadTool(), d.clipboardWriteTool(),
		d.notifyTool(), d.openTool(),
	}
}

// Close gives up the clipboard if kin owns it, restores the keys it
// remapped and closes the X connection. The Desktop may be used again
// afterwards: the next call opens a new connection.
func (d *Desktop) Close() error {
	d.mu.Lock()
	x, owner, spares := d.x, d.owner, d.spares
	d.x, d.owner, d.spares = nil, nil, nil
	d.mu.Unlock()
	if owner != nil {
		owner.release()
	}
	if x == nil {
		return nil
	}
	var err error
	if spares != nil {
		err = spares.restore(x)
	}
	x.close()
	return err
}

// conn returns the live X connection, opening it when there is none or the
// server went away since.
func (d *Desktop) conn(ctx context.Context) (*xconn, error) {
	if d.cfg.Display == "" {
		return nil, ErrNoDisplay
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.x != nil && d.x.alive() {
		return d.x, nil
	}
	d.x, d.owner, d.spares = nil, nil, nil
	x, err := Within(ctx, func() (*xconn, error) { return dialX(d.cfg.Display) })
	if err != nil {
		return nil, err
	}
	d.x = x
	return x, nil
}

// Within runs f and returns its result, or the context's error as soon as
// ctx ends (f then finishes in the background). X requests have no
// deadline of their own; this keeps a hung server from hanging a call.
func Within[T any](ctx context.Context, f func() (T, error)) (T, error) {
	type result struct {
		v   T
		err error
	}
	ch := make(chan result, 1)
	go func() {
		v, err := f()
		ch <- result{v, err}
	}()
	select {
	case r := <-ch:
		return r.v, r.err
	case <-ctx.Done():
		var zero T
		return zero, fmt.Errorf("the desktop did not answer in time: %w", ctx.Err())
	}
}
