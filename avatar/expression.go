package avatar

import (
	"slices"
	"strings"
)

// MorphBind is one morph target an expression moves.
type MorphBind struct {
	Mesh   int     // index into Model.Meshes
	Target int     // morph target index within that mesh
	Weight float32 // target weight at full expression, 0..1
}

// Override says how an active expression suppresses the blink, look-at or
// mouth expressions (VRM 1.0 overrideBlink / overrideLookAt / overrideMouth).
type Override uint8

// The VRM 1.0 override types.
const (
	OverrideNone  Override = iota // no effect
	OverrideBlock                 // any weight above 0 suppresses fully
	OverrideBlend                 // suppresses in proportion to the weight
)

// Expression is a named facial expression bound to morph targets.
type Expression struct {
	Name  string
	Binds []MorphBind
	// IsBinary snaps the weight: above 0.5 is 1, otherwise 0.
	IsBinary bool
	// OverrideBlink, OverrideLookAt and OverrideMouth say how this
	// expression suppresses the other expressions of each category.
	OverrideBlink, OverrideLookAt, OverrideMouth Override
	// Unsupported names the kinds of bind the file gives that kin does not
	// apply yet, such as "materialColorBinds" or "textureTransformBinds".
	Unsupported []string
}

// category groups the preset expressions that overrides act on.
type category uint8

const (
	catNone category = iota
	catBlink
	catLookAt
	catMouth
)

// categoryOf returns the override category of an expression name.
func categoryOf(name string) category {
	switch name {
	case "blink", "blinkLeft", "blinkRight":
		return catBlink
	case "lookUp", "lookDown", "lookLeft", "lookRight":
		return catLookAt
	case "aa", "ih", "ou", "ee", "oh":
		return catMouth
	}
	return catNone
}

// ExpressionMap is a model's set of expressions, addressed by index for the
// per-frame [ExpressionMap.Apply] and by name everywhere else. A nil
// *ExpressionMap is an empty map. It is read-only once built.
type ExpressionMap struct {
	exprs  []Expression
	cats   []category
	byName map[string]int
	byFold map[string]int // lowercased name -> first index
	names  []string       // sorted names with at least one bind
}

// NewExpressionMap builds a map over exprs in the given order, which fixes
// each expression's index. When two expressions share a name the first is
// kept and the later one dropped.
func NewExpressionMap(exprs []Expression) *ExpressionMap {
	e := &ExpressionMap{byName: map[string]int{}, byFold: map[string]int{}}
	for _, x := range exprs {
		if _, dup := e.byName[x.Name]; dup {
			continue
		}
		i := len(e.exprs)
		e.exprs = append(e.exprs, x)
		e.cats = append(e.cats, categoryOf(x.Name))
		e.byName[x.Name] = i
		if _, ok := e.byFold[strings.ToLower(x.Name)]; !ok {
			e.byFold[strings.ToLower(x.Name)] = i
		}
		if len(x.Binds) > 0 {
			e.names = append(e.names, x.Name)
		}
	}
	slices.Sort(e.names)
	return e
}

// Len returns the number of expressions, bound or not; weights passed to
// [ExpressionMap.Apply] are indexed 0..Len()-1.
func (e *ExpressionMap) Len() int {
	if e == nil {
		return 0
	}
	return len(e.exprs)
}

// Names returns, sorted, the names of the expressions kin can drive: those
// with at least one morph target bind. The slice is the caller's.
func (e *ExpressionMap) Names() []string {
	if e == nil {
		return nil
	}
	return slices.Clone(e.names)
}

// Index returns the index of the named expression, or -1. An exact match
// wins; otherwise the first name equal ignoring case is used.
func (e *ExpressionMap) Index(name string) int {
	if e == nil {
		return -1
	}
	if i, ok := e.byName[name]; ok {
		return i
	}
	if i, ok := e.byFold[strings.ToLower(name)]; ok {
		return i
	}
	return -1
}

// Get returns the named expression (see [ExpressionMap.Index]), or nil.
// The result must not be modified.
func (e *ExpressionMap) Get(name string) *Expression {
	return e.At(e.Index(name))
}

// At returns expression i, or nil when i is out of range. The result must
// not be modified.
func (e *ExpressionMap) At(i int) *Expression {
	if i < 0 || i >= e.Len() {
		return nil
	}
	return &e.exprs[i]
}

// Apply adds the expressions' morph weights into out (out[mesh][target])
// and clamps every entry it touched to [0,1]. weights holds one value per
// expression index, clamped to [0,1]; missing entries count as 0. Apply
// follows VRM 1.0 (three-vrm's VRMExpressionManager):
//
//   - an isBinary expression outputs 1 when its weight is above 0.5, else 0;
//   - per category (blink: blink/blinkLeft/blinkRight; lookAt: lookUp/
//     lookDown/lookLeft/lookRight; mouth: aa/ih/ou/ee/oh) the multiplier is
//     max(0, 1 − Σ override), where each expression adds 1 for "block" when
//     its output is above 0 and its output for "blend";
//   - expressions of a category are scaled by its multiplier, and an isBinary
//     one scaled below 1 outputs 0.
//
// Binds that fall outside out are skipped. Apply does not allocate.
func (e *ExpressionMap) Apply(weights []float32, out [][]float32) {
	if e == nil {
		return
	}
	mult := e.multipliers(weights)
	for i := range e.exprs {
		if w := e.effective(i, weights, &mult); w != 0 {
			for _, b := range e.exprs[i].Binds {
				if p := bindSlot(out, b); p != nil {
					*p += b.Weight * w
				}
			}
		}
	}
	for i := range e.exprs {
		if e.effective(i, weights, &mult) != 0 {
			for _, b := range e.exprs[i].Binds {
				if p := bindSlot(out, b); p != nil {
					*p = clamp01(*p)
				}
			}
		}
	}
}

// output is expression i's weight after clamping and isBinary snapping.
func (e *ExpressionMap) output(i int, weights []float32) float32 {
	if i >= len(weights) {
		return 0
	}
	w := clamp01(weights[i])
	if e.exprs[i].IsBinary {
		if w > 0.5 {
			return 1
		}
		return 0
	}
	return w
}

// multipliers returns the override multiplier per category.
func (e *ExpressionMap) multipliers(weights []float32) [4]float32 {
	var sum [4]float32
	for i := range e.exprs {
		w := e.output(i, weights)
		if w == 0 {
			continue
		}
		x := &e.exprs[i]
		sum[catBlink] += overrideAmount(x.OverrideBlink, w)
		sum[catLookAt] += overrideAmount(x.OverrideLookAt, w)
		sum[catMouth] += overrideAmount(x.OverrideMouth, w)
	}
	m := [4]float32{catNone: 1}
	for c := catBlink; c <= catMouth; c++ {
		m[c] = max(0, 1-sum[c])
	}
	return m
}

// effective is expression i's weight after overrides.
func (e *ExpressionMap) effective(i int, weights []float32, mult *[4]float32) float32 {
	w := e.output(i, weights) * mult[e.cats[i]]
	if e.exprs[i].IsBinary && w < 1 {
		return 0
	}
	return w
}

func overrideAmount(o Override, w float32) float32 {
	switch o {
	case OverrideBlock:
		if w > 0 {
			return 1
		}
	case OverrideBlend:
		return w
	}
	return 0
}

// bindSlot returns the out entry b writes, or nil when out lacks it.
func bindSlot(out [][]float32, b MorphBind) *float32 {
	if b.Mesh < 0 || b.Mesh >= len(out) || b.Target < 0 || b.Target >= len(out[b.Mesh]) {
		return nil
	}
	return &out[b.Mesh][b.Target]
}

func clamp01(x float32) float32 {
	return min(max(x, 0), 1)
}
