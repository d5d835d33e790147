package desktop

import (
	"context"
	_ "embed"
	"encoding/json"
	"fmt"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/jezek/xgb"
	"github.com/jezek/xgb/xproto"
	"github.com/kin-companion/kin/agent/tools"
)

//go:embed clipboard_write.md
var clipboardWriteDescription string

var clipboardWriteSchema = json.RawMessage(`{"type":"object","properties":{
 "text":{"type":"string","description":"The text to put on the clipboard"}},"required":["text"]}`)

// MaxClipboardWrite is the most bytes clipboard_write accepts; it keeps each
// answer to a paste within one X request.
const MaxClipboardWrite = 200_000

func (d *Desktop) clipboardWriteTool() *tools.Tool {
	return &tools.Tool{Name: "clipboard_write", Description: clipboardWriteDescription, Schema: clipboardWriteSchema,
		Meta: tools.Meta{Risk: tools.Medium},
		Run: func(ctx context.Context, args json.RawMessage) (string, error) {
			a, err := tools.Decode[struct{ Text *string }]("clipboard_write", args, clipboardWriteSchema)
			if err != nil {
				return "", err
			}
			switch {
			case a.Text == nil:
				return "", fmt.Errorf("clipboard_write: the text argument is missing")
			case len(*a.Text) > MaxClipboardWrite:
				return "", fmt.Errorf("clipboard_write: the text is %d bytes; the clipboard tool takes at most %d",
					len(*a.Text), MaxClipboardWrite)
			case !utf8.ValidString(*a.Text):
				return "", fmt.Errorf("clipboard_write: the text is not valid UTF-8")
			}
			if err := d.writeClipboard(ctx, *a.Text); err != nil {
				return "", fmt.Errorf("clipboard_write: %w", err)
			}
			return fmt.Sprintf("Put %d characters on the clipboard.", utf8.RuneCountInString(*a.Text)), nil
		},
		Assess: func(args json.RawMessage) tools.Assessment {
			a, _ := tools.Decode[struct{ Text string }]("clipboard_write", args, clipboardWriteSchema)
			return tools.Assessment{Summary: fmt.Sprintf("put %s on the clipboard", quoteShort(a.Text, 80))}
		}}
}

// writeClipboard makes kin the clipboard's owner serving text, or changes
// the text when kin owns it already.
func (d *Desktop) writeClipboard(ctx context.Context, text string) error {
	x, err := d.conn(ctx)
	if err != nil {
		return err
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	if o := d.owner; o != nil && o.x == x && o.serving() {
		o.set(text)
		return nil
	}
	o, err := Within(ctx, func() (*clipOwner, error) { return x.ownClipboard(text) })
	if err != nil {
		return err
	}
	d.owner = o
	return nil
}

// clipOwner owns the CLIPBOARD selection and answers paste requests from a
// goroutine until another client takes the selection or release is called.
type clipOwner struct {
	x       *xconn
	win     xproto.Window
	ch      chan xgb.Event
	atoms   []xproto.Atom // CLIPBOARD, TARGETS, UTF8_STRING, TEXT
	stop    chan struct{}
	done    chan struct{}
	stopped sync.Once

	mu   sync.Mutex
	text string
}

func (x *xconn) ownClipboard(text string) (*clipOwner, error) {
	at, err := x.atomList("CLIPBOARD", "TARGETS", "UTF8_STRING", "TEXT")
	if err != nil {
		return nil, err
	}
	w, ch, err := x.hiddenWindow()
	if err != nil {
		return nil, err
	}
	xproto.SetSelectionOwner(x.c, w, at[0], xproto.TimeCurrentTime)
	r, err := xproto.GetSelectionOwner(x.c, at[0]).Reply()
	if err != nil || r.Owner != w {
		x.dropWindow(w)
		return nil, fmt.Errorf("the X server did not let kin take the clipboard")
	}
	o := &clipOwner{x: x, win: w, ch: ch, atoms: at, text: text,
		stop: make(chan struct{}), done: make(chan struct{})}
	go o.serve()
	return o, nil
}

func (o *clipOwner) set(text string) {
	o.mu.Lock()
	o.text = text
	o.mu.Unlock()
}

func (o *clipOwner) serving() bool {
	select {
	case <-o.done:
		return false
	default:
		return true
	}
}

// release gives up the clipboard and waits (briefly) for the server loop.
func (o *clipOwner) release() {
	o.stopped.Do(func() { close(o.stop) })
	select {
	case <-o.done:
	case <-time.After(2 * time.Second):
	}
}

// serve answers SelectionRequest events until the selection is lost.
func (o *clipOwner) serve() {
	defer close(o.done)
	defer o.x.dropWindow(o.win)
	for {
		select {
		case <-o.stop:
			xproto.SetSelectionOwner(o.x.c, xproto.WindowNone, o.atoms[0], xproto.TimeCurrentTime)
			return
		case <-o.x.done:
			return
		case ev := <-o.ch:
			switch e := ev.(type) {
			case xproto.SelectionRequestEvent:
				o.answer(e)
			case xproto.SelectionClearEvent:
				return
			}
		}
	}
}

// answer stores the text in the form asked for on the requestor's window
// and tells it so; a form kin cannot give is refused with property None.
func (o *clipOwner) answer(e xproto.SelectionRequestEvent) {
	prop := e.Property
	if prop == xproto.AtomNone {
		prop = e.Target // an obsolete requestor
	}
	o.mu.Lock()
	text := o.text
	o.mu.Unlock()
	c, targets, utf8Atom := o.x.c, o.atoms[1], o.atoms[2]
	switch {
	case e.Selection != o.atoms[0]:
		prop = xproto.AtomNone
	case e.Target == targets:
		list := []xproto.Atom{targets, utf8Atom, xproto.AtomString, o.atoms[3]}
		data := make([]byte, 0, 4*len(list))
		for _, a := range list {
			data = append(data, byte(a), byte(a>>8), byte(a>>16), byte(a>>24))
		}
		xproto.ChangeProperty(c, xproto.PropModeReplace, e.Requestor, prop, xproto.AtomAtom, 32, uint32(len(list)), data)
	case e.Target == utf8Atom || e.Target == o.atoms[3]:
		xproto.ChangeProperty(c, xproto.PropModeReplace, e.Requestor, prop, utf8Atom, 8, uint32(len(text)), []byte(text))
	case e.Target == xproto.AtomString:
		b := toLatin1(text)
		xproto.ChangeProperty(c, xproto.PropModeReplace, e.Requestor, prop, xproto.AtomString, 8, uint32(len(b)), b)
	default:
		prop = xproto.AtomNone
	}
	notify := xproto.SelectionNotifyEvent{Time: e.Time, Requestor: e.Requestor,
		Selection: e.Selection, Target: e.Target, Property: prop}
	xproto.SendEvent(c, false, e.Requestor, xproto.EventMaskNoEvent, string(notify.Bytes()))
}

// toLatin1 encodes s as ISO 8859-1, with '?' for what it cannot hold.
func toLatin1(s string) []byte {
	b := make([]byte, 0, len(s))
	for _, r := range s {
		if r > 0xff {
			r = '?'
		}
		b = append(b, byte(r))
	}
	return b
}
