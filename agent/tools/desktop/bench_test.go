package desktop

import (
	"bytes"
	"context"
	"image/jpeg"
	"image/png"
	"math/rand/v2"
	"syscall"
	"testing"
	"time"

	"github.com/jezek/xgb/xproto"
)

// fakeDesktop paints a desktop-like 1920x1080 picture behind a full-screen
// window: flat panels, lines of small "text", and a noisy photo area, so
// encoding costs what it would on a real screen.
func fakeDesktop(b testing.TB) {
	tw := newTestWin(b, needX(b), "kin bench desktop", 0, 0, 1920, 1080, 0x303030, 0)
	c := tw.c
	screen := xproto.Setup(c).DefaultScreen(c)
	pm, err := xproto.NewPixmapId(c)
	if err != nil {
		b.Fatal(err)
	}
	xproto.CreatePixmap(c, screen.RootDepth, pm, xproto.Drawable(tw.id), 1920, 1080)
	gc, _ := xproto.NewGcontextId(c)
	xproto.CreateGC(c, gc, xproto.Drawable(pm), 0, nil)
	pix := desktopPixels(1920, 1080)
	const rows = 30 // 30 rows of 7680 bytes fit one request
	for y := 0; y < 1080; y += rows {
		xproto.PutImage(c, xproto.ImageFormatZPixmap, xproto.Drawable(pm), gc, 1920, rows, 0, int16(y),
			0, screen.RootDepth, pix[y*1920*4:(y+rows)*1920*4])
	}
	xproto.ChangeWindowAttributes(c, tw.id, xproto.CwBackPixmap, []uint32{uint32(pm)})
	xproto.ClearArea(c, false, tw.id, 0, 0, 0, 0)
	if _, err := xproto.GetInputFocus(c).Reply(); err != nil {
		b.Fatal(err)
	}
}

// desktopPixels draws the fake desktop as BGRX bytes.
func desktopPixels(w, h int) []byte {
	rng := rand.New(rand.NewPCG(1, 2))
	pix := make([]byte, w*h*4)
	set := func(x, y int, r, g, b byte) {
		i := (y*w + x) * 4
		pix[i], pix[i+1], pix[i+2] = b, g, r
	}
	for y := range h {
		for x := range w {
			switch {
			case y < 32: // top panel
				set(x, y, 40, 40, 48)
			case x > 1100 && y > 200 && y < 900: // a photo: gradient and grain
				n := byte(rng.IntN(40))
				set(x, y, byte(x/8)+n, byte(y/5)+n, byte((x+y)/12)+n)
			default: // a white document with lines of text-like marks
				v := byte(250)
				if (y/18)%2 == 0 && y%18 > 4 && x%900 > 60 && rng.IntN(3) == 0 {
					v = 30
				}
				set(x, y, v, v, v)
			}
		}
	}
	return pix
}

// BenchmarkScreenshot is the whole screenshot tool on a 1920x1080 Xvfb:
// capture, scale to 1568x882, encode, as the model gets it.
func BenchmarkScreenshot(b *testing.B) {
	fakeDesktop(b)
	d := newDesktop(b)
	tool := d.screenshotTool()
	ctx := context.Background()
	var size int
	defer cpuPerOp(b)()
	for b.Loop() {
		r, err := tool.RunResult(ctx, nil)
		if err != nil {
			b.Fatal(err)
		}
		size = len(r.Images[0].Data)
	}
	b.ReportMetric(float64(size), "jpeg-bytes")
}

// cpuPerOp reports the process's CPU time per iteration when the returned
// function runs: on a busy machine wall time says little about the code.
func cpuPerOp(b *testing.B) func() {
	var start syscall.Rusage
	_ = syscall.Getrusage(syscall.RUSAGE_SELF, &start)
	return func() {
		var end syscall.Rusage
		_ = syscall.Getrusage(syscall.RUSAGE_SELF, &end)
		used := time.Duration(end.Utime.Nano() + end.Stime.Nano() - start.Utime.Nano() - start.Stime.Nano())
		b.ReportMetric(float64(used.Milliseconds())/float64(b.N), "cpu-ms/op")
	}
}

// BenchmarkScreenshotStages times each stage apart, and PNG for comparison.
func BenchmarkScreenshotStages(b *testing.B) {
	fakeDesktop(b)
	d := newDesktop(b)
	x, err := d.conn(context.Background())
	if err != nil {
		b.Fatal(err)
	}
	p, err := x.capture(x.screenRect())
	if err != nil {
		b.Fatal(err)
	}
	img := p.scaled(1568, 882)
	b.Run("capture", func(b *testing.B) {
		for b.Loop() {
			if _, err := x.capture(x.screenRect()); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("scale", func(b *testing.B) {
		for b.Loop() {
			p.scaled(1568, 882)
		}
	})
	b.Run("jpeg", func(b *testing.B) {
		var buf bytes.Buffer
		for b.Loop() {
			buf.Reset()
			_ = jpeg.Encode(&buf, img, &jpeg.Options{Quality: jpegQuality})
		}
		b.ReportMetric(float64(buf.Len()), "bytes")
	})
	b.Run("png-bestspeed", func(b *testing.B) {
		var buf bytes.Buffer
		enc := png.Encoder{CompressionLevel: png.BestSpeed}
		for b.Loop() {
			buf.Reset()
			_ = enc.Encode(&buf, img)
		}
		b.ReportMetric(float64(buf.Len()), "bytes")
	})
}
