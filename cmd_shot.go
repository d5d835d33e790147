package main

import (
	"flag"
	"fmt"
	"image"
	"image/png"
	"io"
	"os"

	"github.com/kin-companion/kin/engine"
)

// cmdShot implements `kin shot OUT.png [--model M] [--size WxH]
// [--frames N] [--portrait] [--overlay]`: render N frames at the fixed
// timestep and write the last one as PNG.
func cmdShot(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("shot", flag.ContinueOnError)
	fs.SetOutput(stderr)
	model := fs.String("model", "", "GLB, glTF or VRM file (default: the built-in avatar)")
	size := fs.String("size", "480x720", "image size, WxH")
	frames := fs.Int("frames", 1, "frames to advance at 60 per second; the last is written")
	portrait := fs.Bool("portrait", false, "frame head and shoulders")
	overlay := fs.Bool("overlay", false, "transparent background")
	out, rest := splitPositional(args)
	if err := fs.Parse(rest); err != nil {
		return 2
	}
	if out == "" && fs.NArg() > 0 {
		out = fs.Arg(0)
	}
	var w, h int
	if n, err := fmt.Sscanf(*size, "%dx%d", &w, &h); n != 2 || err != nil || w <= 0 || h <= 0 || w > 8192 || h > 8192 {
		fmt.Fprintf(stderr, "kin shot: bad --size %q (want WxH, e.g. 480x720)\n", *size)
		return 2
	}
	if out == "" || *frames < 1 {
		fmt.Fprintln(stderr, "usage: kin shot OUT.png [--model M] [--size WxH] [--frames N] [--portrait] [--overlay]")
		return 2
	}
	m, err := loadModel(*model)
	if err != nil {
		fmt.Fprintln(stderr, "kin shot:", err)
		return 1
	}
	img, err := engine.Shot(m, engine.ShotOptions{Width: w, Height: h, Frames: *frames, Portrait: *portrait, Overlay: *overlay})
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
