package engine

import (
	"encoding/json"
	"os"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/kin-companion/kin/avatar"
)

// TestMain runs the tests inside the Ebitengine loop, which reading pixels
// back needs. Run them under Xvfb: xvfb-run -a go test ./engine/
//
// With $KIN_TEST_BENCH set the test binary is a child of a test instead
// (see benchChild): it runs BenchFrame, which needs a game loop of its own.
func TestMain(m *testing.M) {
	if spec := os.Getenv(benchChildEnv); spec != "" {
		os.Exit(benchChild(spec))
	}
	if model := os.Getenv(deskFitEnv); model != "" {
		os.Exit(deskFitChild(model))
	}
	if os.Getenv(ambientChildEnv) != "" {
		os.Exit(ambientChild())
	}
	g := &testGame{m: m}
	ebiten.SetWindowSize(64, 64)
	ebiten.SetRunnableOnUnfocused(true)
	if err := ebiten.RunGame(g); err != nil && err != ebiten.Termination {
		panic(err)
	}
	os.Exit(g.code)
}

type testGame struct {
	m    *testing.M
	code int
}

func (g *testGame) Update() error {
	g.code = g.m.Run()
	return ebiten.Termination
}

func (g *testGame) Draw(*ebiten.Image) {}

func (g *testGame) Layout(w, h int) (int, int) { return w, h }

// benchChildEnv names the variable that makes the test binary a
// BenchFrame child; its value is a JSON benchSpec.
const benchChildEnv = "KIN_TEST_BENCH"

// benchSpec is what a BenchFrame child measures.
type benchSpec struct {
	ModelPath    string
	Options      BenchOptions
	GlibcDefault bool // put glibc's malloc thresholds back first (the state without kin's tuning)
	// ShotPath, when set, is where the child writes what the X screen shows
	// of its window as the measured time ends, as a PNG (see windowShot).
	ShotPath string
}

// benchChild runs BenchFrame as spec says and prints the result as JSON.
func benchChild(spec string) int {
	var s benchSpec
	if err := json.Unmarshal([]byte(spec), &s); err != nil {
		os.Stderr.WriteString("bad " + benchChildEnv + ": " + err.Error() + "\n")
		return 2
	}
	if s.GlibcDefault {
		setMalloc(glibcMalloc)
	}
	m, err := avatar.Load(s.ModelPath)
	if err != nil {
		os.Stderr.WriteString(err.Error() + "\n")
		return 1
	}
	s.Options.Model = m
	if s.ShotPath != "" {
		s.Options.End = func() { windowShot(s.ShotPath) }
	}
	res, err := BenchFrame(s.Options)
	if err != nil {
		os.Stderr.WriteString(err.Error() + "\n")
		return 1
	}
	if err := json.NewEncoder(os.Stdout).Encode(res); err != nil {
		return 1
	}
	return 0
}
