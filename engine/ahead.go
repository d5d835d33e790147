package engine

import (
	"image"
	"runtime"

	"github.com/hajimehoshi/ebiten/v2"
)

// Rastering ahead. When frames fall behind the frame rate wanted on the
// CPU renderer (see quality.behind), a frame's raster runs on a thread of
// its own at the lowest priority while the window shows the frame before
// it, and it is shown by the next Draw: a frame later, in exchange for
// the raster taking the time the present leaves idle (a core waits while
// Xvfb takes the frame over its socket) rather than the game loop's.
// At the lowest priority it takes the cores from nothing that presents.
// The triangles are listed into bands on the game loop before the frame is
// handed over; what the thread has not drawn when the next Draw comes, that
// Draw draws itself rather than wait for a thread that gets little time
// while the game loop runs (raster.Renderer.Help).
// (With the scheduler's autogroups, on by default on desktop Linux, a
// thread's nice value ranks it among its own process's threads, so a
// compiler busy in another terminal does not starve it.) The thread runs
// as long as the process.

// aheadState is a Renderer's frame being rastered ahead.
type aheadState struct {
	busy   bool            // a frame is being rastered
	region image.Rectangle // its region of the colour buffer
	bounds image.Rectangle // the character's rectangle in it (see lastRect)
	jobs   chan *software
	done   chan struct{}
}

// startAhead lists the frame's triangles and hands the frame to the
// raster-ahead thread to draw.
func (r *Renderer) startAhead(g *Mesh, region image.Rectangle) {
	a := &r.ahead
	if a.jobs == nil {
		a.jobs, a.done = make(chan *software), make(chan struct{})
		go rasterAhead(a.jobs, a.done)
	}
	r.softPrepare(g, region)
	a.busy, a.region, a.bounds = true, region, r.lastRect
	r.sw.r.Begin(&r.sw.t, r.sw.draws, &r.sw.lights)
	a.jobs <- r.sw
}

// land finishes the frame rastered ahead, if there is one (drawing the
// bands left and waiting for those being drawn), puts it into the colour
// buffer and returns its region (empty when there was none).
func (r *Renderer) land() image.Rectangle {
	a := &r.ahead
	if !a.busy {
		return image.Rectangle{}
	}
	r.sw.r.Help()
	<-a.done
	a.busy = false
	r.cbuf.SubImage(a.region).(*ebiten.Image).WritePixels(r.sw.t.Pix)
	r.held = a.bounds
	return a.region
}

// rasterAhead draws each frame begun on a thread of the lowest priority
// and reports each done.
func rasterAhead(jobs <-chan *software, done chan<- struct{}) {
	runtime.LockOSThread() // never unlocked: the thread ends with the goroutine
	lowestPriority()
	for sw := range jobs {
		sw.r.Finish()
		done <- struct{}{}
	}
}
