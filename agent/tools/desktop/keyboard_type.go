package desktop

import (
	"context"
	_ "embed"
	"encoding/json"
	"fmt"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/kin-companion/kin/agent/tools"
)

//go:embed keyboard_type.md
var keyboardTypeDescription string

var keyboardTypeSchema = json.RawMessage(`{"type":"object","properties":{
 "text":{"type":"string","description":"The text to type into the focused window"}},"required":["text"]}`)

// MaxTypeLength is the most characters one keyboard_type call types.
const MaxTypeLength = 4000

func (d *Desktop) keyboardTypeTool() *tools.Tool {
	return &tools.Tool{Name: "keyboard_type", Description: keyboardTypeDescription, Schema: keyboardTypeSchema,
		Meta: tools.Meta{Risk: tools.High, TimeoutFloor: time.Minute},
		Run: func(ctx context.Context, args json.RawMessage) (string, error) {
			a, err := tools.Decode[struct{ Text *string }]("keyboard_type", args, keyboardTypeSchema)
			if err != nil {
				return "", err
			}
			if a.Text == nil {
				return "", fmt.Errorf("keyboard_type: the text argument is missing")
			}
			return d.typeText(ctx, *a.Text)
		},
		Assess: func(args json.RawMessage) tools.Assessment {
			a, _ := tools.Decode[struct{ Text string }]("keyboard_type", args, keyboardTypeSchema)
			return tools.Assessment{Summary: fmt.Sprintf("type %s into the focused window", quoteShort(a.Text, 80))}
		}}
}

// quoteShort quotes s, cut to n characters with its full length noted.
func quoteShort(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return fmt.Sprintf("%q", s)
	}
	r := []rune(s)
	return fmt.Sprintf("%q… (%d characters)", string(r[:n]), len(r))
}

// checkTypable refuses text that cannot be typed as it stands.
func checkTypable(text string) error {
	if text == "" {
		return fmt.Errorf("keyboard_type: text is empty")
	}
	if !utf8.ValidString(text) {
		return fmt.Errorf("keyboard_type: text is not valid UTF-8")
	}
	if n := utf8.RuneCountInString(text); n > MaxTypeLength {
		return fmt.Errorf("keyboard_type: text has %d characters; type at most %d per call "+
			"(or put long text on the clipboard with clipboard_write and paste it)", n, MaxTypeLength)
	}
	for _, r := range text {
		if r != '\n' && r != '\t' && r != '\r' && !unicode.IsPrint(r) && !unicode.IsSpace(r) {
			return fmt.Errorf("keyboard_type: cannot type the control character U+%04X; "+
				"use keyboard_keys for keys such as Escape or BackSpace", r)
		}
	}
	return nil
}

func (d *Desktop) typeText(ctx context.Context, text string) (string, error) {
	text = strings.ReplaceAll(text, "\r\n", "\n")
	if err := checkTypable(text); err != nil {
		return "", err
	}
	x, err := d.conn(ctx)
	if err == nil {
		err = x.testErr
	}
	if err != nil {
		return "", fmt.Errorf("keyboard_type: %w", err)
	}
	s := d.sparesFor()
	s.mu.Lock()
	defer s.mu.Unlock()
	km, err := x.loadKeymap()
	if err != nil {
		return "", fmt.Errorf("keyboard_type: %w", err)
	}
	shift, caps := km.where[ksShiftL].code, x.capsLock()
	n := 0
	for _, r := range strings.ReplaceAll(text, "\r", "\n") {
		if err := ctx.Err(); err != nil {
			return "", fmt.Errorf("keyboard_type: stopped after %d characters: %w", n, err)
		}
		p, err := s.find(x, km, runeKeysym(r))
		if err != nil {
			return "", fmt.Errorf("keyboard_type: after %d characters: %w", n, err)
		}
		if caps && hasCase(r) && s.syms[p.code] == 0 {
			p.shift = !p.shift // Caps Lock inverts Shift for letters
		}
		x.tap([]keyPos{p}, shift)
		if n++; n%64 == 0 {
			if _, err := Within(ctx, func() (struct{}, error) { return struct{}{}, x.sync() }); err != nil {
				return "", fmt.Errorf("keyboard_type: after %d characters: %w", n, err)
			}
		}
	}
	if _, err := Within(ctx, func() (struct{}, error) { return struct{}{}, x.sync() }); err != nil {
		return "", fmt.Errorf("keyboard_type: %w", err)
	}
	return fmt.Sprintf("Typed %d characters into the focused window.", n), nil
}

// hasCase reports whether r is a letter with upper and lower case forms.
func hasCase(r rune) bool { return unicode.ToUpper(r) != unicode.ToLower(r) }
