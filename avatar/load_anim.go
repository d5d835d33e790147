package avatar

import (
	"fmt"
	"math"

	"github.com/qmuntal/gltf"
	"github.com/qmuntal/gltf/modeler"
)

// animations reads every animation into a Clip. A channel with bad data is
// an error naming the animation and channel; a channel aimed at no node is
// skipped, as the specification allows.
func (b *builder) animations() error {
	for i, ga := range b.doc.Animations {
		if ga == nil {
			return fmt.Errorf("animation %d: null", i)
		}
		clip := &Clip{Name: ga.Name}
		if clip.Name == "" {
			clip.Name = fmt.Sprintf("animation%d", i)
		}
		for j, gc := range ga.Channels {
			if gc == nil || gc.Target.Node == nil {
				continue
			}
			ch, err := b.channel(ga, gc)
			if err != nil {
				return fmt.Errorf("animation %d (%s) channel %d: %w", i, ga.Name, j, err)
			}
			if n := len(ch.Times); n > 0 {
				clip.Duration = max(clip.Duration, ch.Times[n-1])
			}
			clip.Channels = append(clip.Channels, ch)
		}
		b.m.Clips = append(b.m.Clips, clip)
	}
	return nil
}

func (b *builder) channel(ga *gltf.Animation, gc *gltf.AnimationChannel) (Channel, error) {
	node := *gc.Target.Node
	if node < 0 || node >= len(b.m.Nodes) {
		return Channel{}, fmt.Errorf("target node %d out of range", node)
	}
	if gc.Sampler < 0 || gc.Sampler >= len(ga.Samplers) || ga.Samplers[gc.Sampler] == nil {
		return Channel{}, fmt.Errorf("sampler %d out of range", gc.Sampler)
	}
	s := ga.Samplers[gc.Sampler]
	ch := Channel{Node: node}
	switch gc.Target.Path {
	case gltf.TRSTranslation:
		ch.Path, ch.Width = PathTranslation, 3
	case gltf.TRSRotation:
		ch.Path, ch.Width = PathRotation, 4
	case gltf.TRSScale:
		ch.Path, ch.Width = PathScale, 3
	case gltf.TRSWeights:
		ch.Path, ch.Width = PathWeights, b.targetCount(node)
		if ch.Width == 0 {
			return Channel{}, fmt.Errorf("weights channel on node %d, which has no morph targets", node)
		}
	default:
		return Channel{}, fmt.Errorf("unknown target path %q", gc.Target.Path)
	}
	switch s.Interpolation {
	case gltf.InterpolationStep:
		ch.Interp = InterpStep
	case gltf.InterpolationCubicSpline:
		ch.Interp = InterpCubicSpline
	default:
		ch.Interp = InterpLinear
	}
	var err error
	if ch.Times, err = b.floats(s.Input, "input"); err != nil {
		return Channel{}, err
	}
	if ch.Values, err = b.floats(s.Output, "output"); err != nil {
		return Channel{}, err
	}
	return ch, validateChannel(&ch)
}

// targetCount is the morph target count of the mesh on node n.
func (b *builder) targetCount(n int) int {
	if mi := b.m.Nodes[n].Mesh; mi >= 0 && mi < len(b.m.Meshes) {
		return len(b.m.Meshes[mi].DefaultWeights)
	}
	return 0
}

func validateChannel(ch *Channel) error {
	for k, t := range ch.Times {
		if math.IsNaN(float64(t)) || (k > 0 && t < ch.Times[k-1]) {
			return fmt.Errorf("keyframe times are not ascending at key %d", k)
		}
	}
	per := ch.Width
	if ch.Interp == InterpCubicSpline {
		per *= 3
	}
	if len(ch.Times) == 0 || len(ch.Values) < len(ch.Times)*per {
		return fmt.Errorf("%d output values for %d keyframes of %d floats", len(ch.Values), len(ch.Times), per)
	}
	ch.Values = ch.Values[:len(ch.Times)*per]
	if k := nonFinite(ch.Times); k >= 0 {
		return fmt.Errorf("keyframe time %d is %v, not a finite number; the animation is damaged — re-export it", k, ch.Times[k])
	}
	if k := nonFinite(ch.Values); k >= 0 {
		return fmt.Errorf("output value %d (key %d) is %v, not a finite number; the animation is damaged — re-export it", k, k/per, ch.Values[k])
	}
	return nil
}

// floats reads any accessor as a flat float32 slice, denormalising integer
// components (glTF allows normalised integers for rotations and weights).
func (b *builder) floats(idx int, what string) ([]float32, error) {
	acr, err := b.accessor(idx, what, idx)
	if err != nil {
		return nil, err
	}
	data, err := modeler.ReadAccessor(b.doc, acr, nil)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", what, err)
	}
	return flatten(data)
}

// nonFinite returns the index of the first NaN or infinite value in v, or -1.
func nonFinite(v []float32) int {
	for i, x := range v {
		if math.IsNaN(float64(x)) || math.IsInf(float64(x), 0) {
			return i
		}
	}
	return -1
}
