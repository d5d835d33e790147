package engine

import (
	"fmt"
	"image/color"
	"sort"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"
	"github.com/kin-companion/kin/avatar"
)

// debugMorphs is how many of the strongest morph weights F1 lists.
const debugMorphs = 10

var emotionOrder = []string{"concern", "celebration", "patience", "curiosity", "empathy", "neutral"}

var emotionColors = map[string]color.RGBA{
	"concern": {230, 110, 90, 255}, "celebration": {250, 200, 80, 255}, "patience": {120, 170, 230, 255},
	"curiosity": {150, 220, 130, 255}, "empathy": {220, 140, 220, 255}, "neutral": {170, 170, 180, 255},
}

// drawDebug draws the F1 overlay: emotion bars, the active gesture, the
// strongest morph weights, head angles and the frame rate; beside them the
// session's run stats and the last voice turn's latency. It allocates
// (text formatting), but only while it is shown.
func (g *Game) drawDebug(dst *ebiten.Image) {
	st := g.scene.Char.State()
	face, s := g.ui.face, float32(g.ui.s)
	x, y := 12*s, 12*s
	vector.FillRect(dst, 6*s, 6*s, 250*s, 330*s, color.RGBA{12, 12, 18, 190}, true)
	line := func(str string, c color.Color) {
		op := &text.DrawOptions{}
		op.GeoM.Translate(float64(x), float64(y))
		op.ColorScale.ScaleWithColor(c)
		text.Draw(dst, str, face, op)
		y += 19 * s
	}
	line(fmt.Sprintf("%.0f FPS  %.0f TPS  render scale %.1f", ebiten.ActualFPS(), ebiten.ActualTPS(), g.r.scale()), color.White)
	for _, name := range emotionOrder {
		v := float32(st.Emotions[name])
		vector.FillRect(dst, x+90*s, y+3*s, 140*s, 11*s, color.RGBA{40, 40, 50, 255}, true)
		vector.FillRect(dst, x+90*s, y+3*s, 140*s*v, 11*s, emotionColors[name], true)
		line(name, color.RGBA{220, 220, 225, 255})
	}
	gesture := st.Gesture
	if gesture == "" {
		gesture = "–"
	}
	line("gesture: "+gesture, color.White)
	line(fmt.Sprintf("head tilt %.1f° lean %.3f yaw %.1f°", st.Head.TiltDeg, st.Head.LeanRad, st.Head.YawDeg), color.White)
	for _, m := range strongest(st, debugMorphs) {
		line(fmt.Sprintf("%-18s %.2f", m.name, m.w), color.RGBA{190, 200, 220, 255})
	}
	g.runStats.draw(dst, face, s, 262*s, 6*s) // beside: the session's run stats
}

type morphWeight struct {
	name string
	w    float64
}

// strongest returns the n largest non-zero morph weights.
func strongest(st avatar.State, n int) []morphWeight {
	var out []morphWeight
	for name, w := range st.Morphs {
		if w > 0.005 {
			out = append(out, morphWeight{name, w})
		}
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].w != out[j].w {
			return out[i].w > out[j].w
		}
		return out[i].name < out[j].name
	})
	return out[:min(n, len(out))]
}
