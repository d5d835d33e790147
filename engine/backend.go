package engine

import (
	"fmt"
	"image"
	"slices"
	"time"

	"github.com/hajimehoshi/ebiten/v2"
)

// Backend is how the renderer draws the character: on the GPU (a depth
// and a colour pass in Kage shaders) or on the CPU (package raster, one
// pass with a real depth buffer). Both draw the same picture (the golden
// tests compare them); which is faster depends on the machine: a real GPU
// wins by far, while on a software one (Mesa's llvmpipe) the CPU renderer
// takes about half the time, having no depth pass to run and no fragment
// to shade that a nearer one hides.
type Backend int

const (
	// BackendGPU draws with the Kage shaders.
	BackendGPU Backend = iota
	// BackendCPU draws with package raster.
	BackendCPU
	// BackendAuto times both on the first frames a model is drawn and
	// keeps the faster.
	BackendAuto
)

// ParseBackend reads a backend's name: auto, gpu or cpu.
func ParseBackend(s string) (Backend, error) {
	switch s {
	case "", "auto":
		return BackendAuto, nil
	case "gpu":
		return BackendGPU, nil
	case "cpu":
		return BackendCPU, nil
	}
	return BackendAuto, fmt.Errorf("unknown renderer %q (want auto, gpu or cpu)", s)
}

func (b Backend) String() string {
	return [...]string{"gpu", "cpu", "auto"}[b]
}

// trial times the two backends on alternate frames and picks one (see
// BackendAuto). The first trialWarmup frames are not timed: shaders
// compile, textures upload and texture levels are built then.
type trial struct {
	frames int                // frames drawn while on trial
	times  [2][]time.Duration // per backend (GPU, CPU), its frames' times
	done   bool               // the trial has ended
	chosen Backend            // what it chose
	px     []byte             // one pixel read back, to wait for the GPU
	median [2]time.Duration   // the medians it chose by
}

const (
	trialWarmup = 6
	trialFrames = 5 // timed frames per backend
)

// backend is the backend the next frame draws with, and whether it is
// timed.
func (r *Renderer) backend() (Backend, bool) {
	if r.Backend != BackendAuto {
		return r.Backend, false
	}
	t := &r.trial
	if t.done {
		return t.chosen, false
	}
	t.frames++
	if t.frames <= trialWarmup {
		return Backend(t.frames % 2), false
	}
	return Backend(t.frames % 2), true
}

// timed renders a frame with backend b (see render), waiting for the GPU
// before and after, and counts the time toward the trial.
func (r *Renderer) timed(b Backend, g *Mesh, region image.Rectangle) {
	t := &r.trial
	if t.px == nil {
		t.px = make([]byte, 4)
	}
	one := r.cbuf.SubImage(image.Rect(0, 0, 1, 1)).(*ebiten.Image)
	one.ReadPixels(t.px) // what was drawn before is done
	start := time.Now()
	r.render(b, g, region)
	one.ReadPixels(t.px)
	t.times[b] = append(t.times[b], time.Since(start))
	if len(t.times[BackendGPU]) >= trialFrames && len(t.times[BackendCPU]) >= trialFrames {
		t.decide()
	}
}

// decide picks the backend whose median frame was faster; the GPU unless
// the CPU is clearly faster, since it leaves the CPU to the rest.
func (t *trial) decide() {
	for b := range t.times {
		slices.Sort(t.times[b])
		t.median[b] = t.times[b][len(t.times[b])/2]
	}
	t.done, t.chosen = true, BackendGPU
	if t.median[BackendCPU] < t.median[BackendGPU]*4/5 {
		t.chosen = BackendCPU
	}
}

// BackendInUse describes the backend drawing now, for the statistics: its
// name and, once a trial chose it, the two medians.
func (r *Renderer) BackendInUse() string {
	t := &r.trial
	switch {
	case r.Backend != BackendAuto:
		return r.Backend.String()
	case !t.done:
		return "auto (timing both)"
	}
	return fmt.Sprintf("%v (a frame: cpu %.1f ms, gpu %.1f ms)", t.chosen,
		float64(t.median[BackendCPU].Microseconds())/1000, float64(t.median[BackendGPU].Microseconds())/1000)
}
