// Command benchframe measures kin's window on this machine: it opens the
// character (or, with -empty, an empty Ebitengine window of the same size)
// for a while with the camera orbiting and prints frames drawn a second,
// CPU time and page faults per frame and resident memory. `make
// bench-frame` runs it under Xvfb for each size beside the empty window.
package main

import (
	"bytes"
	"flag"
	"fmt"
	"io"
	"os"
	"runtime"
	"runtime/debug"
	"runtime/pprof"
	"time"

	"github.com/kin-companion/kin/assets"
	"github.com/kin-companion/kin/avatar"
	"github.com/kin-companion/kin/engine"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

func run(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("benchframe", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var o engine.BenchOptions
	size := fs.String("size", "480x720", "window size WIDTHxHEIGHT")
	empty := fs.Bool("empty", false, "measure an empty Ebitengine window instead of kin")
	model := fs.String("model", "", "GLB, glTF or VRM file (default: the built-in avatar)")
	fs.DurationVar(&o.Duration, "time", 10*time.Second, "how long to measure")
	fs.DurationVar(&o.Warmup, "warmup", 3*time.Second, "how long to run before measuring")
	fs.Float64Var(&o.RenderScale, "render-scale", 1, "render scale (0.5–1), 0 to let kin adapt it")
	fs.IntVar(&o.FPS, "fps", 0, "frame-rate cap, as kin's --fps (default 60 in a window, 30 as overlay; up to 240)")
	ahead := fs.Bool("raster-ahead", true, "as kin's --raster-ahead: raster a frame ahead on the CPU while frames fall behind")
	fs.BoolVar(&o.Overlay, "overlay", false, "run as the desktop overlay (30 frames a second)")
	fs.BoolVar(&o.Desktop, "desktop", false, "run as the desktop canvas (--overlay=desktop): the whole monitor, 30 frames a second")
	fs.Float64Var(&o.Orbit, "orbit", engine.DefaultOrbit, "how fast the camera turns, radians a second")
	fs.BoolVar(&o.Still, "still", false, "keep the camera still: the character only breathes and blinks")
	fs.BoolVar(&o.Glow, "glow", false, "keep the edge glow lit, as while kin speaks")
	fs.BoolVar(&o.Speak, "speak", false, "keep kin speaking: a reply in the bubble, the glow lit, the lips moving (camera still)")
	label := fs.String("label", "", "text printed before the figures")
	cpuProfile := fs.String("cpuprofile", "", "write a CPU profile of the measured run to this file")
	memProfile := fs.String("memprofile", "", "write a profile of every allocation to this file, and of those before the measured time to FILE.base (go tool pprof -base FILE.base FILE)")
	renderer := fs.String("renderer", "auto", "draw the character on the gpu or the cpu, or auto (time both, keep the faster) as kin does")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	o.NoRasterAhead = !*ahead
	var err error
	if o.Renderer, err = engine.ParseBackend(*renderer); err != nil {
		fmt.Fprintln(stderr, "benchframe:", err)
		return 2
	}
	if _, err := fmt.Sscanf(*size, "%dx%d", &o.Width, &o.Height); err != nil || o.Width <= 0 || o.Height <= 0 {
		fmt.Fprintf(stderr, "benchframe: bad -size %q (want e.g. 480x720)\n", *size)
		return 2
	}
	if !*empty {
		m, err := loadModel(*model)
		if err != nil {
			fmt.Fprintln(stderr, "benchframe:", err)
			return 1
		}
		o.Model = m
		debug.SetGCPercent(50) // as kin-window does
	}
	var perr error
	o.Begin, o.End = profile(*cpuProfile, *memProfile, &perr)
	res, err := engine.BenchFrame(o)
	if err == nil {
		err = perr
	}
	if err != nil {
		fmt.Fprintln(stderr, "benchframe:", err)
		return 1
	}
	fmt.Fprintf(stdout, "%s%s\n", *label, res)
	return 0
}

// profile returns the functions that start and stop the profiles asked
// for while the run is measured; the first error goes to *err.
func profile(cpuPath, memPath string, err *error) (begin, end func()) {
	var cpu *os.File
	keep := func(e error) {
		if e != nil && *err == nil {
			*err = e
		}
	}
	if memPath != "" {
		runtime.MemProfileRate = 1 // every allocation
	}
	writeAllocs := func(path string) {
		runtime.GC() // the profile shows allocations up to the last collection
		f, e := os.Create(path)
		keep(e)
		if e == nil {
			keep(pprof.Lookup("allocs").WriteTo(f, 0))
			keep(f.Close())
		}
	}
	begin = func() {
		if memPath != "" {
			writeAllocs(memPath + ".base") // pprof -base subtracts what came before
		}
		if cpuPath != "" {
			f, e := os.Create(cpuPath)
			keep(e)
			if e == nil {
				cpu = f
				keep(pprof.StartCPUProfile(f))
			}
		}
	}
	end = func() {
		if cpu != nil {
			pprof.StopCPUProfile()
			keep(cpu.Close())
		}
		if memPath != "" {
			writeAllocs(memPath)
		}
	}
	return begin, end
}

// loadModel loads a model file, or the built-in avatar for "".
func loadModel(path string) (*avatar.Model, error) {
	if path == "" {
		return avatar.LoadReader(bytes.NewReader(assets.DefaultAvatar), assets.DefaultAvatarName)
	}
	return avatar.Load(path)
}
