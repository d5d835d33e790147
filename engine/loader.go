package engine

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"path"
	"sync/atomic"

	"github.com/kin-companion/kin/avatar"
	"github.com/kin-companion/kin/avatar/doctor"
)

// Loaded is a model prepared off the game loop: loaded, posed, framed and
// with its textures converted, ready for [Renderer.Adopt].
type Loaded struct {
	Name  string
	Scene *Scene
	alpha []*alphaHit    // per material slot, see alphaMaps
	clips []*avatar.Clip // the clip sources retargeted onto the model
}

// Prepare builds the scene of a loaded model: the CPU half of loading,
// safe on any goroutine. Textures are converted later, level by level, as
// draws need them.
func Prepare(name string, m *avatar.Model) *Loaded {
	return &Loaded{Name: name, Scene: NewScene(m), alpha: alphaMaps(m)}
}

// loadResult is what a loader goroutine sends back to Update.
type loadResult struct {
	name   string
	loaded *Loaded
	err    error
	// advice is the avatar doctor's summary when the model has problems a
	// user would notice ("" when it is fine).
	advice string
}

// loader loads one model at a time in a goroutine and reports progress.
type loader struct {
	results chan loadResult
	name    string       // the file being loaded, "" when idle
	read    atomic.Int64 // bytes read so far
	size    int64        // file size, 0 when unknown
}

func newLoader() *loader {
	return &loader{results: make(chan loadResult, 1)}
}

// busy reports whether a load is under way.
func (l *loader) busy() bool { return l.name != "" }

// progress returns the fraction of the file read, 0..1.
func (l *loader) progress() float64 {
	if l.size <= 0 {
		return 0
	}
	return min(float64(l.read.Load())/float64(l.size), 1)
}

// errBusy is returned when a second file arrives while one is loading.
var errBusy = errors.New("still loading the previous model")

// start loads name from fsys in a goroutine and retargets the clips of
// clipSrcs onto it. Its result arrives on l.results; Update drains it.
func (l *loader) start(fsys fs.FS, name string, clipSrcs []*avatar.Model) error {
	if l.busy() {
		return errBusy
	}
	l.name, l.size = path.Base(name), 0
	l.read.Store(0)
	if st, err := fs.Stat(fsys, name); err == nil {
		l.size = st.Size()
	}
	go func() {
		m, err := avatar.LoadFS(countingFS{fsys, &l.read}, name)
		if err != nil {
			l.results <- loadResult{name: path.Base(name), err: err}
			return
		}
		res := loadResult{name: path.Base(name), loaded: Prepare(path.Base(name), m)}
		res.loaded.clips = clipsFor(clipSrcs, m)
		if rep := doctor.ExamineModel(m); len(rep.Errors)+len(rep.Warnings) > 0 {
			rep.File = path.Base(name)
			res.advice = rep.Summary()
		}
		l.results <- res
	}()
	return nil
}

// poll returns a finished load, if any, without blocking.
func (l *loader) poll() (loadResult, bool) {
	select {
	case r := <-l.results:
		l.name = ""
		return r, true
	default:
		return loadResult{}, false
	}
}

// firstFile returns the first regular file at the root of a dropped FS.
func firstFile(fsys fs.FS) (string, error) {
	entries, err := fs.ReadDir(fsys, ".")
	if err != nil {
		return "", fmt.Errorf("engine: dropped files: %w", err)
	}
	for _, e := range entries {
		if !e.IsDir() {
			return e.Name(), nil
		}
	}
	return "", errors.New("engine: dropped files: no file to open (drop a .glb, .gltf or .vrm character, or a .vrma animation)")
}

// countingFS counts the bytes read through it, for progress.
type countingFS struct {
	fs.FS
	n *atomic.Int64
}

func (c countingFS) Open(name string) (fs.File, error) {
	f, err := c.FS.Open(name)
	if err != nil {
		return nil, err
	}
	return countingFile{f, c.n}, nil
}

type countingFile struct {
	fs.File
	n *atomic.Int64
}

func (c countingFile) Read(p []byte) (int, error) {
	n, err := c.File.Read(p)
	c.n.Add(int64(n))
	return n, err
}

var _ io.Reader = countingFile{}
