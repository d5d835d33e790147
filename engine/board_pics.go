package engine

import (
	"errors"
	"fmt"
	"image"
	"image/draw"
	_ "image/jpeg" // the board's pictures
	_ "image/png"
	"io"
	"os"
	"time"

	"github.com/hajimehoshi/ebiten/v2"
	xdraw "golang.org/x/image/draw"
	_ "golang.org/x/image/webp"
)

// Limits on the board's pictures: bigger files are refused, bigger
// pictures scaled down as they load.
const (
	maxPicFile   = 32 << 20 // bytes on disk
	maxPicPixels = 50e6     // width × height, against decompression bombs
	maxPicW      = 1600     // long enough for a 640-pixel board at 2x
	maxPicH      = 4096
)

// boardPics loads the pictures of the board shown (![alt](path)) from the
// file roots, in the background; the board is laid out again as each
// arrives.
type boardPics struct {
	resolve func(string) (string, error)
	m       map[string]*boardPic
	done    chan picLoad
	gen     int // counts resets, so that a late load for an old board is dropped
	pending int
}

// boardPic is one picture: loading, decoded, on the GPU, or failed.
type boardPic struct {
	rgba *image.RGBA
	img  *ebiten.Image
	note string // why it is not shown
}

// picLoad is a finished load.
type picLoad struct {
	gen  int
	src  string
	rgba *image.RGBA
	err  error
}

// reset drops the pictures of the previous board.
func (p *boardPics) reset(host *BoardHost) {
	for _, pic := range p.m {
		if pic.img != nil {
			pic.img.Deallocate()
		}
	}
	p.m, p.pending, p.resolve = nil, 0, nil
	p.gen++
	if host != nil {
		p.resolve = host.Resolve
	}
}

// request starts loading the picture at src, once.
func (p *boardPics) request(src string) {
	if _, ok := p.m[src]; ok {
		return
	}
	if p.m == nil {
		p.m = map[string]*boardPic{}
	}
	if p.resolve == nil {
		p.m[src] = &boardPic{note: "pictures show only from kin's file folders, and none are set"}
		return
	}
	if p.done == nil {
		p.done = make(chan picLoad, 16)
	}
	p.m[src] = &boardPic{note: "loading…"}
	p.pending++
	gen, resolve, done := p.gen, p.resolve, p.done
	go func() {
		rgba, err := loadPicture(src, resolve)
		done <- picLoad{gen, src, rgba, err}
	}()
}

// poll takes finished loads and reports whether one arrived.
func (p *boardPics) poll() bool {
	got := false
	for {
		select {
		case l := <-p.done:
			if l.gen != p.gen {
				continue
			}
			p.pending--
			pic := p.m[l.src]
			pic.rgba, pic.note = l.rgba, ""
			if l.err != nil {
				pic.note = l.err.Error()
			}
			got = true
		default:
			return got
		}
	}
}

// wait waits up to timeout for every picture requested (for pictures
// made offscreen, which have one frame).
func (p *boardPics) wait(timeout time.Duration) {
	deadline := time.Now().Add(timeout)
	for p.pending > 0 && time.Now().Before(deadline) {
		if !p.poll() {
			time.Sleep(5 * time.Millisecond)
		}
	}
}

// get gives the layout the picture at src (see mdPictures).
func (p *boardPics) get(src string) (*ebiten.Image, string) {
	pic, ok := p.m[src]
	switch {
	case !ok:
		return nil, "not loaded"
	case pic.img == nil && pic.rgba != nil:
		pic.img, pic.rgba = ebiten.NewImageFromImage(pic.rgba), nil
	}
	return pic.img, pic.note
}

// loadPicture reads a PNG, JPEG or WebP picture from a path the file
// roots allow, scaled down to at most maxPicW×maxPicH.
func loadPicture(src string, resolve func(string) (string, error)) (*image.RGBA, error) {
	path, err := resolve(src)
	if err != nil {
		return nil, fmt.Errorf("not shown: %w", err)
	}
	f, err := os.Open(path)
	if err != nil {
		if errors.Is(err, os.ErrNotExist) {
			return nil, fmt.Errorf("there is no file at %s", path)
		}
		return nil, fmt.Errorf("cannot read %s: %w", path, err)
	}
	defer f.Close()
	if fi, err := f.Stat(); err == nil && fi.Size() > maxPicFile {
		return nil, fmt.Errorf("%s is %d MB, more than the %d MB a board shows", path, fi.Size()>>20, maxPicFile>>20)
	}
	cfg, format, err := image.DecodeConfig(io.LimitReader(f, maxPicFile))
	if err != nil || (format != "png" && format != "jpeg" && format != "webp") {
		return nil, fmt.Errorf("%s is not a PNG, JPEG or WebP picture", path)
	}
	if float64(cfg.Width)*float64(cfg.Height) > maxPicPixels {
		return nil, fmt.Errorf("%s is %d×%d pixels, too large to show", path, cfg.Width, cfg.Height)
	}
	if _, err := f.Seek(0, io.SeekStart); err != nil {
		return nil, fmt.Errorf("cannot read %s: %w", path, err)
	}
	img, _, err := image.Decode(io.LimitReader(f, maxPicFile))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return fitPicture(img), nil
}

// fitPicture converts img to RGBA, scaled down to fit maxPicW×maxPicH.
func fitPicture(img image.Image) *image.RGBA {
	b := img.Bounds()
	k := min(1, float64(maxPicW)/float64(b.Dx()), float64(maxPicH)/float64(b.Dy()))
	w, h := max(1, int(float64(b.Dx())*k)), max(1, int(float64(b.Dy())*k))
	out := image.NewRGBA(image.Rect(0, 0, w, h))
	if k == 1 {
		draw.Draw(out, out.Bounds(), img, b.Min, draw.Src)
	} else {
		xdraw.ApproxBiLinear.Scale(out, out.Bounds(), img, b, xdraw.Src, nil)
	}
	return out
}
