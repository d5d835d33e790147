package desktop

import (
	"bytes"
	"context"
	_ "embed"
	"encoding/json"
	"fmt"
	"image"
	"image/jpeg"

	"github.com/kin-companion/kin/agent/llm"
	"github.com/kin-companion/kin/agent/tools"
)

//go:embed screenshot.md
var screenshotDescription string

var screenshotSchema = json.RawMessage(`{"type":"object","properties":{
 "window":{"type":"string","description":"Capture only this window: its id (e.g. 0x1a00003) or part of its title"},
 "x":{"type":"integer","minimum":0,"description":"Left edge of a region to capture, in screen pixels"},
 "y":{"type":"integer","minimum":0,"description":"Top edge of a region to capture, in screen pixels"},
 "width":{"type":"integer","minimum":1,"description":"Width of the region in screen pixels"},
 "height":{"type":"integer","minimum":1,"description":"Height of the region in screen pixels"},
 "max_size":{"type":"integer","minimum":64,"maximum":4096,"default":1568,"description":"Longest side of the returned image in pixels"}}}`)

// DefaultMaxSize is the long side, in pixels, screenshots are scaled to when
// the call does not say: the largest that vision models take unscaled.
const DefaultMaxSize = 1568

// jpegQuality keeps small text legible while staying several times smaller
// than PNG on photos, video and gradients.
const jpegQuality = 85

type shotArgs struct {
	Window  string `json:"window"`
	X       *int   `json:"x"`
	Y       *int   `json:"y"`
	Width   *int   `json:"width"`
	Height  *int   `json:"height"`
	MaxSize int    `json:"max_size"`
}

func (d *Desktop) screenshotTool() *tools.Tool {
	return &tools.Tool{Name: "screenshot", Description: screenshotDescription, Schema: screenshotSchema,
		Meta: tools.Meta{ReadOnly: true, ConcurrencySafe: true, Risk: tools.Low},
		RunResult: func(ctx context.Context, args json.RawMessage) (tools.Result, error) {
			a, err := tools.Decode[shotArgs]("screenshot", args, screenshotSchema)
			if err != nil {
				return tools.Result{}, err
			}
			return d.screenshot(ctx, a)
		},
		Assess: func(args json.RawMessage) tools.Assessment {
			a, _ := tools.Decode[shotArgs]("screenshot", args, screenshotSchema)
			return tools.Assessment{Summary: "take a screenshot of " + a.what()}
		}}
}

// what names the capture target in words.
func (a shotArgs) what() string {
	switch {
	case a.Window != "":
		return fmt.Sprintf("the window %q", a.Window)
	case a.Width != nil || a.Height != nil || a.X != nil || a.Y != nil:
		return fmt.Sprintf("the region at (%d, %d) of %dx%d", deref(a.X), deref(a.Y), deref(a.Width), deref(a.Height))
	}
	return "the whole screen"
}

func deref(p *int) int {
	if p == nil {
		return 0
	}
	return *p
}

func (d *Desktop) screenshot(ctx context.Context, a shotArgs) (tools.Result, error) {
	if a.MaxSize == 0 {
		a.MaxSize = DefaultMaxSize
	}
	if a.MaxSize < 64 || a.MaxSize > 4096 {
		return tools.Result{}, fmt.Errorf("screenshot: max_size must be between 64 and 4096, not %d", a.MaxSize)
	}
	x, err := d.conn(ctx)
	if err != nil {
		return tools.Result{}, fmt.Errorf("screenshot: %w", err)
	}
	res, err := Within(ctx, func() (tools.Result, error) { return x.shoot(a) })
	if err != nil {
		return res, fmt.Errorf("screenshot: %w", err)
	}
	return res, nil
}

// shoot captures, scales and encodes what a asks for.
func (x *xconn) shoot(a shotArgs) (tools.Result, error) {
	r, what, err := x.shotRect(a)
	if err != nil {
		return tools.Result{}, err
	}
	p, err := x.capture(r)
	if err != nil {
		return tools.Result{}, err
	}
	dw, dh := fitSize(p.width, p.height, a.MaxSize)
	img := p.scaled(dw, dh)
	var buf bytes.Buffer
	buf.Grow(dw * dh / 4)
	if err := jpeg.Encode(&buf, img, &jpeg.Options{Quality: jpegQuality}); err != nil {
		return tools.Result{}, fmt.Errorf("could not encode the picture: %w", err)
	}
	scale := float64(p.width) / float64(dw)
	text := fmt.Sprintf("Screenshot of %s: %dx%d screen pixels at (%d, %d), sent as a %dx%d JPEG "+
		"(scaled by %.4f). To point at something in it with mouse_move or mouse_click, use screen x = %d + image x × %.4f, "+
		"screen y = %d + image y × %.4f.",
		what, p.width, p.height, r.Min.X, r.Min.Y, dw, dh, 1/scale, r.Min.X, scale, r.Min.Y, float64(p.height)/float64(dh))
	return tools.Result{Text: text, Images: []llm.Image{{MediaType: "image/jpeg", Data: buf.Bytes()}}}, nil
}

// shotRect is the screen rectangle a asks for and a description of it.
func (x *xconn) shotRect(a shotArgs) (image.Rectangle, string, error) {
	screen := x.screenRect()
	region := a.X != nil || a.Y != nil || a.Width != nil || a.Height != nil
	switch {
	case a.Window != "" && region:
		return screen, "", fmt.Errorf("give either window or a region (x, y, width, height), not both")
	case a.Window != "":
		w, n, err := x.findWindow(a.Window)
		if err != nil {
			return screen, "", err
		}
		r, err := x.windowRect(w)
		what := fmt.Sprintf("the window %q (0x%x)", w.title, uint32(w.id))
		if n > 1 {
			what += fmt.Sprintf(", the first of %d windows whose title matched", n)
		}
		return r, what, err
	case region:
		return x.regionRect(a)
	}
	return screen, "the whole screen", nil
}

func (x *xconn) regionRect(a shotArgs) (image.Rectangle, string, error) {
	screen := x.screenRect()
	if a.Width == nil || a.Height == nil {
		return screen, "", fmt.Errorf("a region needs width and height (x and y default to 0)")
	}
	want := image.Rect(deref(a.X), deref(a.Y), deref(a.X)+*a.Width, deref(a.Y)+*a.Height)
	if *a.Width <= 0 || *a.Height <= 0 || deref(a.X) < 0 || deref(a.Y) < 0 {
		return screen, "", fmt.Errorf("the region (%d, %d) %dx%d is invalid: width and height must be "+
			"positive, x and y at least 0", want.Min.X, want.Min.Y, *a.Width, *a.Height)
	}
	r := want.Intersect(screen)
	if r.Empty() {
		return r, "", fmt.Errorf("the region (%d, %d) %dx%d lies outside the %dx%d screen",
			want.Min.X, want.Min.Y, want.Dx(), want.Dy(), screen.Dx(), screen.Dy())
	}
	what := "a region of the screen"
	if r != want {
		what += " (cut to the screen's edge)"
	}
	return r, what, nil
}
