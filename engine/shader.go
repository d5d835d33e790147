package engine

import (
	"fmt"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/kin-companion/kin/shaders"
)

// programs holds the compiled shaders.
type programs struct {
	depthCoarse, depthFine, color, composite *ebiten.Shader
}

// compileShaders compiles every shader of package shaders.
func compileShaders() (*programs, error) {
	out := make(map[string]*ebiten.Shader, len(shaders.Names))
	for _, name := range shaders.Names {
		src, err := shaders.Source(name)
		if err != nil {
			return nil, err
		}
		s, err := ebiten.NewShader(src)
		if err != nil {
			return nil, fmt.Errorf("engine: compile shader %s: %w", name, err)
		}
		out[name] = s
	}
	return &programs{
		depthCoarse: out[shaders.DepthCoarse], depthFine: out[shaders.DepthFine],
		color: out[shaders.Color], composite: out[shaders.Composite],
	}, nil
}

// minBlend keeps the smaller value per channel: the depth passes' test.
var minBlend = ebiten.Blend{
	BlendFactorSourceRGB: ebiten.BlendFactorOne, BlendFactorSourceAlpha: ebiten.BlendFactorOne,
	BlendFactorDestinationRGB: ebiten.BlendFactorOne, BlendFactorDestinationAlpha: ebiten.BlendFactorOne,
	BlendOperationRGB: ebiten.BlendOperationMin, BlendOperationAlpha: ebiten.BlendOperationMin,
}
