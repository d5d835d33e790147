package engine

import (
	"image"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
)

// BenchmarkRenderCPU measures the CPU side of a frame of the default avatar
// at 720×1280: projection, culling, sorting and buffer building (posing is
// the avatar package's and is not included).
func BenchmarkRenderCPU(b *testing.B) {
	s := loadScene(b, "rpm-visage-male.glb")
	f := NewFrame(s.Pose)
	cam := s.Camera(720.0 / 1280)
	b.ReportAllocs()
	for b.Loop() {
		f.Build(s.Pose, &cam, 720, 1280)
	}
}

// BenchmarkPose measures posing the default avatar with idle motion and a
// blink (avatar skinning plus the engine's idle), for comparison.
func BenchmarkPose(b *testing.B) {
	s := loadScene(b, "rpm-visage-male.glb")
	b.ReportAllocs()
	for b.Loop() {
		s.Step(1.0 / TickRate)
	}
}

// benchSizes are the window sizes the frame benchmarks draw: kin's default
// window and a tall one.
var benchSizes = []image.Point{{480, 720}, {720, 1280}}

// benchRig is the default avatar adopted by a renderer, drawing into a
// target of one of the benchmark sizes.
type benchRig struct {
	l    *Loaded
	r    *Renderer
	mesh *Mesh
	dst  *ebiten.Image
	px   []byte
}

func newBenchRig(b *testing.B, size image.Point) *benchRig {
	b.Helper()
	l := loadLoaded(b, "rpm-visage-male.glb")
	r, err := NewRenderer()
	if err != nil {
		b.Fatal(err)
	}
	r.Scale = 1
	mesh := r.Adopt(l)
	dst := ebiten.NewImage(size.X, size.Y)
	b.Cleanup(func() { mesh.Dispose(); dst.Deallocate() })
	return &benchRig{l: l, r: r, mesh: mesh, dst: dst, px: make([]byte, 4)}
}

// frame steps the scene, turns the camera far enough for every frame to
// be drawn (slow motion is not, see Renderer.due) and waits for
// the GPU by reading one pixel back.
func (br *benchRig) frame() {
	s := br.l.Scene
	s.Step(1.0 / TickRate)
	s.Orbit.Yaw += 0.05 // several pixels: fast motion, drawn at once (see Renderer.due)
	cam := s.Camera(float32(br.dst.Bounds().Dx()) / float32(br.dst.Bounds().Dy()))
	br.r.Draw(br.dst, br.mesh, s.Pose, &cam)
	br.sync(br.dst)
}

// sync waits until everything drawn into img so far is done.
func (br *benchRig) sync(img *ebiten.Image) {
	img.SubImage(image.Rect(0, 0, 1, 1)).(*ebiten.Image).ReadPixels(br.px)
}

// BenchmarkRenderFrame measures a whole frame on the GPU (llvmpipe under
// Xvfb) at render scale 1, with the camera turning so that every
// iteration draws; each waits for the GPU by reading one pixel back.
func BenchmarkRenderFrame(b *testing.B) {
	for _, size := range benchSizes {
		for _, be := range backends {
			b.Run(sizeName(size)+"/"+be.name, func(b *testing.B) {
				br := newBenchRig(b, size)
				br.r.Backend = be.backend
				for range 10 { // let llvmpipe compile its shader variants
					br.frame()
				}
				drawn := br.r.Drawn
				cpu := startCPU(b)
				for b.Loop() {
					br.frame()
				}
				cpu.report(b)
				if br.r.Drawn-drawn != b.N {
					b.Fatalf("%d of %d iterations drew a frame", br.r.Drawn-drawn, b.N)
				}
			})
		}
	}
}

// backends are the two ways a frame is rendered: the GPU's depth and
// colour passes, or the CPU renderer (see Renderer.Software).
var backends = []struct {
	name    string
	backend Backend
}{{"gpu", BackendGPU}, {"cpu", BackendCPU}}

// BenchmarkRenderPasses times each pass of a frame on its own: the frame
// is drawn once, then one pass is drawn again and again, waiting for the
// GPU each time. "sync" is the wait alone, to subtract from the others.
func BenchmarkRenderPasses(b *testing.B) {
	for _, size := range benchSizes {
		b.Run(sizeName(size), func(b *testing.B) {
			br := newBenchRig(b, size)
			for range 10 {
				br.frame()
			}
			s := br.l.Scene
			r, g := br.r, br.mesh
			s.Orbit.Yaw += 0.05 // a frame that repaints the character's rectangle, as most do
			cam := s.Camera(float32(size.X) / float32(size.Y))
			region, _, sc, _ := r.plan(br.dst, g, s.Pose, &cam)
			passes := []struct {
				name   string
				draw   func()
				target *ebiten.Image
			}{
				{"sync", func() {}, br.dst},
				{"clear", func() { r.clearTargets(g.Frame.Bounds, region) }, r.cbuf},
				{"depth", func() { r.depthPass(g) }, r.depth},
				{"color", func() { r.colorPass(g) }, r.cbuf},
				{"software", func() { r.softPass(g, region) }, r.cbuf},
				{"composite", func() { r.compositeTo(br.dst, region, sc) }, br.dst},
			}
			for _, p := range passes {
				b.Run(p.name, func(b *testing.B) {
					cpu := startCPU(b)
					for b.Loop() {
						p.draw()
						br.sync(p.target)
					}
					cpu.report(b)
				})
			}
		})
	}
}

// cpuMeter reports the process's CPU time per iteration, Mesa's threads
// included: on a shared machine it varies less than the wall time.
type cpuMeter struct{ start procStat }

func startCPU(b *testing.B) cpuMeter {
	st, err := readProcStat()
	if err != nil {
		b.Log(err)
	}
	return cpuMeter{st}
}

func (c cpuMeter) report(b *testing.B) {
	st, err := readProcStat()
	if err != nil || c.start.cpu == 0 {
		return
	}
	b.ReportMetric(float64((st.cpu-c.start.cpu).Microseconds())/1000/float64(b.N), "cpu-ms/op")
	b.ReportMetric(float64(st.minFaults-c.start.minFaults)/float64(b.N), "faults/op")
}

func sizeName(p image.Point) string {
	return itoa(p.X) + "x" + itoa(p.Y)
}

func itoa(i int) string {
	if i == 0 {
		return "0"
	}
	var b [20]byte
	n := len(b)
	for ; i > 0; i /= 10 {
		n--
		b[n] = byte('0' + i%10)
	}
	return string(b[n:])
}
