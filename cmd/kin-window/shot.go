package main

import (
	"flag"
	"fmt"
	"image"
	"image/png"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	kinfs "github.com/kin-companion/kin/agent/tools/fs"
	"github.com/kin-companion/kin/assets"
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
	w, h, problem := checkShotArgs(pos, *size, *frames, *scale)
	if problem != "" {
		fmt.Fprintf(stderr, "kin shot: %s\n%s\n", problem, shotUsage)
		return 2
	}
	out := pos[0]
	backend, err := engine.ParseBackend(*renderer)
	if err != nil {
		fmt.Fprintln(stderr, "kin shot:", err)
		return 2
	}
	m, err := loadShotModel(*model, stderr)
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

const shotUsage = "usage: kin shot OUT.png [--model M] [--size WxH] [--frames N] [--portrait] [--overlay] [--events E.jsonl] [--render-scale S] [--renderer gpu|cpu] [--no-shadow] [--root DIR]"

// Limits of kin shot: the largest side of a picture, and the most frames
// (an hour at 60 a second, as for kin simulate).
const (
	maxShotSide   = 8192
	maxShotFrames = avatar.MaxSimulateSeconds * 60
)

// checkShotArgs checks kin shot's positional arguments and the flags that
// have a range, returning the picture's size or what is wrong. The range
// checks are written so that NaN fails them.
func checkShotArgs(pos []string, size string, frames int, scale float64) (w, h int, problem string) {
	switch {
	case len(pos) == 0:
		return 0, 0, "missing OUT.png, the file to write"
	case len(pos) > 1:
		return 0, 0, fmt.Sprintf("unexpected argument %q (kin shot writes one picture, to %s)", pos[1], pos[0])
	}
	w, h, ok := parseSize(size)
	if !ok || !(w >= 1 && w <= maxShotSide && h >= 1 && h <= maxShotSide) {
		return 0, 0, fmt.Sprintf("bad --size %q (want WxH, each side 1 to %d, e.g. 480x720)", size, maxShotSide)
	}
	if !(frames >= 1 && frames <= maxShotFrames) {
		return 0, 0, fmt.Sprintf("bad --frames %d (want 1 to %d: the frames to advance, the last written)", frames, maxShotFrames)
	}
	if !(scale >= 0.5 && scale <= 1) {
		return 0, 0, fmt.Sprintf("bad --render-scale %v (want 0.5 to 1)", scale)
	}
	return w, h, ""
}

// parseSize reads "WxH" exactly: two decimal numbers and nothing else.
func parseSize(s string) (w, h int, ok bool) {
	ws, hs, found := strings.Cut(strings.ToLower(s), "x")
	w, errW := strconv.Atoi(ws)
	h, errH := strconv.Atoi(hs)
	return w, h, found && errW == nil && errH == nil
}

// loadShotModel loads the model to picture, printing its loader warnings
// to stderr, and refuses one with nothing to draw: an empty picture is
// never what was wanted.
func loadShotModel(path string, stderr io.Writer) (*avatar.Model, error) {
	m, err := loadModel(path)
	if err != nil {
		return nil, err
	}
	name := path
	if name == "" {
		name = assets.DefaultAvatarName
	}
	for _, w := range m.Warnings {
		fmt.Fprintf(stderr, "kin shot: %s: warning: %s\n", name, w)
	}
	if !drawable(m) {
		return nil, nothingToDraw(name, m)
	}
	return m, nil
}

// drawable reports whether the model's scene shows anything, as kin
// doctor judges it.
func drawable(m *avatar.Model) bool { return avatar.NewPose(m).Drawable() }

// nothingToDraw says why a model shows nothing and what to do with it.
func nothingToDraw(name string, m *avatar.Model) error {
	switch {
	case m.Format == avatar.FormatVRMA || strings.EqualFold(filepath.Ext(name), ".vrma"):
		return fmt.Errorf("%s has nothing to draw: it is an animation (.vrma), not a character; play it on one with kin --clips DIR, DIR being a folder that holds it", name)
	case len(m.Clips) > 0:
		what := "an animation"
		if len(m.Clips) > 1 {
			what = fmt.Sprintf("%d animations", len(m.Clips))
		}
		return fmt.Errorf("%s has nothing to draw: it holds no mesh, only %s; to play it on a character, put the file in a folder DIR and run kin --clips DIR", name, what)
	}
	return fmt.Errorf("%s has nothing to draw: no mesh of its scene has a vertex (kin doctor %s says more)", name, name)
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
