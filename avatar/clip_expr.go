package avatar

import "math"

// clipExpressions sets the expression weights of the playing clip's
// expression tracks (a VRM animation's), faded with the gesture.
func (g *gesturePlayer) clipExpressions(em *ExpressionMap, f *face) {
	env := g.envelope()
	if g.clip == nil || len(g.clip.Expressions) == 0 || env <= 0 || em == nil {
		return
	}
	t := g.t
	if g.loop && g.dur > 0 {
		t = float32(math.Mod(float64(t), float64(g.dur)))
	}
	t = min(t, g.clip.Duration)
	var v [1]float32
	for i := range g.clip.Expressions {
		e := &g.clip.Expressions[i]
		idx := em.Index(e.Name)
		if idx < 0 || len(e.Times) == 0 {
			continue
		}
		e.eval(t, v[:])
		f.setExpr(idx, clamp01(v[0])*env)
	}
}
