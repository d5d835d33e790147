package avatar

import (
	"math"
	"strings"
	"testing"
)

// TestMToon reads a VRM 1.0 MToon material and a VRM 0.x one from small
// hand-written files.
func TestMToon(t *testing.T) {
	vrm1 := `{"asset":{"version":"2.0"},"extensionsUsed":["VRMC_materials_mtoon"],
	 "materials":[{"name":"skin","extensions":{"VRMC_materials_mtoon":{"specVersion":"1.0",
	  "shadeColorFactor":[0.5,0.4,0.3],"shadingShiftFactor":-0.2,"shadingToonyFactor":0.8,
	  "parametricRimColorFactor":[1,0,0],"rimLightingMixFactor":0.5,"outlineWidthMode":"worldCoordinates",
	  "outlineWidthFactor":0.002,"outlineColorFactor":[0.1,0.1,0.1],"shadeMultiplyTexture":{"index":0},
	  "outlineWidthMultiplyTexture":{"index":0}}}}]}`
	vrm0 := `{"asset":{"version":"2.0"},"extensionsUsed":["VRM"],"materials":[{"name":"hair"}],
	 "extensions":{"VRM":{"materialProperties":[{"name":"hair","shader":"VRM/MToon",
	  "floatProperties":{"_ShadeShift":0.2,"_ShadeToony":0.5,"_OutlineWidth":0.3,"_OutlineWidthMode":1,"_RimFresnelPower":3},
	  "vectorProperties":{"_ShadeColor":[0.5,0.5,0.5,1],"_RimColor":[1,1,1,1]}}]}}}`
	tests := []struct {
		name, doc string
		check     func(mt *MToon) bool
	}{
		{"VRMC_materials_mtoon", vrm1, func(mt *MToon) bool {
			return mt.ShadeColor == [3]float32{0.5, 0.4, 0.3} && mt.ShadingShift == -0.2 && mt.ShadingToony == 0.8 &&
				mt.RimColor == [3]float32{1, 0, 0} && mt.RimLightingMix == 0.5 && mt.RimFresnelPower == 5 &&
				mt.OutlineMode == OutlineWorld && mt.OutlineWidth == 0.002 && mt.ShadeTexture != nil && mt.ShadeTexture.Texture == 0 &&
				mt.OutlineWidthTexture != nil && mt.OutlineWidthTexture.Texture == 0
		}},
		{"VRM 0.x MToon", vrm0, func(mt *MToon) bool {
			// toony 0.5 → lerp(0.5, 1, 0.6) = 0.8; shift −0.2 − (1 − 0.8) = −0.4
			return approx32(mt.ShadingToony, 0.8) && approx32(mt.ShadingShift, -0.4) &&
				approx32(mt.ShadeColor[0], float32(math.Pow(0.5, 2.2))) && mt.RimColor == [3]float32{1, 1, 1} &&
				mt.RimFresnelPower == 3 && mt.OutlineMode == OutlineWorld && approx32(mt.OutlineWidth, 0.003) && mt.ShadeTexture == nil
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m, err := LoadReader(strings.NewReader(tt.doc), "mtoon.gltf")
			if err != nil {
				t.Fatal(err)
			}
			mat := m.Materials[0]
			if !mat.Toon || mat.MToon == nil {
				t.Fatalf("material %+v has no MToon parameters", mat)
			}
			if !tt.check(mat.MToon) {
				t.Errorf("got %s", mat.MToon)
			}
		})
	}
}

func approx32(a, b float32) bool { return math.Abs(float64(a-b)) < 1e-4 }
