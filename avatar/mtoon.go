package avatar

import (
	"fmt"
	"math"
)

// MToon is the part of VRM's toon material a renderer needs to look like
// MToon, in VRMC_materials_mtoon 1.0 terms (VRM 0.x properties are
// converted as three-vrm does). Colours are linear RGB.
//
// What a renderer does with them (the engine's part): light the base colour
// with a hard-edged ramp — shading = smoothstep(-1+Toony, 1-Toony,
// N·L + ShadingShift), colour = mix(ShadeColor×ShadeTexture, BaseColor,
// shading) — add a rim of RimColor × pow(1 − N·V + RimLift,
// RimFresnelPower) (and MatcapFactor × MatcapTexture sampled by the view
// normal), and draw an inverted-hull outline of OutlineWidth (metres in
// world mode, a fraction of the screen height in screen mode) in
// OutlineColor.
type MToon struct {
	ShadeColor   [3]float32
	ShadeTexture *TextureRef
	// ShadingShift moves the light/shade boundary (−1..1); ShadingToony
	// (0..1) makes it harder.
	ShadingShift, ShadingToony float32
	// GIEqualization (0..1) flattens ambient light.
	GIEqualization float32
	MatcapFactor   [3]float32
	MatcapTexture  *TextureRef
	RimColor       [3]float32
	// RimFresnelPower sharpens the rim, RimLift widens it, RimLightingMix
	// (0..1) lets the scene's light tint it.
	RimFresnelPower, RimLift, RimLightingMix float32
	RimTexture                               *TextureRef
	// OutlineMode is "none", "worldCoordinates" or "screenCoordinates".
	OutlineMode  string
	OutlineWidth float32
	// OutlineWidthTexture scales the width at each vertex by its green
	// channel (VRM 1.0's outlineWidthMultiplyTexture; VRM 0.x's
	// _OutlineWidthTexture, a grey mask, so green is its red).
	OutlineWidthTexture *TextureRef
	OutlineColor        [3]float32
	OutlineLightingMix  float32
}

// Outline width modes of VRMC_materials_mtoon.
const (
	OutlineNone   = "none"
	OutlineWorld  = "worldCoordinates"
	OutlineScreen = "screenCoordinates"
)

type mtoonTex struct {
	Index    *int `json:"index"`
	TexCoord int  `json:"texCoord"`
}

type vrm1MToon struct {
	ShadeColorFactor                *[3]float32 `json:"shadeColorFactor"`
	ShadeMultiplyTexture            *mtoonTex   `json:"shadeMultiplyTexture"`
	ShadingShiftFactor              *float32    `json:"shadingShiftFactor"`
	ShadingToonyFactor              *float32    `json:"shadingToonyFactor"`
	GIEqualizationFactor            *float32    `json:"giEqualizationFactor"`
	MatcapFactor                    *[3]float32 `json:"matcapFactor"`
	MatcapTexture                   *mtoonTex   `json:"matcapTexture"`
	ParametricRimColorFactor        *[3]float32 `json:"parametricRimColorFactor"`
	ParametricRimFresnelPowerFactor *float32    `json:"parametricRimFresnelPowerFactor"`
	ParametricRimLiftFactor         *float32    `json:"parametricRimLiftFactor"`
	RimMultiplyTexture              *mtoonTex   `json:"rimMultiplyTexture"`
	RimLightingMixFactor            *float32    `json:"rimLightingMixFactor"`
	OutlineWidthMode                string      `json:"outlineWidthMode"`
	OutlineWidthFactor              *float32    `json:"outlineWidthFactor"`
	OutlineColorFactor              *[3]float32 `json:"outlineColorFactor"`
	OutlineLightingMixFactor        *float32    `json:"outlineLightingMixFactor"`
	OutlineWidthMultiplyTexture     *mtoonTex   `json:"outlineWidthMultiplyTexture"`
}

// readMToon1 reads VRMC_materials_mtoon with the specification's defaults.
// Texture indices are kept as written; the renderer checks them against
// Model.Textures.
func readMToon1(data []byte) (*MToon, error) {
	var x vrm1MToon
	if err := decodeField(data, &x, "VRMC_materials_mtoon"); err != nil {
		return nil, err
	}
	mode := x.OutlineWidthMode
	switch mode {
	case OutlineWorld, OutlineScreen:
	default:
		mode = OutlineNone
	}
	return &MToon{
		ShadeColor:          rgbOr(x.ShadeColorFactor, [3]float32{}),
		ShadeTexture:        x.ShadeMultiplyTexture.ref(),
		ShadingShift:        optFloatOr(x.ShadingShiftFactor, 0),
		ShadingToony:        optFloatOr(x.ShadingToonyFactor, 0.9),
		GIEqualization:      optFloatOr(x.GIEqualizationFactor, 0.9),
		MatcapFactor:        rgbOr(x.MatcapFactor, [3]float32{1, 1, 1}),
		MatcapTexture:       x.MatcapTexture.ref(),
		RimColor:            rgbOr(x.ParametricRimColorFactor, [3]float32{}),
		RimFresnelPower:     optFloatOr(x.ParametricRimFresnelPowerFactor, 5),
		RimLift:             optFloatOr(x.ParametricRimLiftFactor, 0),
		RimLightingMix:      optFloatOr(x.RimLightingMixFactor, 1),
		RimTexture:          x.RimMultiplyTexture.ref(),
		OutlineMode:         mode,
		OutlineWidth:        optFloatOr(x.OutlineWidthFactor, 0),
		OutlineWidthTexture: x.OutlineWidthMultiplyTexture.ref(),
		OutlineColor:        rgbOr(x.OutlineColorFactor, [3]float32{}),
		OutlineLightingMix:  optFloatOr(x.OutlineLightingMixFactor, 1),
	}, nil
}

func (t *mtoonTex) ref() *TextureRef {
	if t == nil || t.Index == nil || *t.Index < 0 {
		return nil
	}
	return &TextureRef{Texture: *t.Index, TexCoord: t.TexCoord, Transform: UVTransform{Scale: [2]float32{1, 1}}}
}

func rgbOr(p *[3]float32, def [3]float32) [3]float32 {
	if p == nil {
		return def
	}
	return *p
}

// vrm0MToon converts a VRM 0.x MToon material's properties the way
// three-vrm's v0 compatibility does: colours from gamma to linear, the
// shade shift and toony re-expressed, the outline width from centimetres
// to metres, a matcap only when _SphereAdd is set. Textures out of range
// (of nTex) are dropped.
func vrm0MToon(p vrm0Material, nTex int) *MToon {
	f := func(name string, def float32) float32 {
		if v, ok := p.FloatProperties[name]; ok {
			return v
		}
		return def
	}
	tex := func(name string) *TextureRef {
		i, ok := p.TextureProperties[name]
		if !ok || i < 0 || i >= nTex {
			return nil
		}
		return &TextureRef{Texture: i, Transform: UVTransform{Scale: [2]float32{1, 1}}}
	}
	shift, toony := f("_ShadeShift", 0), f("_ShadeToony", 0.9)
	toony = toony + (1-toony)*(0.5+0.5*shift)
	mt := &MToon{
		ShadeColor:   gammaRGB(p.VectorProperties["_ShadeColor"], [3]float32{0.97, 0.81, 0.86}),
		ShadeTexture: tex("_ShadeTexture"),
		ShadingShift: -shift - (1 - toony), ShadingToony: toony,
		GIEqualization:  1 - f("_IndirectLightIntensity", 0.1),
		MatcapTexture:   tex("_SphereAdd"),
		RimColor:        gammaRGB(p.VectorProperties["_RimColor"], [3]float32{}),
		RimFresnelPower: f("_RimFresnelPower", 1), RimLift: f("_RimLift", 0),
		RimLightingMix:      f("_RimLightingMix", 0),
		RimTexture:          tex("_RimTexture"),
		OutlineMode:         vrm0OutlineMode(f("_OutlineWidthMode", 0)),
		OutlineWidth:        0.01 * f("_OutlineWidth", 0),
		OutlineWidthTexture: tex("_OutlineWidthTexture"),
		OutlineColor:        gammaRGB(p.VectorProperties["_OutlineColor"], [3]float32{}),
	}
	if mt.MatcapTexture != nil {
		mt.MatcapFactor = [3]float32{1, 1, 1}
	}
	if f("_OutlineColorMode", 0) == 1 {
		mt.OutlineLightingMix = f("_OutlineLightingMix", 1)
	}
	return mt
}

func vrm0OutlineMode(v float32) string {
	switch v {
	case 1:
		return OutlineWorld
	case 2:
		return OutlineScreen
	}
	return OutlineNone
}

// gammaRGB converts the first three components of a VRM 0.x colour (or
// def when there are fewer than three) from gamma 2.2 to linear.
func gammaRGB(v []float32, def [3]float32) [3]float32 {
	if len(v) < 3 {
		v = def[:]
	}
	var out [3]float32
	for i := range out {
		out[i] = float32(math.Pow(float64(max(v[i], 0)), 2.2))
	}
	return out
}

// String describes the material's toon look in a line, for logs.
func (mt *MToon) String() string {
	return fmt.Sprintf("mtoon shade=%v shift=%.2f toony=%.2f rim=%v outline=%s %.4f", mt.ShadeColor, mt.ShadingShift, mt.ShadingToony, mt.RimColor, mt.OutlineMode, mt.OutlineWidth)
}
