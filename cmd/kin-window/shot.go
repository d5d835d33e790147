package main

import (
	"flag"
	"fmt"
	"image"
	"image/png"
	"io"
	"os"

	kinfs "github.com/kin-companion/kin/agent/tools/fs"
	"github.com/kin-companion/kin/avatar"
	"github.com/kin-companion/kin/engine"
)

// cmdShot implements `kin shot OUT.png [--model M] [--size WxH]
// [--frames N] [--portrait] [--overlay] [--events E.jsonl] [--render-scale S] [--no-shadow]
// [--root DIR]`: render N
// frames at the fixed timestep, feeding the events file as `kin simulate`
// does, and write the last one as PNG. Presence, audio-level, think,
// tool-call and board events also show the edge glow, ghost log and
// whiteboard (its pictures from --root), for pictures of the ambient canvas.
func cmdShot(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("shot", flag.ContinueOnError)
	fs.SetOutput(stderr)
	model := fs.String("model", "", "GLB, glTF or VRM file (default: the built-in avatar)")
	size := fs.String("size", "480x720", "image size, WxH")
	frames := fs.Int("frames", 1, "frames to advance at 60 per second; the last is written")
	portrait := fs.Bool("portrait", false, "frame head and shoulders")
	overlay := fs.Bool("overlay", false, "transparent background")
	events := fs.String("events", "", "JSON-lines events to feed the character (and the glow, ghost log and whiteboard), as for kin simulate")
	noShadow := fs.Bool("no-shadow", false, "leave out the soft shadow under the character")
	scale := fs.Float64("render-scale", 1, "render the character at this fraction of the resolution (0.5–1), filtered up")
	renderer := fs.String("renderer", "gpu", "draw the character on the gpu or the cpu")
	root := fs.String("root", "", "folder the whiteboard's pictures may come from (default: none are shown)")
	pos, err := parseArgs(fs, args)
	if err != nil {
		return 2
	}
	out := ""
	if len(pos) > 0 {
		out = pos[0]
	}
	var w, h int
	if n, err := fmt.Sscanf(*size, "%dx%d", &w, &h); n != 2 || err != nil || w <= 0 || h <= 0 || w > 8192 || h > 8192 {
		fmt.Fprintf(stderr, "kin shot: bad --size %q (want WxH, e.g. 480x720)\n", *size)
		return 2
	}
	if *scale < 0.5 || *scale > 1 {
		fmt.Fprintf(stderr, "kin shot: bad --render-scale %v (want 0.5 to 1)\n", *scale)
		return 2
	}
	backend, err := engine.ParseBackend(*renderer)
	if err != nil {
		fmt.Fprintln(stderr, "kin shot:", err)
		return 2
	}
	if out == "" || *frames < 1 {
		fmt.Fprintln(stderr, "usage: kin shot OUT.png [--model M] [--size WxH] [--frames N] [--portrait] [--overlay] [--events E.jsonl] [--render-scale S] [--renderer gpu|cpu] [--no-shadow] [--root DIR]")
		return 2
	}
	m, err := loadModel(*model)
	if err != nil {
		fmt.Fprintln(stderr, "kin shot:", err)
		return 1
	}
	timeline, err := avatar.ReadTimelineFile(*events)
	if err != nil {
		fmt.Fprintln(stderr, "kin shot:", err)
		return 1
	}
	o := engine.ShotOptions{Width: w, Height: h, Frames: *frames, Portrait: *portrait, Overlay: *overlay, Events: timeline, Scale: *scale, NoShadow: *noShadow, Renderer: backend}
	if *root != "" {
		roots, err := kinfs.NewRoots([]string{*root}, nil)
		if err != nil {
			fmt.Fprintln(stderr, "kin shot:", err)
			return 2
		}
		o.Resolve = roots.Resolve
	}
	img, err := engine.Shot(m, o)
	if err == nil {
		err = writePNG(out, img)
	}
	if err != nil {
		fmt.Fprintln(stderr, "kin shot:", err)
		return 1
	}
	fmt.Fprintf(stdout, "wrote %s (%dx%d, frame %d)\n", out, w, h, *frames)
	return 0
}

// writePNG encodes an image to a file.
func writePNG(path string, img image.Image) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	if err := png.Encode(f, img); err != nil {
		f.Close()
		return fmt.Errorf("encode %s: %w", path, err)
	}
	return f.Close()
}

// parseArgs parses flags that may come before, between or after the
// positional arguments, which it returns in order.
func parseArgs(fs *flag.FlagSet, args []string) ([]string, error) {
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			return nil, err
		}
		if fs.NArg() == 0 {
			return pos, nil
		}
		pos = append(pos, fs.Arg(0))
		args = fs.Args()[1:]
	}
}
