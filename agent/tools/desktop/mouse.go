package desktop

import (
	"context"
	_ "embed"
	"encoding/json"
	"fmt"

	"github.com/kin-companion/kin/agent/tools"
)

//go:embed mouse_move.md
var mouseMoveDescription string

//go:embed mouse_click.md
var mouseClickDescription string

var mouseMoveSchema = json.RawMessage(`{"type":"object","properties":{
 "x":{"type":"integer","minimum":0,"description":"Screen x in pixels from the left edge"},
 "y":{"type":"integer","minimum":0,"description":"Screen y in pixels from the top edge"}},"required":["x","y"]}`)

var mouseClickSchema = json.RawMessage(`{"type":"object","properties":{
 "x":{"type":"integer","minimum":0,"description":"Screen x to move to before clicking (default: where the pointer is)"},
 "y":{"type":"integer","minimum":0,"description":"Screen y to move to before clicking"},
 "button":{"type":"string","enum":["left","middle","right"],"default":"left"},
 "double":{"type":"boolean","default":false,"description":"Double-click"}}}`)

type mouseArgs struct {
	X      *int   `json:"x"`
	Y      *int   `json:"y"`
	Button string `json:"button"`
	Double bool   `json:"double"`
}

var buttons = map[string]byte{"left": 1, "middle": 2, "right": 3}

func (d *Desktop) mouseMoveTool() *tools.Tool {
	return &tools.Tool{Name: "mouse_move", Description: mouseMoveDescription, Schema: mouseMoveSchema,
		Meta: tools.Meta{Risk: tools.High},
		Run: func(ctx context.Context, args json.RawMessage) (string, error) {
			a, err := tools.Decode[mouseArgs]("mouse_move", args, mouseMoveSchema)
			if err != nil {
				return "", err
			}
			if a.X == nil || a.Y == nil {
				return "", fmt.Errorf("mouse_move: both x and y are required")
			}
			return d.mouse(ctx, "mouse_move", a)
		},
		Assess: func(args json.RawMessage) tools.Assessment {
			a, _ := tools.Decode[mouseArgs]("mouse_move", args, mouseMoveSchema)
			return tools.Assessment{Summary: fmt.Sprintf("move the mouse to (%d, %d)", deref(a.X), deref(a.Y))}
		}}
}

func (d *Desktop) mouseClickTool() *tools.Tool {
	return &tools.Tool{Name: "mouse_click", Description: mouseClickDescription, Schema: mouseClickSchema,
		Meta: tools.Meta{Risk: tools.High},
		Run: func(ctx context.Context, args json.RawMessage) (string, error) {
			a, err := tools.Decode[mouseArgs]("mouse_click", args, mouseClickSchema)
			if err != nil {
				return "", err
			}
			if a.Button == "" {
				a.Button = "left"
			}
			if _, ok := buttons[a.Button]; !ok {
				return "", fmt.Errorf("mouse_click: button must be left, middle or right, not %q", a.Button)
			}
			if (a.X == nil) != (a.Y == nil) {
				return "", fmt.Errorf("mouse_click: give both x and y, or neither to click where the pointer is")
			}
			return d.mouse(ctx, "mouse_click", a)
		},
		Assess: func(args json.RawMessage) tools.Assessment {
			a, _ := tools.Decode[mouseArgs]("mouse_click", args, mouseClickSchema)
			return tools.Assessment{Summary: a.clickSummary()}
		}}
}

// clickSummary says a click in words: "double-click right at (10, 20)".
func (a mouseArgs) clickSummary() string {
	verb, b, at := "click", a.Button, "where the pointer is"
	if a.Double {
		verb = "double-click"
	}
	if b == "" {
		b = "left"
	}
	if a.X != nil && a.Y != nil {
		at = fmt.Sprintf("at (%d, %d)", *a.X, *a.Y)
	}
	return fmt.Sprintf("%s %s %s", verb, b, at)
}

// mouse moves the pointer when a has coordinates, then clicks for mouse_click.
func (d *Desktop) mouse(ctx context.Context, tool string, a mouseArgs) (string, error) {
	x, err := d.conn(ctx)
	if err == nil {
		err = x.testErr
	}
	if err != nil {
		return "", fmt.Errorf("%s: %w", tool, err)
	}
	s := d.sparesFor() // the input lock: no interleaving with typing
	s.mu.Lock()
	defer s.mu.Unlock()
	if a.X != nil {
		w, h := int(x.screen.WidthInPixels), int(x.screen.HeightInPixels)
		if *a.X < 0 || *a.Y < 0 || *a.X >= w || *a.Y >= h {
			return "", fmt.Errorf("%s: (%d, %d) is off the %dx%d screen; x must be 0–%d and y 0–%d",
				tool, *a.X, *a.Y, w, h, w-1, h-1)
		}
		x.fake(fakeMotion, 0, *a.X, *a.Y)
	}
	if tool == "mouse_click" {
		b, clicks := buttons[a.Button], 1
		if a.Double {
			clicks = 2
		}
		for range clicks {
			x.fake(fakeButtonPress, b, 0, 0)
			x.fake(fakeButtonRelease, b, 0, 0)
		}
	}
	if _, err := Within(ctx, func() (struct{}, error) { return struct{}{}, x.sync() }); err != nil {
		return "", fmt.Errorf("%s: %w", tool, err)
	}
	if tool == "mouse_move" {
		return fmt.Sprintf("Moved the mouse to (%d, %d).", *a.X, *a.Y), nil
	}
	return "Done: " + a.clickSummary() + ".", nil
}
