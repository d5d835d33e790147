package desktop

import (
	"context"
	_ "embed"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/jezek/xgb"
	"github.com/jezek/xgb/xproto"
	"github.com/kin-companion/kin/agent/tools"
)

//go:embed clipboard_read.md
var clipboardReadDescription string

var clipboardReadSchema = json.RawMessage(`{"type":"object","properties":{}}`)

// MaxClipboardRead is the most bytes of clipboard text clipboard_read returns.
const MaxClipboardRead = 64 << 10

// clipboardWait is how long the clipboard's owner has to answer.
const clipboardWait = 3 * time.Second

var errNoText = errors.New("the clipboard holds something that is not text (an image or files, perhaps)")

func (d *Desktop) clipboardReadTool() *tools.Tool {
	return &tools.Tool{Name: "clipboard_read", Description: clipboardReadDescription, Schema: clipboardReadSchema,
		Meta: tools.Meta{ReadOnly: true, ConcurrencySafe: true, Risk: tools.Medium},
		Run: func(ctx context.Context, _ json.RawMessage) (string, error) {
			x, err := d.conn(ctx)
			if err != nil {
				return "", fmt.Errorf("clipboard_read: %w", err)
			}
			text, err := Within(ctx, func() (string, error) { return x.readClipboard(ctx) })
			if err != nil {
				return "", fmt.Errorf("clipboard_read: %w", err)
			}
			return text, nil
		},
		Assess: func(json.RawMessage) tools.Assessment {
			return tools.Assessment{Summary: "read the text on the clipboard"}
		}}
}

// readClipboard asks the CLIPBOARD selection's owner for its text, as
// UTF8_STRING or else STRING, and returns it cut to MaxClipboardRead.
func (x *xconn) readClipboard(ctx context.Context) (string, error) {
	at, err := x.atomList("CLIPBOARD", "UTF8_STRING", "KIN_SELECTION", "INCR")
	if err != nil {
		return "", err
	}
	owner, err := xproto.GetSelectionOwner(x.c, at[0]).Reply()
	if err != nil {
		return "", fmt.Errorf("could not ask who holds the clipboard: %w", err)
	}
	if owner.Owner == xproto.WindowNone {
		return "the clipboard is empty", nil
	}
	w, ch, err := x.hiddenWindow()
	if err != nil {
		return "", err
	}
	defer x.dropWindow(w)
	for _, target := range []xproto.Atom{at[1], xproto.AtomString} {
		xproto.ConvertSelection(x.c, w, at[0], target, at[2], xproto.TimeCurrentTime)
		ev, err := waitEvent[xproto.SelectionNotifyEvent](ctx, ch)
		if err != nil {
			return "", err
		}
		if ev.Property == xproto.AtomNone {
			continue
		}
		raw, full, err := x.readProperty(ctx, w, at[2], at[3], ch)
		if err != nil {
			return "", err
		}
		return clipText(raw, full, target == xproto.AtomString), nil
	}
	return "", errNoText
}

// clipText turns the owner's bytes into the tool's answer; full is the
// size the owner offered, larger than len(raw) when the read was cut.
func clipText(raw []byte, full int, latin1 bool) string {
	s := string(raw)
	if latin1 {
		s = fromLatin1(raw)
	}
	s = strings.ToValidUTF8(s, "\uFFFD")
	cut := len(raw) < full
	if len(s) > MaxClipboardRead {
		s, cut = s[:MaxClipboardRead], true
		for !utf8.ValidString(s) {
			s = s[:len(s)-1]
		}
	}
	switch {
	case cut:
		return fmt.Sprintf("%s\n[clipboard text cut to its first %d bytes; the clipboard holds more]", s, len(s))
	case s == "":
		return "the clipboard holds empty text"
	}
	return s
}

// readProperty reads and deletes prop on w, following the INCR protocol
// for large transfers; full is the total size when the read was cut.
func (x *xconn) readProperty(ctx context.Context, w xproto.Window, prop, incr xproto.Atom,
	ch chan xgb.Event) ([]byte, int, error) {
	r, err := xproto.GetProperty(x.c, true, w, prop, xproto.GetPropertyTypeAny, 0, MaxClipboardRead/4+1).Reply()
	if err != nil {
		return nil, 0, fmt.Errorf("could not read the clipboard's text: %w", err)
	}
	if r.Type != incr {
		if r.BytesAfter > 0 {
			xproto.DeleteProperty(x.c, w, prop)
		}
		return r.Value, len(r.Value) + int(r.BytesAfter), nil
	}
	var buf []byte
	for {
		ev, err := waitEvent[xproto.PropertyNotifyEvent](ctx, ch)
		if err != nil {
			return nil, 0, err
		}
		if ev.Atom != prop || ev.State != xproto.PropertyNewValue {
			continue
		}
		r, err := xproto.GetProperty(x.c, true, w, prop, xproto.GetPropertyTypeAny, 0, MaxClipboardRead/4+1).Reply()
		if err != nil {
			return nil, 0, fmt.Errorf("could not read the clipboard's text: %w", err)
		}
		if len(r.Value) == 0 {
			return buf, len(buf), nil
		}
		buf = append(buf, r.Value...)
		if len(buf) > MaxClipboardRead {
			return buf, len(buf) + 1, nil // more follows; stop listening
		}
	}
}

// waitEvent waits for the next event of type E on ch, skipping others,
// until the owner's time is up or ctx ends.
func waitEvent[E xgb.Event](ctx context.Context, ch chan xgb.Event) (E, error) {
	timer := time.NewTimer(clipboardWait)
	defer timer.Stop()
	for {
		select {
		case ev := <-ch:
			if e, ok := ev.(E); ok {
				return e, nil
			}
		case <-timer.C:
			var zero E
			return zero, fmt.Errorf("the program holding the clipboard did not answer within %s", clipboardWait)
		case <-ctx.Done():
			var zero E
			return zero, ctx.Err()
		}
	}
}

func fromLatin1(b []byte) string {
	r := make([]rune, len(b))
	for i, c := range b {
		r[i] = rune(c)
	}
	return string(r)
}
