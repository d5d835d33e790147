package avatar

import (
	"encoding/json"
	"slices"
	"testing"

	"github.com/qmuntal/gltf"
)

// TestMToonTextures: the shade, MatCap and outline-width textures of VRM 1.0 and 0.x
// MToon materials are found (so their images are decoded); other
// materials and malformed extensions add none.
func TestMToonTextures(t *testing.T) {
	tests := []struct {
		name string
		doc  *gltf.Document
		want []int
	}{
		{"vrm1", &gltf.Document{Materials: []*gltf.Material{
			{Extensions: gltf.Extensions{"VRMC_materials_mtoon": json.RawMessage(`{"shadeMultiplyTexture":{"index":2},"matcapTexture":{"index":4},"outlineWidthMultiplyTexture":{"index":5}}`)}},
			{Name: "plain"},
			{Extensions: gltf.Extensions{"VRMC_materials_mtoon": json.RawMessage(`{"shadeMultiplyTexture":7}`)}},
		}}, []int{2, 4, 5}},
		{"vrm0", &gltf.Document{Extensions: gltf.Extensions{"VRM": json.RawMessage(
			`{"materialProperties":[{"textureProperties":{"_MainTex":0,"_ShadeTexture":1,"_SphereAdd":3,"_OutlineWidthTexture":6}},{"textureProperties":{"_MainTex":0}}]}`)}},
			[]int{1, 3, 6}},
		{"none", &gltf.Document{Materials: []*gltf.Material{{Name: "plain"}}}, nil},
	}
	for _, tc := range tests {
		if got := mtoonTextures(tc.doc); !slices.Equal(got, tc.want) {
			t.Errorf("%s: got %v, want %v", tc.name, got, tc.want)
		}
	}
}
