package engine

import (
	"os"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
)

// TestMain runs the tests inside the Ebitengine loop, which reading pixels
// back needs. Run them under Xvfb: xvfb-run -a go test ./engine/
func TestMain(m *testing.M) {
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
