package engine

import (
	"errors"
	"fmt"
	"image"
	"time"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/kin-companion/kin/avatar"
)

// ShotOptions configures an offscreen render.
type ShotOptions struct {
	Width, Height int
	// Frames is how many frames to advance at the fixed timestep; the last
	// one is returned. Frame 1 is at time 0.
	Frames   int
	Portrait bool
	// Overlay renders with a transparent background.
	Overlay bool
	// Events are handed to the character at their times (frame n is at
	// (n−1)/60 s), so a picture can show a state; audio levels, presence,
	// thoughts and tool calls also show in the edge glow and ghost log.
	Events []avatar.TimedEvent
	// Renderer is the backend [Shot] draws with: the GPU (the zero value)
	// or the CPU; BackendAuto draws on the GPU, since one picture leaves
	// nothing to time. RenderShot draws with its renderer's.
	Renderer Backend
	// Scale is the render scale (see [Renderer.Scale]); 0 means 1.
	Scale float64
	// NoShadow leaves out the contact shadow.
	NoShadow bool
	// Resolve vets the whiteboard's picture paths (see [BoardHost]); nil
	// shows no pictures.
	Resolve func(path string) (string, error)
}

// shotPictureWait is how long a shot waits for the whiteboard's pictures.
const shotPictureWait = 10 * time.Second

// RenderShot renders a prepared model offscreen and returns the last
// frame. It must run while the Ebitengine game loop runs (inside Update),
// because reading pixels back needs a running game.
func RenderShot(r *Renderer, l *Loaded, o ShotOptions) *image.RGBA {
	return drawShot(r, l, o, stepShot(l, o))
}

// stepShot advances the scene (and the glow and ghost log, returned) to
// the shot's last frame.
func stepShot(l *Loaded, o ShotOptions) *ambient {
	s := l.Scene
	s.Portrait = o.Portrait
	next := 0
	amb := &ambient{} // the glow and ghost log, fed the same events
	amb.board.host = &BoardHost{Resolve: o.Resolve}
	feed := func(now float64) {
		for ; next < len(o.Events) && o.Events[next].T <= now+1e-9; next++ {
			if !amb.handle(o.Events[next].Event, now) {
				s.Char.Handle(o.Events[next].Event)
			}
		}
	}
	feed(0)
	for i := 1; i < o.Frames; i++ {
		s.Step(1.0 / TickRate)
		amb.step(1.0 / TickRate)
		feed(float64(i) / TickRate)
	}
	s.Step(0) // pose with the latest settings
	return amb
}

// drawShot draws the stepped scene and amb with r and reads the picture
// back.
func drawShot(r *Renderer, l *Loaded, o ShotOptions, amb *ambient) *image.RGBA {
	s := l.Scene
	r.Transparent, r.Scale, r.NoShadow = o.Overlay, o.Scale, o.NoShadow
	mesh := r.Adopt(l)
	defer mesh.Dispose()
	dst := ebiten.NewImageWithOptions(image.Rect(0, 0, o.Width, o.Height), &ebiten.NewImageOptions{Unmanaged: true})
	defer dst.Deallocate()
	cam := s.Camera(float32(o.Width) / float32(o.Height))
	r.Draw(dst, mesh, s.Pose, &cam)
	amb.board.pics.wait(shotPictureWait)
	amb.draw(dst, 1, float64(o.Frames-1)/TickRate)
	out := image.NewRGBA(image.Rect(0, 0, o.Width, o.Height))
	dst.ReadPixels(out.Pix)
	return out
}

// Shot opens a minimal Ebitengine loop, renders m as RenderShot does and
// returns the image.
func Shot(m *avatar.Model, o ShotOptions) (*image.RGBA, error) {
	if o.Width <= 0 || o.Height <= 0 || o.Frames < 1 {
		return nil, fmt.Errorf("engine: shot: bad size %dx%d or frame count %d", o.Width, o.Height, o.Frames)
	}
	g := &shotGame{model: m, opts: o}
	ebiten.SetWindowTitle("kin shot")
	ebiten.SetWindowSize(64, 64)
	ebiten.SetWindowDecorated(false)
	ebiten.SetRunnableOnUnfocused(true)
	if err := ebiten.RunGameWithOptions(g, &ebiten.RunGameOptions{InitUnfocused: true}); err != nil && !errors.Is(err, ebiten.Termination) {
		return nil, fmt.Errorf("engine: shot: %w", err)
	}
	if g.err != nil {
		return nil, g.err
	}
	return g.img, nil
}

// shotGame renders once in its first Update and quits.
type shotGame struct {
	model *avatar.Model
	opts  ShotOptions
	img   *image.RGBA
	err   error
}

func (g *shotGame) Update() error {
	r, err := NewRenderer()
	if err != nil {
		g.err = err
		return ebiten.Termination
	}
	if g.opts.Renderer != BackendAuto { // one picture: nothing to time, so auto is the GPU
		r.Backend = g.opts.Renderer
	}
	g.img = RenderShot(r, Prepare(g.model.Name, g.model), g.opts)
	return ebiten.Termination
}

func (g *shotGame) Draw(*ebiten.Image) {}

func (g *shotGame) Layout(w, h int) (int, int) { return w, h }
