package engine

import (
	"math"

	"github.com/kin-companion/kin/avatar"
)

// expressions drives a model's expressions: one weight per expression,
// turned into morph weights each frame by avatar.ExpressionMap.Apply.
type expressions struct {
	expr    *avatar.ExpressionMap
	weights []float32   // one per expression, set by the scene
	meshW   [][]float32 // per mesh, per target: Apply's output
	blink   int         // index of "blink", or -1
}

func newExpressions(m *avatar.Model) *expressions {
	e := &expressions{expr: m.Expressions, weights: make([]float32, m.Expressions.Len()), blink: m.Expressions.Index("blink")}
	for _, mesh := range m.Meshes {
		e.meshW = append(e.meshW, make([]float32, len(mesh.DefaultWeights)))
	}
	return e
}

// set gives the named expression a weight; it reports whether the model
// has that expression.
func (e *expressions) set(name string, w float32) bool {
	i := e.expr.Index(name)
	if i < 0 {
		return false
	}
	e.weights[i] = w
	return true
}

// apply adds the expressions' morph weights into the pose, after any clip
// has set its own.
func (e *expressions) apply(p *avatar.Pose, blink float32) {
	for _, w := range e.meshW {
		clear(w)
	}
	if e.blink >= 0 {
		user := e.weights[e.blink]
		e.weights[e.blink] = max(user, blink)
		defer func() { e.weights[e.blink] = user }()
	}
	e.expr.Apply(e.weights, e.meshW)
	for n, node := range p.Model.Nodes {
		w := p.Weights[n]
		if w == nil || node.Mesh < 0 {
			continue
		}
		for k, v := range e.meshW[node.Mesh] {
			if k < len(w) && v != 0 {
				w[k] = min(w[k]+v, 1)
			}
		}
	}
}

// blinkAmount returns how closed the eyes are at time t, 0..1: mostly
// single blinks every one to eight seconds, sometimes a double blink (after
// TalkingHead's timing). It is a pure function of time, so shots are
// reproducible.
func blinkAmount(t float64) float64 {
	// Blink slots of pseudo-random length 1..8 s, derived from the slot
	// number so the sequence is stable.
	start, slot, length := 0.0, 0, 0.0
	for {
		length = 1 + 7*hash01(slot)
		if t < start+length {
			break
		}
		start += length
		slot++
		if slot > 100000 {
			return 0
		}
	}
	dt := t - (start + length - 0.6) // blink near the end of the slot
	v := blinkShape(dt)
	if hash01(slot+7919) < 0.15 { // a double blink
		v = math.Max(v, blinkShape(dt-0.3))
	}
	return v
}

// blinkShape is one blink: 60 ms closing, 80 ms closed, 120 ms opening.
func blinkShape(dt float64) float64 {
	switch {
	case dt < 0:
		return 0
	case dt < 0.06:
		return dt / 0.06
	case dt < 0.14:
		return 1
	case dt < 0.26:
		return 1 - (dt-0.14)/0.12
	}
	return 0
}

// hash01 maps an integer to a pseudo-random number in [0, 1).
func hash01(i int) float64 {
	x := uint32(i)*2654435761 + 0x9e3779b9
	x ^= x >> 15
	x *= 0x85ebca6b
	x ^= x >> 13
	return float64(x%10007) / 10007
}
